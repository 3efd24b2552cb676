/**
 * One generation run: load → emit (the schema job beside it) → check or write, timing each phase. Nothing is written unless
 * every stage succeeded.
 */
import { noCache, openCache, partsDirOf } from './speed/cache.js';
import { cacheRootOf } from './speed/cache-root.js';
import type { Config } from './config/index.js';
import { generatorFingerprint, inputKey, writeManifest } from './speed/manifest.js';
import { resolve } from 'node:path';
import { readTree } from './lib/read-tree.js';
import { forgetJoins, RunMemory, setKeeping } from './speed/incremental.js';
import { SchemaChannel } from './speed/schema-parts.js';
import { isError, type Diagnostic } from './lib/diagnostics.js';
import { displayPath, formatProblems } from './lib/report.js';
import { emitters, type EmitterEntry } from './emit/index.js';
import type { EmitContext } from './emit/shared/types.js';
import { loadProject, withSchemaProblems, type LoadResult } from './load/index.js';
import type { SchemaJobDocument, SchemaJobResult } from './speed/schema-job.js';
import type { Model } from './model/index.js';
import type { ReleaseView } from './lifecycle/release/history.js';
import type { ReleasesModel } from './model/releases.js';
import { describeChanges, diffAgainstDisk, OutputMemory, planOutputs, RECORD, samePathsAs, writeOutputs, type Change, type OutputFile } from './write/index.js';

const NO_SCHEMA_JOB: SchemaJobResult = { problems: [], files: [], emitProblems: [], samples: {}, timings: {} };

export interface GenerateOptions {
  /** Compare with disk and write nothing. */
  readonly check?: boolean;
  /** In-memory replacements for spec files (tests). */
  readonly overrides?: ReadonlyMap<string, string>;
  /** Where format results are cached; `false` disables the cache. */
  readonly cacheDir?: string | false;
  /** What a long-lived process (the watch loop) keeps from one run to the next; see {@link watchSession}. */
  readonly session?: WatchSession;
}

/**
 * The state a watch loop carries between runs of one config. It only ever saves work: a run with it gives
 * exactly what a run without it gives.
 */
export interface WatchSession {
  /** What the output folder holds, as far as this process knows (the watcher makes it forget changed files). */
  readonly output: OutputMemory;
  /** What the last run read and made, which the next one reuses where nothing changed (see incremental.ts). */
  readonly memory: RunMemory;
  /**
   * The manifest of the last run that wrote (the fast path of a later process: see manifest.ts), written once
   * the loop has been idle for a moment, or when `flush` is called: saves in quick succession do not each
   * hash and record every output they changed. A manifest not written at all only costs a later process a
   * full run (it checks the outputs against what the manifest records).
   */
  readonly manifest: Deferred;
}

/** One piece of work, done a moment after it was last asked for, or when flushed. */
export class Deferred {
  #work: (() => void) | undefined;
  #timer: NodeJS.Timeout | undefined;
  constructor(private readonly delayMs: number) {}
  /** Do `work` once nothing else was asked for during the delay (instead of what was asked before). */
  schedule(work: () => void): void {
    clearTimeout(this.#timer);
    this.#work = work;
    this.#timer = setTimeout(() => this.flush(), this.delayMs);
    this.#timer.unref();
  }
  /** Do what is waiting, now. */
  flush(): void {
    clearTimeout(this.#timer);
    const work = this.#work;
    this.#work = undefined;
    work?.();
  }
}

export function watchSession(config: Config): WatchSession {
  return { output: new OutputMemory(resolve(config.root, config.out)), memory: new RunMemory(), manifest: new Deferred(1000) };
}

export interface GenerateResult {
  readonly ok: boolean;
  readonly changes: readonly Change[];
  readonly files: readonly OutputFile[];
  /** Milliseconds per phase of the main thread, in run order (`schemas`: waiting for the schema job). */
  readonly timings: Readonly<Record<string, number>>;
  /** Milliseconds the schema job spent on each part, beside the main thread when it has its own. */
  readonly background?: Readonly<Record<string, number>>;
  /**
   * Every problem found: errors (when `ok` is false because of the spec) and warnings (which never stop a
   * run), sorted by file and place. Files are relative to the project root.
   */
  readonly problems: readonly Diagnostic[];
  /** The outcome in one line or a few: what was written, the stale report of `--check`, or why nothing was. */
  readonly headline: string;
  /** `headline` and the problems (each error, the warnings by kind): what the command prints. */
  readonly report: string;
  readonly model?: Model;
  /** Files the load read (for watchers). */
  readonly inputs: readonly string[];
}


/** Emitted files with their output named, by the emitted file (an emitter's kept file stays the same object). */
const named = new WeakMap<OutputFile, OutputFile>();

function ofOutput(f: OutputFile, output: string): OutputFile {
  let done = named.get(f);
  if (done?.output !== output) named.set(f, (done = { ...f, output }));
  return done;
}

/** The headline of a run stopped by errors in the spec. */
function specHeadline(problems: readonly Diagnostic[], outLabel: string): string {
  const n = problems.filter(isError).length;
  return `${n} problem${n === 1 ? '' : 's'} in the spec; ${outLabel}/ was left untouched.`;
}

type Outcome = Omit<GenerateResult, 'report' | 'changes' | 'files'> & Partial<Pick<GenerateResult, 'changes' | 'files'>>;

/** A result with its report: the headline, then every error and the warnings by kind. */
function finish(outcome: Outcome): GenerateResult {
  const problems = formatProblems(outcome.problems);
  return { changes: [], files: [], ...outcome, report: problems ? `${outcome.headline}\n${problems}` : outcome.headline };
}

export async function generate(config: Config, options: GenerateOptions = {}): Promise<GenerateResult> {
  // Only a watch session's run keeps what it computes for the next (see incremental.ts isKeeping).
  setKeeping(options.session !== undefined);
  try {
    return await run(config, options);
  } finally {
    // A run without a watch session keeps no whole outputs for a next one.
    if (!options.session) forgetJoins();
  }
}

async function run(config: Config, options: GenerateOptions): Promise<GenerateResult> {
  const timings: Record<string, number> = {};
  let background: Record<string, number> | undefined;
  const time = async <T>(phase: string, fn: () => T | Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await fn();
    } finally {
      timings[phase] = (timings[phase] ?? 0) + Math.round((performance.now() - t0) * 10) / 10;
    }
  };
  const outDir = resolve(config.root, config.out);
  const outLabel = displayPath(outDir, config.root);
  // A watch session's memory of the last run; a run without one remembers nothing.
  const remembered = options.session?.memory ?? new RunMemory();

  const cacheRoot = cacheRootOf(config.root, options.cacheDir);
  // What the cache holds was computed by this generator: its parts live under the generator's fingerprint.
  const partsDir = cacheRoot ? partsDirOf(cacheRoot, generatorFingerprint()) : undefined;
  const cache = partsDir ? openCache(partsDir) : noCache;
  // The project's own spec is always held to its examples. A foreign document's schemas and examples are
  // checked when an output uses them; a client alone needs neither (and its authors own its examples).
  const checked = config.strict || config.emit.some((o) => o === 'validators' || o === 'mock' || o === 'docs');
  // Started first: on its own thread, the schema job's start-up overlaps the load, and each document is
  // checked there as soon as the load has bundled it. (Loaded only when used, as the emitters, the release
  // record and the YAML parsers are: a run loads what its outputs need.)
  const runner = checked ? (await import('./speed/schema-thread.js')).schemaRunner() : undefined;
  const typed = config.emit.some((o) => o === 'client' || o === 'server' || o === 'mock' || o === 'package');
  // A watch session's jobs are sent only what changed since its last one (schema/parts.ts).
  let channel: SchemaChannel | undefined;
  if (runner && options.session) {
    channel = remembered.recall<SchemaChannel>('schema channel');
    if (!channel) remembered.remember('schema channel', (channel = new SchemaChannel()));
  }
  const started = runner?.start(
    { strict: config.strict, validators: config.emit.includes('validators'), samples: config.emit.includes('mock'), ...(partsDir ? { cacheDir: partsDir } : { noCache: true }) },
    cache,
    channel,
  );
  let loaded: LoadResult;
  try {
    loaded = await time('load', () =>
      loadProject(config, { cache, memory: remembered, ...(options.overrides ? { overrides: options.overrides } : {}), ...(started ? { onSchemaDocument: (d: SchemaJobDocument) => started.add(d) } : {}) }),
    );
  } catch (e) {
    started?.cancel();
    throw e;
  }
  const validators = config.emit.includes('validators') && loaded.model !== undefined;
  // On its own thread the job returns at once; in this thread it has done its work when `finish` returns.
  const { job } = await time('schemas', () => ({ job: started ? started.finish(validators) : Promise.resolve(NO_SCHEMA_JOB) }));
  // Collected below; until then a failure must not count as unhandled.
  job.catch(() => undefined);
  // The value types are started now (json-schema-to-typescript loads while this thread waits on files and
  // modules); the client (or server, package) emitter takes the source over. Naming the types and making the
  // library's inputs is the types phase.
  const model = loaded.model;
  if (typed && model) await time('types', async () => void (await import('./emit/shared/context.js')).startTypes(model, cache));
  if (!loaded.model) {
    const all = withSchemaProblems(config, loaded, await time('schemas', () => job));
    return finish({ ok: false, problems: all, headline: specHeadline(all, outLabel), timings, inputs: loaded.files });
  }

  // The release record: the version the package carries, the changelog, and the bump the spec now calls for.
  const { readRecord, recordFiles, ReleaseError } = await import('./lifecycle/release/record.js');
  let releases: ReleaseView | undefined;
  let releaseNote: ((view: ReleaseView) => string) | undefined;
  let releasesModel: ((view: ReleaseView) => ReleasesModel) | undefined;
  try {
    releases = await time('release', async () => {
      const record = readRecord(config);
      if (!record) return undefined;
      const history = await import('./lifecycle/release/history.js');
      releaseNote = history.releaseNote;
      releasesModel = history.releasesModel;
      return history.releaseView(record, loaded.model!);
    });
  } catch (e) {
    if (!(e instanceof ReleaseError)) throw e;
    await job.catch(() => undefined);
    const problem: Diagnostic = { code: 'release-record-invalid', message: e.message, ...(config.releasesDir ? { file: config.releasesDir } : {}) };
    return finish({ ok: false, problems: [problem], headline: `The release record cannot be used; ${outLabel}/ was left untouched.`, timings, model: loaded.model, inputs: loaded.files });
  }
  const inputs = [...loaded.files, ...recordFiles(config)];
  const note = releases && releaseNote ? `\n${releaseNote(releases)}` : '';

  const ctx: EmitContext = {
    cache,
    memory: remembered,
    config,
    model: loaded.model,
    ...(releases ? { releases: releasesModel!(releases) } : {}),
    runtime: new Map([...readTree('runtime', /\.(ts|py|go)$/), ...readTree('tools', /\.ts$/)]),
    templates: readTree('templates', /\.(hbs|md|json|ts|js|vue|css)$/),
    ...(partsDir ? { cacheDir: partsDir } : {}),
  };
  const emitted: OutputFile[] = [];
  const problems: Diagnostic[] = [];
  // An emitter may trip over what the schema job reports (an example that does not match its schema): the
  // job's report comes first, and the emitter's failure counts only when the job found nothing.
  let failure: unknown;
  const run = async (entry: EmitterEntry, context: EmitContext) => {
    if (!config.emit.includes(entry.name) || failure !== undefined) return;
    try {
      // Loading the emitter's modules counts in its phase: it is what asking for that output costs.
      for (const f of await time(entry.name, async () => (await entry.load()).emit(context))) emitted.push(ofOutput(f, entry.name));
    } catch (e) {
      const list = (e as { diagnostics?: Diagnostic[] }).diagnostics;
      if (list) problems.push(...list.filter((d) => !problems.includes(d)));
      else failure = e;
    }
  };
  for (const emitter of emitters) if (!emitter.afterSchemas) await run(emitter, ctx);
  // Waiting for the schema thread: what its work did not overlap.
  const schemas = await time('schemas', () => job);
  if (runner?.threaded) background = schemas.timings;
  for (const emitter of emitters) if (emitter.afterSchemas) await run(emitter, { ...ctx, samples: schemas.samples });
  const all = withSchemaProblems(config, loaded, schemas);
  const base = { timings, background, model: loaded.model, inputs };
  if (all.some(isError)) return finish({ ...base, ok: false, problems: all, headline: specHeadline(all, outLabel) });
  if (failure !== undefined) throw failure;
  problems.push(...schemas.emitProblems);
  if (problems.length) {
    return finish({ ...base, ok: false, problems: [...problems, ...all], headline: `${problems.length} problem${problems.length === 1 ? '' : 's'}; ${outLabel}/ was left untouched.` });
  }
  const produced = [...emitted, ...schemas.files.map((f) => ofOutput(f, 'validators'))];
  const memory = options.session?.output.outDir === outDir ? options.session.output : undefined;
  // (The paths of the last files planned, in the same order, were checked then.)
  if (!samePathsAs(produced, memory?.lastPlan?.files)) {
    const seen = new Set<string>();
    for (const f of produced) {
      if (seen.has(f.path)) throw new Error(`two emitters produced ${f.path}`);
      seen.add(f.path);
    }
  }
  const plan = await time(options.check ? 'check' : 'write', () => planOutputs(outDir, produced, config.emit, memory));
  if (plan.clobbered.length) {
    const shown = plan.clobbered.slice(0, 5).map((p) => `  ${outLabel}/${p}`);
    const headline = `${outLabel}/ holds files noderpc did not write (it has no ${RECORD} record), and ${plan.clobbered.length} of them would be overwritten:\n${shown.join('\n')}${plan.clobbered.length > 5 ? '\n  ...' : ''}\nNothing was written. Choose an empty or new folder with --out, or move those files away.`;
    return finish({ ...base, ok: false, problems: all, headline });
  }
  const files = plan.files;
  const foreign = plan.untracked.length
    ? `\n${plan.untracked.length} file${plan.untracked.length === 1 ? '' : 's'} in ${outLabel}/ not written by noderpc, left alone: ${plan.untracked.slice(0, 5).join(', ')}${plan.untracked.length > 5 ? ', ...' : ''}`
    : '';

  if (options.check) {
    if (cacheRoot) await time('check', () => writeManifest(cacheRoot, config, inputKey(config, inputs, loaded.texts), inputs, files, note.trim() || undefined));
    const changes = await time('check', () => diffAgainstDisk(outDir, files, plan.owned));
    const headline = (changes.length ? await describeChanges(outDir, outLabel, files, changes) : `${outLabel}/ is up to date (${files.length} files).`) + foreign + note;
    return finish({ ...base, ok: changes.length === 0, problems: all, changes, files, headline });
  }
  // Written first, so that the manifest hashes the bytes written rather than encoding the texts again (a run
  // that writes its manifest now: see below).
  const written = cacheRoot && !options.session ? new Map<string, Uint8Array>() : undefined;
  const changes = await time('write', () => writeOutputs(outDir, files, plan.owned, memory, written, plan.removed));
  if (cacheRoot) {
    // The key of the texts this run read, not of the files as they are by now (a save during the run).
    const key = await time('write', () => inputKey(config, inputs, loaded.texts));
    // A watch session records its manifest once it is idle (see WatchSession.manifest).
    if (options.session) options.session.manifest.schedule(() => writeManifest(cacheRoot, config, key, inputs, files, note.trim() || undefined));
    else await time('write', () => writeManifest(cacheRoot, config, key, inputs, files, note.trim() || undefined, written));
  }
  const counts = { added: 0, changed: 0, removed: 0 };
  for (const c of changes) counts[c.kind]++;
  const headline =
    (changes.length
      ? `${outLabel}/: ${counts.added} added, ${counts.changed} changed, ${counts.removed} removed (${files.length} files).`
      : `${outLabel}/ already up to date (${files.length} files).`) + foreign + note;
  return finish({ ...base, ok: true, problems: all, changes, files, headline });
}

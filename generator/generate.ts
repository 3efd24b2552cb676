/**
 * One generation run, the whole flow: load -> model -> emit (the schema job beside it) -> check or write,
 * timing each phase. Nothing is written unless every stage succeeded. What makes a run fast (the cache, the
 * schema thread, a watch session's memory) is set up and kept by speed/.
 */
import { resolve } from 'node:path';
import type { Config } from './config/index.js';
import { emitAll, ofOutput } from './emit/run.js';
import type { EmitContext } from './emit/shared/types.js';
import { isError, type Diagnostic } from './lib/diagnostics.js';
import type { OutputFile } from './lib/output-file.js';
import { Phases } from './lib/phases.js';
import { readTree } from './lib/read-tree.js';
import { displayPath, formatProblems } from './lib/report.js';
import { loadProject, withSchemaProblems, type LoadResult } from './load/index.js';
import type { Model } from './model/index.js';
import { startRun } from './speed/run-start.js';
import type { SchemaJobDocument, SchemaJobResult } from './speed/schema-job.js';
import type { WatchSession } from './speed/session.js';
import type { Change } from './write/index.js';
import { writeRun } from './write/run.js';

export { Deferred, watchSession, type WatchSession } from './speed/session.js';

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
  const phases = new Phases();
  const timings = phases.timings;
  const outDir = resolve(config.root, config.out);
  const outLabel = displayPath(outDir, config.root);
  const start = await startRun(config, options);
  const { cache, memory } = start;

  // Load: read, bundle and check every document, and build the model. Each document goes to the schema job
  // as soon as it is bundled.
  let loaded: LoadResult;
  try {
    loaded = await phases.time('load', () =>
      loadProject(config, { cache, memory, ...(options.overrides ? { overrides: options.overrides } : {}), ...(start.job ? { onSchemaDocument: (d: SchemaJobDocument) => start.job!.add(d) } : {}) }),
    );
  } catch (e) {
    start.job?.cancel();
    throw e;
  }
  const validators = config.emit.includes('validators') && loaded.model !== undefined;
  // On its own thread the job returns at once; in this thread it has done its work when `finish` returns.
  const { job } = await phases.time('schemas', () => ({ job: start.job ? start.job.finish(validators) : Promise.resolve(NO_SCHEMA_JOB) }));
  // Collected below; until then a failure must not count as unhandled.
  job.catch(() => undefined);
  const model = loaded.model;
  if (!model) {
    const all = withSchemaProblems(config, loaded, await phases.time('schemas', () => job));
    return finish({ ok: false, problems: all, headline: specHeadline(all, outLabel), timings, inputs: loaded.files });
  }
  // The value types are started now (json-schema-to-typescript loads while this thread waits on files and
  // modules); the client (or server, package) emitter takes the source over.
  if (config.emit.some((o) => o === 'client' || o === 'server' || o === 'mock' || o === 'package')) {
    await phases.time('types', async () => void (await import('./emit/shared/context.js')).startTypes(model, cache, memory));
  }
  const release = await phases.time('release', async () => (await import('./lifecycle/release/run.js')).releasesForRun(config, model));
  if (!release.ok) {
    await job.catch(() => undefined);
    return finish({ ok: false, problems: [release.problem], headline: `The release record cannot be used; ${outLabel}/ was left untouched.`, timings, model, inputs: loaded.files });
  }
  const inputs = [...loaded.files, ...release.files];

  // Emit: every asked-for output from the model.
  const ctx: EmitContext = {
    cache,
    memory,
    config,
    model,
    ...(release.releases ? { releases: release.releases } : {}),
    runtime: new Map([...readTree('runtime', /\.(ts|py|go)$/), ...readTree('tools', /\.ts$/)]),
    templates: readTree('templates', /\.(hbs|md|json|ts|js|vue|css)$/),
    ...(start.partsDir ? { cacheDir: start.partsDir } : {}),
  };
  const emitted = await emitAll(ctx, phases, job);
  const { schemas } = emitted;
  const all = withSchemaProblems(config, loaded, schemas);
  const base = { timings, ...(start.runner?.threaded ? { background: schemas.timings } : {}), model, inputs };
  if (all.some(isError)) return finish({ ...base, ok: false, problems: all, headline: specHeadline(all, outLabel) });
  if (emitted.failure !== undefined) throw emitted.failure;
  const problems = [...emitted.problems, ...schemas.emitProblems];
  if (problems.length) {
    return finish({ ...base, ok: false, problems: [...problems, ...all], headline: `${problems.length} problem${problems.length === 1 ? '' : 's'}; ${outLabel}/ was left untouched.` });
  }

  // Write (or check): the produced files against the output folder.
  const produced = [...emitted.files, ...schemas.files.map((f) => ofOutput(f, 'validators'))];
  const written = await writeRun(
    { config, outDir, outLabel, produced, check: options.check === true, ...(options.session ? { session: options.session } : {}), ...(start.cacheRoot ? { cacheRoot: start.cacheRoot } : {}), inputs, texts: loaded.texts, note: release.note },
    phases,
  );
  return finish({ ...base, ...written, problems: all });
}

/**
 * One generation run: load → emit (the schema job beside it) → check or write, timing each phase. Nothing is written unless
 * every stage succeeded.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { noCache, openCache, partsDirOf } from './cache.js';
import type { Config } from './config.js';
import { generatorFingerprint, writeManifest } from './manifest.js';
import { GENERATOR_ROOT } from './root.js';
import { formatDiagnostic, isError, type Diagnostic } from './diagnostics.js';
import { emitters } from './emit/index.js';
import type { EmitContext } from './emit/types.js';
import { loadProject, withSchemaProblems } from './load/index.js';
import type { SchemaJobOutput } from './schema/job.js';
import { schemaRunner } from './schema/thread.js';
import type { Model } from './model.js';
import { describeChanges, diffAgainstDisk, planOutputs, RECORD, relativeLabel, writeOutputs, type Change, type OutputFile } from './write.js';

const NO_SCHEMA_JOB: SchemaJobOutput = { problems: [], files: [], emitProblems: [], timings: {} };

export interface GenerateOptions {
  /** Compare with disk and write nothing. */
  readonly check?: boolean;
  /** In-memory replacements for spec files (tests). */
  readonly overrides?: ReadonlyMap<string, string>;
  /** Where format results are cached; `false` disables the cache. */
  readonly cacheDir?: string | false;
}

export interface GenerateResult {
  readonly ok: boolean;
  readonly problems: readonly Diagnostic[];
  readonly changes: readonly Change[];
  readonly files: readonly OutputFile[];
  /** Milliseconds per phase of the main thread, in run order (`schemas`: waiting for the schema job). */
  readonly timings: Readonly<Record<string, number>>;
  /** Milliseconds the schema job spent on each part, beside the main thread when it has its own. */
  readonly background?: Readonly<Record<string, number>>;
  /** Human-readable outcome: problems, the stale report of `--check`, or a summary of what was written. */
  readonly report: string;
  readonly model?: Model;
  /** Files the load read (for watchers). */
  readonly inputs: readonly string[];
}


/** The warnings of a load, shortened: the first few in full, then a count. */
function warningsNote(problems: readonly Diagnostic[], shown = 10): string {
  const warnings = problems.filter((p) => !isError(p));
  if (!warnings.length) return '';
  const more = warnings.length > shown ? `\n  ... and ${warnings.length - shown} more` : '';
  return `\n${warnings.length} warning${warnings.length === 1 ? '' : 's'} (the document's own examples or lint; generation went ahead):\n${warnings
    .slice(0, shown)
    .map((w) => `  ${formatDiagnostic(w)}`)
    .join('\n')}${more}`;
}

/** The report of a spec with errors: each error with its place, then the warnings. */
function specReport(errors: readonly Diagnostic[], all: readonly Diagnostic[], outLabel: string): string {
  return `${errors.length} problem${errors.length === 1 ? '' : 's'} in the spec; ${outLabel}/ was left untouched.\n${errors.map(formatDiagnostic).join('\n')}${warningsNote(all)}`;
}

/** Text files below `dir` of the generator's own tree, keyed by their path relative to that tree. */
function readTree(dir: string, pattern: RegExp): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (abs: string, rel: string) => {
    let names: string[];
    try {
      names = readdirSync(abs, { withFileTypes: true }).map((d) => (d.isDirectory() ? `${d.name}/` : d.name));
    } catch {
      return;
    }
    for (const name of names.sort()) {
      if (name.endsWith('/')) walk(join(abs, name), `${rel}${name}`);
      else if (pattern.test(name)) out.set(`${rel}${name}`, readFileSync(join(abs, name), 'utf8'));
    }
  };
  walk(resolve(GENERATOR_ROOT, dir), `${dir}/`);
  return out;
}

/** Where the cache lives for a run: `node_modules/.cache/noderpc` of the project, unless told otherwise. */
export function cacheRootOf(config: Config, cacheDir: string | false | undefined): string | undefined {
  return cacheDir === false ? undefined : (cacheDir ?? resolve(config.root, 'node_modules/.cache/noderpc'));
}

export async function generate(config: Config, options: GenerateOptions = {}): Promise<GenerateResult> {
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
  const outLabel = relativeLabel(config.root, outDir);

  const cacheRoot = cacheRootOf(config, options.cacheDir);
  // What the cache holds was computed by this generator: its parts live under the generator's fingerprint.
  const partsDir = cacheRoot ? partsDirOf(cacheRoot, generatorFingerprint()) : undefined;
  const cache = partsDir ? openCache(partsDir) : noCache;
  // The project's own spec is always held to its examples. A foreign document's schemas and examples are
  // checked when an output uses them; a client alone needs neither (and its authors own its examples).
  const checked = config.strict || config.emit.some((o) => o === 'validators' || o === 'mock' || o === 'docs');
  // Started first: on its own thread, the schema job's start-up overlaps the load.
  const runner = checked ? schemaRunner() : undefined;
  const loaded = await time('load', () => loadProject(config, { cache, ...(options.overrides ? { overrides: options.overrides } : {}) }));
  const validators = config.emit.includes('validators') && loaded.model !== undefined;
  // On its own thread the job returns at once; in this thread it has done its work when `run` returns.
  const { job } = await time('schemas', () => ({
    job: runner
      ? runner.run({ documents: loaded.schemaDocuments, strict: config.strict, validators, ...(partsDir ? { cacheDir: partsDir } : { noCache: true }) }, cache)
      : Promise.resolve(NO_SCHEMA_JOB),
  }));
  // Collected below; until then a failure must not count as unhandled.
  job.catch(() => undefined);
  if (!loaded.model) {
    const all = withSchemaProblems(config, loaded, await time('schemas', () => job));
    const errors = all.filter(isError);
    return { ok: false, problems: errors, changes: [], files: [], timings, report: specReport(errors, all, outLabel), inputs: loaded.files };
  }

  const ctx: EmitContext = {
    cache,
    config,
    model: loaded.model,
    runtime: readTree('runtime', /\.ts$/),
    templates: readTree('templates', /\.(hbs|md|json|ts|js|vue|css)$/),
    ...(partsDir ? { cacheDir: partsDir } : {}),
  };
  const emitted: OutputFile[] = [];
  const problems: Diagnostic[] = [];
  // An emitter may trip over what the schema job reports (an example that does not match its schema): the
  // job's report comes first, and the emitter's failure counts only when the job found nothing.
  let failure: unknown;
  for (const emitter of emitters) {
    if (!config.emit.includes(emitter.name)) continue;
    try {
      for (const f of await time(emitter.name, () => emitter.emit(ctx))) emitted.push({ ...f, output: emitter.name });
    } catch (e) {
      const list = (e as { diagnostics?: Diagnostic[] }).diagnostics;
      if (list) problems.push(...list);
      else {
        failure = e;
        break;
      }
    }
  }
  // Waiting for the schema thread: what its work did not overlap.
  const schemas = await time('schemas', () => job);
  if (runner?.threaded) background = schemas.timings;
  const all = withSchemaProblems(config, loaded, schemas);
  const specErrors = all.filter(isError);
  if (specErrors.length) {
    return { ok: false, problems: specErrors, changes: [], files: [], timings, background, report: specReport(specErrors, all, outLabel), model: loaded.model, inputs: loaded.files };
  }
  if (failure !== undefined) throw failure;
  const warnings = warningsNote(all);
  problems.push(...schemas.emitProblems);
  if (problems.length) {
    const report = `${problems.length} problem${problems.length === 1 ? '' : 's'}; ${outLabel}/ was left untouched.\n${problems.map(formatDiagnostic).join('\n')}`;
    return { ok: false, problems, changes: [], files: [], timings, background, report, model: loaded.model, inputs: loaded.files };
  }
  const produced = [...emitted, ...schemas.files.map((f) => ({ ...f, output: 'validators' }))];
  const seen = new Set<string>();
  for (const f of produced) {
    if (seen.has(f.path)) throw new Error(`two emitters produced ${f.path}`);
    seen.add(f.path);
  }
  const plan = await time(options.check ? 'check' : 'write', () => planOutputs(outDir, produced, config.emit));
  if (plan.clobbered.length) {
    const shown = plan.clobbered.slice(0, 5).map((p) => `  ${outLabel}/${p}`);
    const report = `${outLabel}/ holds files noderpc did not write (it has no ${RECORD} record), and ${plan.clobbered.length} of them would be overwritten:\n${shown.join('\n')}${plan.clobbered.length > 5 ? '\n  ...' : ''}\nNothing was written. Choose an empty or new folder with --out, or move those files away.`;
    return { ok: false, problems: [], changes: [], files: [], timings, background, report, model: loaded.model, inputs: loaded.files };
  }
  const files = plan.files;
  const foreign = plan.untracked.length
    ? `\n${plan.untracked.length} file${plan.untracked.length === 1 ? '' : 's'} in ${outLabel}/ not written by noderpc, left alone: ${plan.untracked.slice(0, 5).join(', ')}${plan.untracked.length > 5 ? ', ...' : ''}`
    : '';

  if (cacheRoot) await time(options.check ? 'check' : 'write', () => writeManifest(cacheRoot, config, loaded.files, files));
  if (options.check) {
    const changes = await time('check', () => diffAgainstDisk(outDir, files, plan.owned));
    const report = (changes.length ? describeChanges(outDir, outLabel, files, changes) : `${outLabel}/ is up to date (${files.length} files).`) + foreign + warnings;
    return { ok: changes.length === 0, problems: [], changes, files, timings, background, report, model: loaded.model, inputs: loaded.files };
  }
  const changes = await time('write', () => writeOutputs(outDir, files, plan.owned));
  const counts = { added: 0, changed: 0, removed: 0 };
  for (const c of changes) counts[c.kind]++;
  const report =
    (changes.length
      ? `${outLabel}/: ${counts.added} added, ${counts.changed} changed, ${counts.removed} removed (${files.length} files).`
      : `${outLabel}/ already up to date (${files.length} files).`) + foreign + warnings;
  return { ok: true, problems: [], changes, files, timings, background, report, model: loaded.model, inputs: loaded.files };
}

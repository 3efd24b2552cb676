/**
 * noderpc's programmatic API: what `noderpc generate` does, as a function (`import { generate } from
 * 'noderpc'`). It returns every problem as a value (errors and warnings, each with its file, line, column and
 * JSON pointer), every file it produced, and the time of each phase; it writes the output folder only when
 * the run succeeded (or nothing at all with `check` or `write: false`).
 */
import { resolve } from 'node:path';
import { generate as run } from './generate.js';
import { findConfigFile, readConfigFile, resolveConfig, type Config, type RawConfig } from './config/index.js';
import type { Diagnostic } from './lib/diagnostics.js';

export type { Diagnostic } from './lib/diagnostics.js';
export type { Config, RawConfig } from './config/index.js';
export { ConfigError } from './config/index.js';
export { formatDiagnostic } from './lib/diagnostics.js';

export interface GenerateOptions extends RawConfig {
  /**
   * The project folder: the config's documents, `out` and `schemas` are relative to it (default: the folder
   * of the nearest noderpc.config.json at or above `process.cwd()` when no `documents` are given, else
   * `process.cwd()`).
   */
  readonly root?: string;
  /** Read noderpc.config.json from `root` (or the nearest one above it) and apply these options over it. Default: when no `documents` are given. */
  readonly useConfigFile?: boolean;
  /** Compare with the output folder and write nothing: `ok` is false when it is stale. */
  readonly check?: boolean;
  /** Produce the files in memory only (`files`), writing nothing. */
  readonly write?: boolean;
  /** The cache folder, or `false` for none (default: the project's node_modules/.cache/noderpc, else the user cache folder). */
  readonly cache?: string | false;
}

export interface GenerateResult {
  /** False when there was an error (in `problems`), or, with `check`, when the output is stale. */
  readonly ok: boolean;
  /** Every problem, errors and warnings, sorted by file and place (files relative to `root`). */
  readonly problems: readonly Diagnostic[];
  /** Every file of the output, relative to the output folder, with its contents (empty when the run failed). */
  readonly files: readonly { readonly path: string; readonly contents: string }[];
  /** What writing changed (or, with `check`, would change) in the output folder. */
  readonly changes: readonly { readonly path: string; readonly kind: 'added' | 'changed' | 'removed' }[];
  /** Milliseconds per phase, in run order. */
  readonly timings: Readonly<Record<string, number>>;
  /** The outcome as the command prints it (warnings counted by kind). */
  readonly report: string;
  /** The resolved config of the run. */
  readonly config: Config;
}

/** Runs one generation. Never throws for a problem in the documents: those are in `problems`. */
export async function generate(options: GenerateOptions = {}): Promise<GenerateResult> {
  const { root, useConfigFile, check, write, cache, ...raw } = options;
  const fromFile = useConfigFile ?? raw.documents === undefined;
  let base = resolve(root ?? process.cwd());
  let file: RawConfig = {};
  if (fromFile) {
    const found = findConfigFile(base);
    if (found) {
      base = resolve(found, '..');
      file = readConfigFile(base) ?? {};
    }
  }
  // A document given here is the caller's, not a project spec: held to the project's standards only when asked.
  const config = resolveConfig(base, { ...(fromFile ? {} : { strict: false }), ...file }, raw);
  const result = await run(config, { check: check === true || write === false, ...(cache !== undefined ? { cacheDir: cache } : {}) });
  return {
    ok: write === false && !check ? result.problems.every((p) => p.severity === 'warning') && result.files.length > 0 : result.ok,
    problems: result.problems,
    files: result.files.map((f) => ({ path: f.path, contents: f.contents })),
    changes: result.changes,
    timings: result.timings,
    report: result.report,
    config,
  };
}

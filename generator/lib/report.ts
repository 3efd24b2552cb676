/**
 * How a run's problems reach the user: every error in full (each stops generation), the warnings summed up
 * by kind (`code → count`) with the way to see each one, or all of them with `--verbose`; and the same as
 * JSON for `--report <file>`. File names are shown relative to where the user ran the command.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { formatDiagnostic, isError, type Diagnostic } from './diagnostics.js';

export interface ReportOptions {
  /** Every warning with its place, not only their count by kind. */
  readonly verbose?: boolean;
  /** The project root the problems' files are relative to. */
  readonly root?: string;
  /** Where the user ran the command: shown paths are relative to it (default: the project root). */
  readonly from?: string;
}

/** A path for people: relative to `from` when that is shorter to read, with `/` separators. */
export function displayPath(path: string, from: string): string {
  const rel = relative(from, path);
  if (rel === '') return '.';
  // Far outside the folder the user is in, the absolute path says more than a row of `../`.
  if (isAbsolute(rel) || rel.split(sep).filter((s) => s === '..').length > 2) return path.split(sep).join('/');
  return rel.split(sep).join('/');
}

/** A problem with its file shown relative to where the user is. */
export function relocate(d: Diagnostic, options: ReportOptions): Diagnostic {
  if (!d.file || !options.root || !options.from) return d;
  return { ...d, file: displayPath(resolve(options.root, d.file), options.from) };
}

/** How many problems of each kind, most frequent first. */
export function countByCode(problems: readonly Diagnostic[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const p of problems) counts.set(p.code, (counts.get(p.code) ?? 0) + 1);
  return Object.fromEntries([...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The problems as text: each error, then the warnings (each, or their count by kind). */
export function formatProblems(problems: readonly Diagnostic[], options: ReportOptions = {}): string {
  const shown = problems.map((p) => relocate(p, options));
  const errors = shown.filter(isError);
  const warnings = shown.filter((p) => !isError(p));
  const lines = errors.map(formatDiagnostic);
  if (warnings.length) {
    const kinds = Object.entries(countByCode(warnings))
      .map(([code, n]) => `${code} ${n}`)
      .join(', ');
    lines.push(`${plural(warnings.length, 'warning')} (${kinds})${errors.length ? '' : '; generation went ahead'}.`);
    if (options.verbose) lines.push(...warnings.map((w) => `  ${formatDiagnostic(w)}`));
    else lines.push('  --verbose lists each with its place; --report <file> writes every problem as JSON.');
  }
  return lines.join('\n');
}

/** The JSON of `--report <file>`: the outcome, every problem, their count by kind, and what was written. */
export function reportJson(
  result: { readonly ok: boolean; readonly problems: readonly Diagnostic[]; readonly changes?: readonly { readonly path: string; readonly kind: string }[]; readonly timings?: Readonly<Record<string, number>> },
  options: ReportOptions,
): string {
  const problems = result.problems.map((p) => relocate(p, options));
  return `${JSON.stringify(
    {
      ok: result.ok,
      errors: problems.filter(isError).length,
      warnings: problems.filter((p) => !isError(p)).length,
      byCode: countByCode(problems),
      problems,
      ...(result.changes ? { changes: result.changes } : {}),
      ...(result.timings ? { timings: result.timings } : {}),
    },
    null,
    2,
  )}\n`;
}

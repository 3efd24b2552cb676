/**
 * Problems found in a spec are values, not exceptions: every stage appends to a list so that one run
 * reports all of them, each with where it is (file:line:col and JSON pointer) and what to do about it.
 */

export interface Diagnostic {
  /** A stable kebab-case code, e.g. `ref-unresolved`; tests and users can match on it. */
  readonly code: string;
  /** What is wrong and what to do, in one or two sentences. */
  readonly message: string;
  /** Source file, relative to the project root, with `/` separators. */
  readonly file?: string;
  readonly line?: number;
  readonly col?: number;
  /** JSON pointer inside `file`. */
  readonly pointer?: string;
  /** A warning is reported but does not stop generation. Default: error. */
  readonly severity?: 'error' | 'warning';
}

export function isError(d: Diagnostic): boolean {
  return d.severity !== 'warning';
}

export function formatDiagnostic(d: Diagnostic): string {
  let where = '';
  if (d.file) where = d.line ? `${d.file}:${d.line}:${d.col ?? 1}` : d.file;
  const pointer = d.pointer !== undefined ? ` ${d.pointer === '' ? '/' : d.pointer}` : '';
  return `${where}${pointer}${where || pointer ? ' ' : ''}[${d.code}]${d.severity === 'warning' ? ' warning:' : ''} ${d.message}`;
}

/** Thrown at the edge (CLI, API) when a stage produced problems; carries all of them. */
export class SpecError extends Error {
  readonly diagnostics: readonly Diagnostic[];
  constructor(diagnostics: readonly Diagnostic[]) {
    const n = diagnostics.length;
    super(`${n} problem${n === 1 ? '' : 's'} in the spec:\n${diagnostics.map(formatDiagnostic).join('\n')}`);
    this.name = 'SpecError';
    this.diagnostics = diagnostics;
  }
}

/** Sort for stable output: by file, then position, then code. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      (a.file ?? '').localeCompare(b.file ?? '') ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.col ?? 0) - (b.col ?? 0) ||
      (a.pointer ?? '').localeCompare(b.pointer ?? '') ||
      a.code.localeCompare(b.code) ||
      a.message.localeCompare(b.message),
  );
}

/**
 * Input the user must fix (a side of a diff that cannot be read, a release record that cannot be used): the
 * command line prints its message and exits with 2.
 */
export class InputError extends Error {}

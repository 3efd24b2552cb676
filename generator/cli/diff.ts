/**
 * `noderpc diff [<old> [<new>]] [--base <ref>] [--json] [--fail-on <severity>]`: what changed between two
 * versions of an interface and whom it breaks. Sides default to the project: `<new>` to the project in the
 * current folder, `<old>` to its last release (when it keeps a release record).
 */
import { readConfigFile, resolveConfig } from '../config/index.js';
import { releaseView } from '../lifecycle/release/history.js';
import { readRecord } from '../lifecycle/release/record.js';
import { diffModels, type DiffResult } from '../lifecycle/diff/compare.js';
import { DiffInputError, readPath, readProject, readRef, type Side } from '../lifecycle/diff/inputs.js';
import { diffJson, diffText, type Versions } from '../lifecycle/diff/report.js';
import type { Severity } from '../lifecycle/diff/rules.js';

export interface DiffCommand {
  readonly positional: readonly string[];
  readonly base?: string;
  /** The new side at a git ref (with --base: two versions of the project's spec). */
  readonly head?: string;
  readonly json: boolean;
  readonly failOn?: Severity;
}

export interface DiffOutcome {
  readonly result: DiffResult;
  readonly text: string;
  /** 0, or 1 when a change reaches `failOn`. */
  readonly exitCode: number;
}

const LEVELS: readonly Severity[] = ['info', 'non-breaking', 'breaking'];

export function parseFailOn(value: string): Severity {
  if (!(LEVELS as readonly string[]).includes(value)) throw new DiffInputError(`--fail-on takes ${LEVELS.join(', ')}; got "${value}"`);
  return value as Severity;
}

/** Whether a diff has a change at `level` or above. */
export function reaches(result: DiffResult, level: Severity): boolean {
  const from = LEVELS.indexOf(level);
  return result.changes.some((c) => LEVELS.indexOf(c.severity) >= from);
}

export function runDiff(cmd: DiffCommand, cwd: string): DiffOutcome {
  const sides = cmd.positional.length + (cmd.base !== undefined ? 1 : 0) + (cmd.head !== undefined ? 1 : 0);
  if (sides > 2 || (cmd.head !== undefined && cmd.positional.length > (cmd.base !== undefined ? 0 : 1)))
    throw new DiffInputError('noderpc diff compares two sides: [<old>] [<new>], --base <ref> [<new>], or --base <ref> --head <ref>');
  let versions: Versions | undefined;
  let old: Side;
  let rest = cmd.positional;
  if (cmd.base !== undefined) old = readRef(cmd.base, cwd);
  else if (rest.length === 2) {
    old = readPath(rest[0]!, cwd);
    rest = rest.slice(1);
  } else {
    const raw = readConfigFile(cwd);
    const record = raw ? readRecord(resolveConfig(cwd, raw)) : undefined;
    if (!record) throw new DiffInputError('give the old side (a document, a folder or --base <ref>); without one, noderpc diff compares the project with its last release, and this folder holds no project with a release record.');
    old = { label: `release ${record.version}`, model: record.released };
    const now = rest.length ? readPath(rest[0]!, cwd) : readProject(cwd);
    const view = releaseView(record, now.model);
    versions = { current: record.version, next: view.next };
    return finish(cmd, old, now, view.pending, versions);
  }
  const now = cmd.head !== undefined ? readRef(cmd.head, cwd) : rest.length ? readPath(rest[0]!, cwd) : readProject(cwd);
  return finish(cmd, old, now, diffModels(old.model, now.model), versions);
}

function finish(cmd: DiffCommand, old: Side, now: Side, result: DiffResult, versions?: Versions): DiffOutcome {
  const sides = { old: old.label, new: now.label };
  const text = cmd.json ? diffJson(result, sides, versions) : diffText(result, sides, versions);
  return { result, text, exitCode: cmd.failOn && reaches(result, cmd.failOn) ? 1 : 0 };
}

/**
 * The back edge: compare emitted files with what is on disk (`--check`) or write them. Writing is all-or-nothing as far as a filesystem allows: every new file is first written beside its
 * target under a temporary name, and only when all of them exist are they renamed into place; stale files
 * are removed last. Unchanged files are not touched, so watchers and dev servers see only real changes.
 */
import { mkdirSync, readdirSync, type Dirent, readFileSync, renameSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, posix, resolve, sep } from 'node:path';

export interface OutputFile {
  /** Path relative to the output folder, `/`-separated. */
  readonly path: string;
  /** Exactly what is written: emitters print canonical text (no formatter runs). */
  readonly contents: string;
  /** The output (`client`, `docs`, ...) it belongs to; set by the run, recorded in the folder's record. */
  readonly output?: string;
}

/**
 * The record of what noderpc wrote into an output folder, kept in the folder: one `<output> <path>` line
 * per file. Only files it lists are ever overwritten or removed; anything else in the folder is not ours.
 */
export const RECORD = '.noderpc-files';
const RECORD_HEADER = '# Files noderpc generated into this folder, by output. Generated: do not edit; it decides what a run may remove.';

/** Path → output of the folder's record; `undefined` when the folder has none (or it is unreadable). */
export function readRecord(outDir: string): Map<string, string> | undefined {
  let text: string;
  try {
    text = readFileSync(join(outDir, RECORD), 'utf8');
  } catch {
    return undefined;
  }
  const owned = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const space = line.indexOf(' ');
    if (space > 0) owned.set(line.slice(space + 1), line.slice(0, space));
  }
  return owned;
}

export interface Plan {
  /** Everything the folder must hold, the record included, in path order. */
  readonly files: readonly OutputFile[];
  /** Files noderpc wrote before and may remove now that no output produces them. */
  readonly owned: ReadonlySet<string>;
  /** Files in the folder that noderpc did not write and leaves alone. */
  readonly untracked: readonly string[];
  /** Files the run would overwrite that noderpc did not write (the folder is someone else's). */
  readonly clobbered: readonly string[];
}

/**
 * What a run that produced `files` from the outputs `ran` must leave in `outDir`: its files, the files
 * of outputs that did not run (kept, and kept in the record), and the record itself.
 */
export function planOutputs(outDir: string, files: readonly OutputFile[], ran: readonly string[]): Plan {
  const before = readRecord(outDir);
  const present = listFiles(outDir);
  const wanted = new Map(files.map((f) => [f.path, f]));
  const kept: OutputFile[] = [];
  const owned = new Set<string>();
  for (const [path, output] of before ?? []) {
    if (ran.includes(output)) owned.add(path);
    else if (!wanted.has(path)) {
      // An output this run did not produce: what it wrote stays, as it is.
      let contents: string;
      try {
        contents = readFileSync(join(outDir, ...path.split('/')), 'utf8');
      } catch {
        continue;
      }
      kept.push({ path, contents, output });
    }
  }
  const all = [...files, ...kept, { path: RECORD, contents: '' }].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const record = `${RECORD_HEADER}\n${all.flatMap((f) => (f.path === RECORD ? [] : [`${f.output ?? '-'} ${f.path}`])).join('\n')}\n`;
  const untracked: string[] = [];
  const clobbered: string[] = [];
  for (const path of present) {
    if (path === RECORD || owned.has(path) || before?.has(path)) continue;
    const f = wanted.get(path);
    if (!f) untracked.push(path);
    else if (before === undefined && f.contents !== readFileSync(join(outDir, ...path.split('/')), 'utf8')) clobbered.push(path);
  }
  // In path order, the record in its place.
  return { files: all.map((f) => (f.path === RECORD ? { path: RECORD, contents: record } : f)), owned, untracked, clobbered };
}

/**
 * Folders under the output that belong to other tools (caches, builds) and are never ours to delete:
 * VitePress keeps its cache, its site and its build scratch (`.temp`, left behind by a build that was killed)
 * beside the docs it builds.
 */
const FOREIGN = [/(^|\/)node_modules(\/|$)/, /(^|\/)\.vitepress\/(cache|dist|\.temp)(\/|$)/, /(^|\/)\.DS_Store$/];

function isForeign(path: string): boolean {
  return FOREIGN.some((re) => re.test(path));
}

/** Files currently under `dir` (relative, `/`-separated), skipping foreign folders. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string, rel: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    // The entry's own type saves a stat per file; only a link needs one (to learn what it points to).
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const name = entry.name;
      const childRel = rel ? `${rel}/${name}` : name;
      if (isForeign(childRel)) continue;
      const childAbs = join(abs, name);
      const isDir = entry.isSymbolicLink() ? statSync(childAbs).isDirectory() : entry.isDirectory();
      if (isDir) walk(childAbs, childRel);
      else if (!name.includes('.noderpc-tmp-')) out.push(childRel);
    }
  };
  walk(dir, '');
  return out;
}

export interface Change {
  readonly path: string;
  readonly kind: 'added' | 'changed' | 'removed';
}

/**
 * What a long-lived process (the watch loop) knows its output folder holds: by path, the contents it last
 * wrote there. A file it knows is compared in memory instead of being read again, so a run after a small
 * edit reads only what it may have to write. Knowledge is only ever a shortcut: whoever else may touch a
 * file (the watcher reports it) makes it forget that file, and a forgotten file is read from disk.
 */
export class OutputMemory {
  private readonly known = new Map<string, string>();
  constructor(readonly outDir: string) {}
  get(path: string): string | undefined {
    return this.known.get(path);
  }
  set(path: string, contents: string): void {
    this.known.set(path, contents);
  }
  forget(path: string): void {
    this.known.delete(path);
  }
  clear(): void {
    this.known.clear();
  }
}

/** How `files` differ from `outDir`; only the `owned` files no longer produced count as removed. */
export function diffAgainstDisk(outDir: string, files: readonly OutputFile[], owned: ReadonlySet<string>, memory?: OutputMemory): Change[] {
  const changes: Change[] = [];
  const wanted = new Set(files.map((f) => f.path));
  for (const f of files) {
    const known = memory?.get(f.path);
    if (known !== undefined) {
      // The folder holds `known`: nothing to read.
      if (known !== f.contents) changes.push({ path: f.path, kind: 'changed' });
      continue;
    }
    const abs = join(outDir, ...f.path.split('/'));
    let current: string | undefined;
    try {
      current = readFileSync(abs, 'utf8');
    } catch {
      current = undefined;
    }
    if (current === undefined) changes.push({ path: f.path, kind: 'added' });
    else if (current !== f.contents) changes.push({ path: f.path, kind: 'changed' });
  }
  for (const path of owned) if (!wanted.has(path) && existsSync(join(outDir, ...path.split('/')))) changes.push({ path, kind: 'removed' });
  return changes.sort((a, b) => a.path.localeCompare(b.path));
}

/** A readable report of what `--check` found, with a bounded unified diff of each changed file. */
export async function describeChanges(outDir: string, outLabel: string, files: readonly OutputFile[], changes: readonly Change[], maxLines = 60): Promise<string> {
  // Loaded only for a stale --check: the up-to-date path stays light.
  const { createTwoFilesPatch } = await import('diff');
  const byPath = new Map(files.map((f) => [f.path, f]));
  const lines: string[] = [`${outLabel} is stale: ${changes.length} file${changes.length === 1 ? '' : 's'} differ from what the spec generates.`];
  let budget = maxLines;
  for (const c of changes) {
    lines.push(`  ${c.kind.padEnd(7)} ${posix.join(outLabel, c.path)}`);
    if (c.kind !== 'changed' || budget <= 0) continue;
    const before = readFileSync(join(outDir, ...c.path.split('/')), 'utf8');
    const patch = createTwoFilesPatch(`a/${c.path}`, `b/${c.path}`, before, byPath.get(c.path)!.contents, '', '', { context: 2 });
    const patchLines = patch.split('\n').slice(2).filter((l) => l !== '\\ No newline at end of file');
    for (const l of patchLines.slice(0, budget)) lines.push(`      ${l}`);
    if (patchLines.length > budget) lines.push('      ...');
    budget -= patchLines.length;
  }
  lines.push('Run `npm run generate` to bring it up to date, and commit the result.');
  return lines.join('\n');
}

/**
 * Write `files` under `outDir`, replacing changed ones and deleting the stale `owned` ones. With `memory`
 * (of this folder), files it knows are compared in memory, and it learns what the folder now holds.
 */
export function writeOutputs(outDir: string, files: readonly OutputFile[], owned: ReadonlySet<string>, memory?: OutputMemory): Change[] {
  if (memory && memory.outDir !== outDir) throw new Error(`output memory of ${memory.outDir} used for ${outDir}`);
  const changes = writeFiles(outDir, files, owned, memory);
  // Written (or found equal): the folder now holds exactly these.
  if (memory) for (const f of files) memory.set(f.path, f.contents);
  return changes;
}

function writeFiles(outDir: string, files: readonly OutputFile[], owned: ReadonlySet<string>, memory?: OutputMemory): Change[] {
  // A new output folder is written whole beside its place and renamed into it: one rename, and nobody
  // ever sees half of it.
  if (!existsSync(outDir) || readdirSync(outDir).length === 0) {
    memory?.clear();
    const staging = `${outDir}.noderpc-tmp-${process.pid}-${Date.now().toString(36)}`;
    try {
      const made = new Set<string>();
      for (const f of files) {
        const target = join(staging, ...f.path.split('/'));
        const dir = dirname(target);
        if (!made.has(dir)) {
          mkdirSync(dir, { recursive: true });
          made.add(dir);
        }
        writeFileSync(target, f.contents);
      }
      rmSync(outDir, { recursive: true, force: true });
      mkdirSync(dirname(outDir), { recursive: true });
      renameSync(staging, outDir);
    } catch (e) {
      rmSync(staging, { recursive: true, force: true });
      throw e;
    }
    return files.map((f) => ({ path: f.path, kind: 'added' as const })).sort((a, b) => a.path.localeCompare(b.path));
  }
  const changes = diffAgainstDisk(outDir, files, owned, memory);
  if (changes.length === 0) return changes;
  // A write that fails half-way leaves the folder in a state nobody knows.
  memory?.clear();
  const byPath = new Map(files.map((f) => [f.path, f]));
  const staged: { tmp: string; target: string }[] = [];
  const tag = `.noderpc-tmp-${process.pid}-${Date.now().toString(36)}`;
  try {
    for (const c of changes) {
      if (c.kind === 'removed') continue;
      const target = join(outDir, ...c.path.split('/'));
      mkdirSync(dirname(target), { recursive: true });
      const tmp = target + tag;
      writeFileSync(tmp, byPath.get(c.path)!.contents);
      staged.push({ tmp, target });
    }
  } catch (e) {
    for (const s of staged) rmSync(s.tmp, { force: true });
    throw e;
  }
  for (const s of staged) renameSync(s.tmp, s.target);
  for (const c of changes) {
    if (c.kind !== 'removed') continue;
    const abs = join(outDir, ...c.path.split('/'));
    rmSync(abs, { force: true });
    removeEmptyDirs(outDir, dirname(abs));
  }
  return changes;
}

function removeEmptyDirs(root: string, dir: string): void {
  const stop = resolve(root);
  for (let d = resolve(dir); d.startsWith(stop + sep) && d !== stop; d = dirname(d)) {
    try {
      if (readdirSync(d).length) return;
      rmSync(d, { recursive: false, force: true });
    } catch {
      return;
    }
  }
}

export { existsSync };

/**
 * The back edge: compare emitted files with what is on disk (`--check`) or write them. Writing is all-or-nothing as far as a filesystem allows: every new file is first written beside its
 * target under a temporary name, and only when all of them exist are they renamed into place; stale files
 * are removed last. Unchanged files are not touched, so watchers and dev servers see only real changes.
 */
import { mkdirSync, readdirSync, type Dirent, readFileSync, renameSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, posix, resolve, sep } from 'node:path';
import { flat } from '../lib/flat.js';
import type { OutputFile } from '../lib/output-file.js';

export type { OutputFile } from '../lib/output-file.js';

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
  return parseRecord(text);
}

export interface Plan {
  /** Everything the folder must hold, the record included, in path order. */
  readonly files: readonly OutputFile[];
  /** Files noderpc wrote before and may remove now that no output produces them. */
  readonly owned: ReadonlySet<string>;
  /** Files noderpc wrote before that no output produces now (to remove, when they are still there). */
  readonly removed?: readonly string[];
  /** Files in the folder that noderpc did not write and leaves alone. */
  readonly untracked: readonly string[];
  /** Files the run would overwrite that noderpc did not write (the folder is someone else's). */
  readonly clobbered: readonly string[];
}

/**
 * What a run that produced `files` from the outputs `ran` must leave in `outDir`: its files, the files
 * of outputs that did not run (kept, and kept in the record), and the record itself.
 */
export function planOutputs(outDir: string, files: readonly OutputFile[], ran: readonly string[], memory?: OutputMemory): Plan {
  const known = memory?.outDir === outDir ? memory : undefined;
  const before = known ? known.record() : readRecord(outDir);
  const present: Iterable<string> = known ? known.listing() : listFiles(outDir);
  // The folder and its record as this process left them, and the same files produced by the same outputs:
  // the plan is last run's (its files are this run's).
  const last = known?.lastPlan;
  if (known && last && last.record === known.get(RECORD) && last.listing === known.listingVersion && last.ran === ran.join('\0') && samePathsAs(files, last.files)) {
    const all = sortedFiles([...files, { path: RECORD, contents: '' }], known);
    const record = known.recordText(all);
    known.nextPlan = { ran: last.ran, files, owned: last.owned, untracked: last.untracked };
    return { files: all.map((f) => (f.path === RECORD ? { path: RECORD, contents: record } : f)), owned: last.owned, removed: [], untracked: last.untracked, clobbered: [] };
  }
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
  const all = sortedFiles([...files, ...kept, { path: RECORD, contents: '' }], known);
  const record = known ? known.recordText(all) : recordText(all);
  const untracked: string[] = [];
  const clobbered: string[] = [];
  for (const path of present) {
    if (path === RECORD || owned.has(path) || before?.has(path)) continue;
    const f = wanted.get(path);
    if (!f) untracked.push(path);
    else if (before === undefined && f.contents !== readFileSync(join(outDir, ...path.split('/')), 'utf8')) clobbered.push(path);
  }
  // (From memory the folder's files come in no order: listFiles' order is given to what is reported.)
  if (known) {
    untracked.sort(compareListed);
    clobbered.sort(compareListed);
  }
  const removed = [...owned].filter((path) => !wanted.has(path));
  // What a next run may reuse: once this one's files are written (the record then lists exactly them).
  if (known) known.nextPlan = kept.length || clobbered.length ? undefined : { ran: ran.join('\0'), files, owned: new Set(files.map((f) => f.path)), untracked };
  // In path order, the record in its place.
  return { files: all.map((f) => (f.path === RECORD ? { path: RECORD, contents: record } : f)), owned, removed, untracked, clobbered };
}

/**
 * Whether `files` has the paths of `last`, in the same order. An emitter's file that did not change is the
 * same object as last run's (see generate.ts ofOutput): at most places the objects are compared, not read.
 */
export function samePathsAs(files: readonly OutputFile[], last: readonly OutputFile[] | undefined): boolean {
  if (!last || files.length !== last.length) return false;
  for (let i = 0; i < files.length; i++) {
    const f = files[i]!;
    const l = last[i]!;
    if (f !== l && f.path !== l.path) return false;
  }
  return true;
}

function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The files in path order: in the order of the last run's when their paths are the same, in the same order. */
function sortedFiles(files: OutputFile[], memory: OutputMemory | undefined): OutputFile[] {
  const last = memory?.lastOrder;
  if (last && samePathsAs(files, last.files)) {
    const out = new Array<OutputFile>(files.length);
    for (let i = 0; i < out.length; i++) out[i] = files[last.order[i]!]!;
    if (memory) memory.lastOrder = { files, order: last.order };
    return out;
  }
  const order = files.map((_, i) => i).sort((a, b) => comparePaths(files[a]!.path, files[b]!.path));
  if (memory) memory.lastOrder = { files, order };
  return order.map((i) => files[i]!);
}

/** Each file's line in the record, by file (an emitter's kept file stays the same object). */
const recordLines = new WeakMap<OutputFile, string>();

function recordLine(f: OutputFile): string {
  let line = recordLines.get(f);
  if (line === undefined) recordLines.set(f, (line = flat(`${f.output ?? '-'} ${f.path}`)));
  return line;
}

/** See `OutputMemory.holdsAt`: `files[i]` is the file at place `i` of `written`, and not forgotten since. */
function holdsIn(written: readonly OutputFile[] | undefined, forgotten: ReadonlySet<string>, files: readonly OutputFile[], i: number): boolean {
  if (!written || written.length !== files.length || written[i] !== files[i]) return false;
  return forgotten.size === 0 || !forgotten.has(files[i]!.path);
}

/** The record of the folder holding `all` (in path order). */
function recordText(all: readonly OutputFile[]): string {
  return `${RECORD_HEADER}\n${all.flatMap((f) => (f.path === RECORD ? [] : [recordLine(f)])).join('\n')}\n`;
}

/** Path order of listFiles: each folder's entries by name, a folder's files where its name sorts. */
function compareListed(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < x.length && i < y.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return x.length - y.length;
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
 * wrote there, the folder's file list and its record. A file it knows is compared in memory instead of being
 * read again, so a run after a small edit reads only what it may have to write. Knowledge is only ever a
 * shortcut: whoever else may touch a file (the watcher reports it) makes it forget that file (its contents,
 * and whether it is there: looked at again on the next run), and a forgotten file is read from disk.
 */
export class OutputMemory {
  private readonly known = new Map<string, string>();
  /** The files the folder holds (as listFiles lists them), when known. */
  private files: Set<string> | undefined;
  /** Paths something reported touched since (files or folders): looked at again before the list is used. */
  private readonly touched = new Set<string>();
  /** The last record parsed, by its text. */
  private parsed: { readonly text: string; readonly record: Map<string, string> } | undefined;
  /**
   * What planning the last run's files found, for a next run of the same files (see `planOutputs`): valid
   * while the record is the one that run wrote and nothing else touched the folder.
   */
  lastPlan: { readonly record: string | undefined; readonly listing: number; readonly ran: string; readonly files: readonly OutputFile[]; readonly owned: ReadonlySet<string>; readonly untracked: readonly string[] } | undefined;
  /** The plan being written (see `wrote`). */
  nextPlan: { readonly ran: string; readonly files: readonly OutputFile[]; readonly owned: ReadonlySet<string>; readonly untracked: readonly string[] } | undefined;
  /** Counts what others did to the folder (reported, or a folder forgotten): a plan is valid for one count. */
  listingVersion = 0;
  /** The last run's files and their path order (see `sortedFiles`). */
  lastOrder: { readonly files: readonly OutputFile[]; readonly order: readonly number[] } | undefined;
  /** The last record written, by its files (see `recordText`). */
  private lastRecord: { readonly all: readonly OutputFile[]; readonly text: string } | undefined;
  /**
   * The files the folder held after the last write, as written (in path order, the record included), when
   * every one of them is known: a file that is the same object at the same place is in the folder as it is,
   * unless it was forgotten since (`forgotten`).
   */
  private written: readonly OutputFile[] | undefined;
  private readonly forgotten = new Set<string>();

  constructor(readonly outDir: string) {}
  get(path: string): string | undefined {
    return this.known.get(path);
  }
  set(path: string, contents: string): void {
    this.known.set(path, flat(contents));
  }
  forget(path: string): void {
    this.known.delete(path);
    this.touched.add(path);
    if (this.written) this.forgotten.add(path);
  }
  /** Forget the contents of these files (about to be written), and nothing else. */
  drop(paths: Iterable<string>): void {
    for (const path of paths) this.known.delete(path);
    this.written = undefined;
    this.forgotten.clear();
  }
  /**
   * Whether the folder holds `f` as it is, known without reading it (nor looking it up) because `f` is
   * the file at place `i` of the last files written (see `written`). `files` is the list `f` is taken from.
   */
  holdsAt(files: readonly OutputFile[], i: number): boolean {
    return holdsIn(this.written, this.forgotten, files, i);
  }
  /** `holdsAt` as the folder stands now, to be asked once it is written (writing forgets what it writes). */
  holdings(): (files: readonly OutputFile[], i: number) => boolean {
    const written = this.written;
    const forgotten = new Set(this.forgotten);
    return (files, i) => holdsIn(written, forgotten, files, i);
  }
  /** The folder now holds `all` (in path order, the record included), every one of which is known. */
  wroteAll(all: readonly OutputFile[]): void {
    this.written = all;
    this.forgotten.clear();
  }
  clear(): void {
    this.written = undefined;
    this.forgotten.clear();
    this.known.clear();
    this.files = undefined;
    this.touched.clear();
    this.parsed = undefined;
    this.lastPlan = undefined;
    this.listingVersion++;
  }

  /** The folder's record (`undefined`: none), from the text last written there when it is known. */
  record(): ReadonlyMap<string, string> | undefined {
    const text = this.known.get(RECORD);
    if (text === undefined) return readRecord(this.outDir);
    if (this.parsed?.text !== text) this.parsed = { text, record: parseRecord(text) };
    return this.parsed.record;
  }

  /** The record of the folder holding `all`: last run's text when the files and their outputs are the same. */
  recordText(all: readonly OutputFile[]): string {
    const last = this.lastRecord;
    // The same files at the same places (compared as objects first) have the same lines.
    if (last && last.all.length === all.length) {
      let same = true;
      for (let i = 0; i < all.length && same; i++) {
        const f = all[i]!;
        const l = last.all[i]!;
        if (f !== l && (f.path === RECORD) !== (l.path === RECORD)) same = false;
        else if (f !== l && f.path !== RECORD && recordLine(f) !== recordLine(l)) same = false;
      }
      if (same) {
        this.lastRecord = { all, text: last.text };
        return last.text;
      }
    }
    const text = recordText(all);
    this.lastRecord = { all, text };
    return text;
  }

  /** The files the folder holds (in no order): from memory, with what was reported touched looked at again. */
  listing(): ReadonlySet<string> {
    if (!this.files) {
      this.files = new Set(listFiles(this.outDir));
      this.touched.clear();
    }
    for (const path of this.touched) {
      if (isForeign(path) || path.includes('.noderpc-tmp-')) continue;
      const abs = join(this.outDir, ...path.split('/'));
      let isDir = false;
      let exists = true;
      try {
        isDir = statSync(abs).isDirectory();
      } catch {
        exists = false;
      }
      // A file is looked at again; a folder (or what was one) with everything under it.
      if (exists && !isDir && this.files.has(path)) continue;
      this.listingVersion++;
      if (!this.files.delete(path)) for (const f of [...this.files]) if (f.startsWith(`${path}/`)) this.files.delete(f);
      if (!exists) continue;
      if (isDir) for (const f of listFiles(abs)) this.files.add(`${path}/${f}`);
      else this.files.add(path);
    }
    this.touched.clear();
    return this.files;
  }

  /** The files the folder holds as far as known (`undefined`: not known), with nothing looked at again. */
  held(): Set<string> | undefined {
    return this.touched.size ? undefined : this.files;
  }

  /** The folder holds these files (and what is reported touched from now on). */
  hold(files: Iterable<string>): void {
    if (files !== this.files) this.files = new Set(files);
    this.touched.clear();
  }

  /** The folder now holds `written` (and no longer `removed`), as this process wrote it. */
  wrote(written: Iterable<string>, removed: Iterable<string>): void {
    if (!this.files) return;
    for (const path of written) this.files.add(path);
    for (const path of removed) this.files.delete(path);
  }
}

function parseRecord(text: string): Map<string, string> {
  const owned = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const space = line.indexOf(' ');
    if (space > 0) owned.set(line.slice(space + 1), line.slice(0, space));
  }
  return owned;
}

/** How `files` differ from `outDir`; only the `owned` files no longer produced count as removed. */
export function diffAgainstDisk(outDir: string, files: readonly OutputFile[], owned: ReadonlySet<string>, memory?: OutputMemory, removed?: readonly string[]): Change[] {
  const changes: Change[] = [];
  for (let i = 0; i < files.length; i++) {
    const f = files[i]!;
    if (memory?.holdsAt(files, i)) continue;
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
  let gone = removed;
  if (!gone) {
    const wanted = new Set(files.map((f) => f.path));
    gone = [...owned].filter((path) => !wanted.has(path));
  }
  for (const path of gone) if (existsSync(join(outDir, ...path.split('/')))) changes.push({ path, kind: 'removed' });
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

/** What to write of a file: its bytes, kept in `encoded` (by path) for whoever hashes what was written (the manifest), or its text when nobody does. */
function encode(f: OutputFile, encoded: Map<string, Uint8Array> | undefined): string | Uint8Array {
  if (!encoded) return f.contents;
  const data = Buffer.from(f.contents, 'utf8');
  encoded.set(f.path, data);
  return data;
}

/**
 * Write `files` under `outDir`, replacing changed ones and deleting the stale `owned` ones. With `memory`
 * (of this folder), files it knows are compared in memory, and it learns what the folder now holds. The
 * bytes of each file written are put in `encoded` by path, when given.
 */
export function writeOutputs(outDir: string, files: readonly OutputFile[], owned: ReadonlySet<string>, memory?: OutputMemory, encoded?: Map<string, Uint8Array>, removed?: readonly string[]): Change[] {
  if (memory && memory.outDir !== outDir) throw new Error(`output memory of ${memory.outDir} used for ${outDir}`);
  const listed = memory?.held();
  const fresh = !existsSync(outDir) || readdirSync(outDir).length === 0;
  const held = memory?.holdings();
  const changes = writeFiles(outDir, fresh, files, owned, memory, encoded, removed);
  if (memory) {
    // Written (or found equal): the folder now holds exactly these, and what else it held.
    if (fresh) {
      for (const f of files) memory.set(f.path, f.contents);
      memory.hold(files.map((f) => f.path));
    } else {
      const changed = new Set(changes.map((c) => c.path));
      for (let i = 0; i < files.length; i++) {
        // (A file the folder was known to hold as it is was not written, and is known.)
        if (held!(files, i)) continue;
        const f = files[i]!;
        if (changed.has(f.path) || memory.get(f.path) === undefined) memory.set(f.path, f.contents);
      }
      if (listed) {
        memory.hold(listed);
        memory.wrote(
          changes.filter((c) => c.kind !== 'removed').map((c) => c.path),
          changes.filter((c) => c.kind === 'removed').map((c) => c.path),
        );
      }
    }
    memory.wroteAll(files);
    const next = memory.nextPlan;
    memory.lastPlan = next && { ...next, record: memory.get(RECORD), listing: memory.listingVersion };
    memory.nextPlan = undefined;
  }
  return changes;
}

/** `fresh`: the output folder is missing or empty. */
function writeFiles(outDir: string, fresh: boolean, files: readonly OutputFile[], owned: ReadonlySet<string>, memory?: OutputMemory, encoded?: Map<string, Uint8Array>, removed?: readonly string[]): Change[] {
  // A new output folder is written whole beside its place and renamed into it: one rename, and nobody
  // ever sees half of it.
  if (fresh) {
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
        writeFileSync(target, encode(f, encoded));
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
  const changes = diffAgainstDisk(outDir, files, owned, memory, removed);
  if (changes.length === 0) return changes;
  // A write that fails half-way leaves these files in a state nobody knows.
  memory?.drop(changes.map((c) => c.path));
  const byPath = new Map(files.map((f) => [f.path, f]));
  const staged: { tmp: string; target: string }[] = [];
  const tag = `.noderpc-tmp-${process.pid}-${Date.now().toString(36)}`;
  try {
    for (const c of changes) {
      if (c.kind === 'removed') continue;
      const target = join(outDir, ...c.path.split('/'));
      mkdirSync(dirname(target), { recursive: true });
      const tmp = target + tag;
      writeFileSync(tmp, encode(byPath.get(c.path)!, encoded));
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

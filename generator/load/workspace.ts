/**
 * The files a load reads, each parsed once. All paths are project-relative and `/`-separated so that
 * messages and outputs never carry an absolute path.
 */
import { closeSync, constants, existsSync, fstatSync, openSync, readSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, posix, relative, resolve } from 'node:path';
import { noCache, type Cache } from '../speed/cache.js';
import { reconcile, RunMemory } from '../speed/incremental.js';
import type { Diagnostic } from '../lib/diagnostics.js';
import { jsonSource, parseSource, type SourceFile } from './source.js';
import { layoutOf, spliceJson, type JsonLayout } from '../speed/json-splice.js';

/** A file as a run read it: its text, its value (absent when it does not parse) and what parsing it said. */
interface ReadFile {
  readonly text: string;
  readonly file?: SourceFile;
  readonly problems: readonly Diagnostic[];
  /** Where the parts of a JSON file's text are, once asked for (`null`: it cannot be spliced). */
  layout?: JsonLayout | null;
}

/** A JSON file edited inside one part, read by parsing that part again (json-splice.ts); `undefined` when it cannot be. */
function splice(path: string, last: ReadFile, text: string): ReadFile | undefined {
  if (!/\.json$/i.test(path) || !last.file || last.problems.length) return undefined;
  if (last.layout === undefined) last.layout = layoutOf(last.text) ?? null;
  if (!last.layout) return undefined;
  const value = spliceJson(last.text, last.file.value, last.layout, text);
  if (value === undefined) {
    last.layout = undefined;
    return undefined;
  }
  return { text, file: jsonSource(path, text, value), problems: [], layout: last.layout };
}

/** The largest file a load reads (a document or a file it references). */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

/** Where the files a load may read are: inside the project folder, or (widened) anywhere. */
export interface ReadScope {
  /** Read files outside the project folder too (config `refsOutsideProject`). Still only regular files. */
  readonly outside?: boolean;
}

/** Why a file cannot be read, in words, or the text read (only a regular file, at most MAX_FILE_BYTES). */
function readRegularFile(full: string): { text: string } | { why: string; code: string } {
  let fd: number;
  try {
    // Non-blocking: a FIFO opened for reading would wait for a writer. A regular file reads as ever.
    fd = openSync(full, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    return { code: 'file-missing', why: (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : `cannot open it (${(e as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { code: 'ref-not-file', why: 'it is not a regular file (a device, a pipe or a folder)' };
    if (st.size > MAX_FILE_BYTES) return { code: 'ref-too-large', why: `it is ${st.size} bytes, over the limit of ${MAX_FILE_BYTES}` };
    const buf = Buffer.alloc(st.size);
    let n = 0;
    while (n < st.size) {
      const got = readSync(fd, buf, n, st.size - n, n);
      if (got === 0) break;
      n += got;
    }
    return { text: buf.subarray(0, n).toString('utf8') };
  } finally {
    closeSync(fd);
  }
}

export class Workspace {
  readonly root: string;
  private readonly files = new Map<string, SourceFile | null>();
  /** The text of each file read, as this load read it (from disk or an override). */
  private readonly texts = new Map<string, string>();
  private readonly overrides: ReadonlyMap<string, string>;
  readonly problems: Diagnostic[] = [];

  /** `overrides` maps relative paths to file text (tests, editors with unsaved buffers). */
  private readonly cache: Cache;
  /**
   * What the last run read (a watch session's; else empty): a file whose text is the same is the same value,
   * and one whose text changed is reconciled with its last value (see incremental.ts).
   */
  readonly memory: RunMemory;

  private readonly scope: ReadScope;
  /** The folders files may be read from: the project's, and each document's (links resolved). */
  private readonly roots = new Map<string, string | undefined>();

  constructor(root: string, overrides: ReadonlyMap<string, string> = new Map(), cache: Cache = noCache, memory: RunMemory = new RunMemory(false), scope: ReadScope = {}) {
    this.root = root;
    this.scope = scope;
    this.overrides = overrides;
    this.cache = cache;
    this.memory = memory;
  }

  /** The parsed file, or `undefined` when it is missing or broken (the problem is recorded once). */
  get(path: string, from?: { file: string; pointer: string; locate?: SourceFile['locate'] }): SourceFile | undefined {
    const key = posix.normalize(path);
    if (this.files.has(key)) return this.files.get(key) ?? undefined;
    let text: string | undefined = this.overrides.get(key);
    if (text === undefined) {
      const refused = (code: string, message: string): undefined => {
        const pos = from?.locate?.(from.pointer);
        this.problems.push({ code, message, file: from?.file ?? key, ...(from ? { pointer: from.pointer } : {}), ...(pos ?? {}) });
        this.files.set(key, null);
        return undefined;
      };
      const by = from ? ` (referenced from ${from.file})` : '';
      const full = resolve(this.root, key);
      // A document the config (or command line) names is read where it is; its folder is then one a
      // reference may read from. A reference reads only inside the project's or a document's folder.
      if (!from) this.addRoot(dirname(full));
      else if (!this.scope.outside && !this.inside(full))
        return refused('ref-outside', `Cannot read ${key}${by}: it is outside the project folder, and references may read only files inside it. Copy the file into the project, or set "refsOutsideProject": true in the config.`);
      const read = readRegularFile(full);
      if ('why' in read)
        return refused(read.code, read.code === 'file-missing' ? `Cannot read ${key}${by}. Check the path: it is relative to the file that holds the reference.` : `Cannot read ${key}${by}: ${read.why}.`);
      text = read.text;
    }
    this.texts.set(key, text);
    const slot = `file ${key}`;
    const last = this.memory.recall<ReadFile>(slot);
    if (last?.text === text) {
      this.problems.push(...last.problems);
      this.files.set(key, last.file ?? null);
      return last.file;
    }
    const spliced = last ? splice(key, last, text) : undefined;
    if (spliced) {
      this.memory.remember(slot, spliced);
      this.files.set(key, spliced.file!);
      return spliced.file;
    }
    const parsed = parseSource(key, text, this.cache);
    const file = parsed.file && last?.file ? { ...parsed.file, value: reconcile(last.file.value, parsed.file.value) } : parsed.file;
    this.memory.remember(slot, { text, file, problems: parsed.problems });
    this.problems.push(...parsed.problems);
    this.files.set(key, file ?? null);
    return file;
  }

  private addRoot(dir: string): void {
    if (this.roots.has(dir)) return;
    let real: string | undefined;
    try {
      real = realpathSync(dir);
    } catch {
      real = undefined;
    }
    this.roots.set(dir, real);
  }

  /** Whether an absolute path is inside the project's or a document's folder, links followed (none may lead out). */
  private inside(full: string): boolean {
    this.addRoot(this.root);
    const within = (base: string, p: string) => {
      const rel = relative(base, p);
      return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
    };
    const roots = [...this.roots];
    if (!roots.some(([dir]) => within(dir, full))) return false;
    let real: string;
    try {
      real = realpathSync(full);
    } catch {
      return true; // missing: reported as such when read
    }
    return roots.some(([, r]) => r !== undefined && within(r, real));
  }

  /** Whether `path` can be read, without recording a problem when it cannot. */
  has(path: string): boolean {
    const key = posix.normalize(path);
    if (this.files.has(key)) return this.files.get(key) !== null;
    if (this.overrides.has(key)) return true;
    const full = resolve(this.root, key);
    return (this.scope.outside === true || this.inside(full)) && existsSync(full);
  }

  /**
   * The texts this load read, by path: what its outputs are made from, which the files may no longer hold
   * (saved again meanwhile, or given as overrides).
   */
  read(): ReadonlyMap<string, string> {
    return this.texts;
  }

  /** Every file read so far, in the order first read. */
  loaded(): SourceFile[] {
    return [...this.files.values()].filter((f): f is SourceFile => f !== null);
  }
}

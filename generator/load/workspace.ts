/**
 * The files a load reads, each parsed once. All paths are project-relative and `/`-separated so that
 * messages and outputs never carry an absolute path.
 */
import { existsSync, readFileSync } from 'node:fs';
import { posix, resolve } from 'node:path';
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

  constructor(root: string, overrides: ReadonlyMap<string, string> = new Map(), cache: Cache = noCache, memory: RunMemory = new RunMemory()) {
    this.root = root;
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
      try {
        text = readFileSync(resolve(this.root, key), 'utf8');
      } catch {
        const pos = from?.locate?.(from.pointer);
        this.problems.push({
          code: 'file-missing',
          message: `Cannot read ${key}${from ? ` (referenced from ${from.file})` : ''}. Check the path: it is relative to the file that holds the reference.`,
          file: from?.file ?? key,
          ...(from ? { pointer: from.pointer } : {}),
          ...(pos ?? {}),
        });
        this.files.set(key, null);
        return undefined;
      }
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

  /** Whether `path` can be read, without recording a problem when it cannot. */
  has(path: string): boolean {
    const key = posix.normalize(path);
    if (this.files.has(key)) return this.files.get(key) !== null;
    if (this.overrides.has(key)) return true;
    return existsSync(resolve(this.root, key));
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

/**
 * The files a load reads, each parsed once. All paths are project-relative and `/`-separated so that
 * messages and outputs never carry an absolute path.
 */
import { existsSync, readFileSync } from 'node:fs';
import { posix, resolve } from 'node:path';
import { noCache, type Cache } from '../cache.js';
import type { Diagnostic } from '../diagnostics.js';
import { parseSource, type SourceFile } from './source.js';

export class Workspace {
  readonly root: string;
  private readonly files = new Map<string, SourceFile | null>();
  private readonly overrides: ReadonlyMap<string, string>;
  readonly problems: Diagnostic[] = [];

  /** `overrides` maps relative paths to file text (tests, editors with unsaved buffers). */
  private readonly cache: Cache;

  constructor(root: string, overrides: ReadonlyMap<string, string> = new Map(), cache: Cache = noCache) {
    this.root = root;
    this.overrides = overrides;
    this.cache = cache;
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
    const { file, problems } = parseSource(key, text, this.cache);
    this.problems.push(...problems);
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

  /** Every file read so far, in the order first read. */
  loaded(): SourceFile[] {
    return [...this.files.values()].filter((f): f is SourceFile => f !== null);
  }
}

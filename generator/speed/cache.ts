/**
 * A content-addressed cache: values are stored under the hash of everything they were computed from, so
 * an entry is never stale, only unused. Kept in memory for the life of the process (the watch loop) and on
 * disk (node_modules/.cache/noderpc) across runs. A cache that cannot be read or written only costs time.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Cache } from '../lib/cache.js';
import { writeFileAtomic } from '../write/atomic.js';

export { contentHash } from '../lib/hash.js';
export { noCache, type Cache } from '../lib/cache.js';

/**
 * Entries held in memory, oldest first; at most {@link MEMORY_BUDGET} characters of values. Without a bound a
 * watch loop would keep every version of every part it ever made (a big document's parse, once per save).
 */
const memory = new Map<string, string>();
const MEMORY_BUDGET = 256 * 2 ** 20;
let held = 0;

function remember(id: string, value: string): void {
  const old = memory.get(id);
  if (old !== undefined) {
    held -= old.length;
    memory.delete(id);
  }
  memory.set(id, value);
  held += value.length;
  // The oldest go first: what the last run used was touched again (see `get`) and stays.
  for (const [key, v] of memory) {
    if (held <= MEMORY_BUDGET) break;
    memory.delete(key);
    held -= v.length;
  }
}

/** The process-wide cache, backed by `dir` when given. */
export function openCache(dir?: string): Cache {
  const file = (kind: string, key: string) => join(dir!, kind, key.slice(0, 2), key);
  return {
    get(kind, key) {
      const id = `${dir ?? ''}\0${kind}\0${key}`;
      const hit = memory.get(id);
      if (hit !== undefined) {
        // Used again: now the newest.
        memory.delete(id);
        memory.set(id, hit);
        return hit;
      }
      if (!dir) return undefined;
      try {
        const value = readFileSync(file(kind, key), 'utf8');
        remember(id, value);
        return value;
      } catch {
        return undefined;
      }
    },
    set(kind, key, value) {
      remember(`${dir ?? ''}\0${kind}\0${key}`, value);
      if (!dir) return;
      try {
        const target = file(kind, key);
        writeFileAtomic(target, value);
      } catch {
        // Only costs time.
      }
    },
  };
}

/**
 * Where the parts computed by the generator with `fingerprint` are kept under the cache root. Parts of
 * other generator versions can never be used again: the first run of a new version removes them.
 */
export function partsDirOf(cacheRoot: string, fingerprint: string): string {
  const parts = join(cacheRoot, 'parts');
  const dir = join(parts, fingerprint.slice(0, 24));
  if (!existsSync(dir)) {
    try {
      for (const old of readdirSync(parts)) rmSync(join(parts, old), { recursive: true, force: true });
    } catch {
      // No parts yet, or none removable: only costs disk.
    }
  }
  return dir;
}

/**
 * The generator's own folder (templates/, runtime/ live there). bin/noderpc.js runs the generator from a
 * bundle elsewhere and says where the sources are; otherwise it is the nearest folder above this module
 * that holds templates/ (two up from generator/lib/ when run from source, one up from the package's dist/).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const GENERATOR_ROOT: string = process.env.NODERPC_ROOT ?? toolRoot(import.meta.dirname);

function toolRoot(from: string): string {
  for (let dir = resolve(from, '..'); ; dir = resolve(dir, '..')) {
    if (existsSync(resolve(dir, 'templates')) && existsSync(resolve(dir, 'package.json'))) return dir;
    if (resolve(dir, '..') === dir) return resolve(from, '..');
  }
}

/** What `besideBundle` found, by name: the bundle does not change while a process runs. */
const found = new Map<string, string | undefined>();

/**
 * A file the generator's bundle carries beside its modules (the schema thread's entry, what the build
 * precompiled): its path, or undefined when there is none or the generator runs from TypeScript sources.
 */
export function besideBundle(name: string): string | undefined {
  if (found.has(name)) return found.get(name);
  let path: string | undefined;
  if (import.meta.url.startsWith('file:') && import.meta.url.endsWith('.js')) {
    path = resolve(import.meta.dirname, name);
    if (!existsSync(path)) path = undefined;
  }
  found.set(name, path);
  return path;
}

/**
 * The generator's own folder (templates/, runtime/ live there). bin/noderpc.js runs the generator from a
 * bundle elsewhere and says where the sources are; run from source, it is this file's parent folder.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const GENERATOR_ROOT: string = process.env.NODERPC_ROOT ?? resolve(import.meta.dirname, '..');

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

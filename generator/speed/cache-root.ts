/**
 * Where a run keeps its cache: the project's `node_modules/.cache/noderpc` (where build tools keep theirs,
 * removed with node_modules), or, for a project without node_modules (a document generated from an empty
 * folder), the user's cache folder. Never the folder noderpc is installed in: that may be read-only, and is
 * shared by every project.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** The user's cache folder for noderpc, by the platform's convention. */
export function userCacheDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'noderpc', 'Cache');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'noderpc');
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'noderpc');
}

/** The cache folder of a run in `projectRoot`: `cacheDir` when given, none when `false`. */
export function cacheRootOf(projectRoot: string, cacheDir: string | false | undefined): string | undefined {
  if (cacheDir === false) return undefined;
  if (cacheDir !== undefined) return cacheDir;
  const modules = resolve(projectRoot, 'node_modules');
  return existsSync(modules) ? join(modules, '.cache', 'noderpc') : userCacheDir();
}

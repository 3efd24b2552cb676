/**
 * What a run sets up before it loads: the cache (its parts under the generator's fingerprint, since what it
 * holds was computed by this generator) and the schema job, started first so that on its own thread its
 * start-up overlaps the load.
 */
import type { Config } from '../config/index.js';
import { noCache, openCache, partsDirOf, type Cache } from './cache.js';
import { cacheRootOf } from './cache-root.js';
import { RunMemory } from './incremental.js';
import { generatorFingerprint } from './manifest.js';
import { SchemaChannel } from './schema-parts.js';
import type { SchemaJob, SchemaRunner } from './schema-thread.js';
import type { WatchSession } from './session.js';

export interface RunStart {
  readonly cacheRoot?: string;
  readonly partsDir?: string;
  readonly cache: Cache;
  /** A watch session's memory of the last run; a run without one remembers nothing. */
  readonly memory: RunMemory;
  readonly runner?: SchemaRunner;
  /** The schema job, when the run checks schemas or emits validators or the mock. */
  readonly job?: SchemaJob;
}

export async function startRun(config: Config, options: { cacheDir?: string | false; session?: WatchSession }): Promise<RunStart> {
  const memory = options.session?.memory ?? new RunMemory(false);
  const cacheRoot = cacheRootOf(config.root, options.cacheDir);
  const partsDir = cacheRoot ? partsDirOf(cacheRoot, generatorFingerprint()) : undefined;
  const cache = partsDir ? openCache(partsDir) : noCache;
  // The project's own spec is always held to its examples. A foreign document's schemas and examples are
  // checked when an output uses them; a client alone needs neither (and its authors own its examples).
  const checked = config.strict || config.emit.some((o) => o === 'validators' || o === 'mock' || o === 'docs');
  // (Loaded only when used, as the emitters, the release record and the YAML parsers are: a run loads what
  // its outputs need.)
  const runner = checked ? (await import('./schema-thread.js')).schemaRunner() : undefined;
  // A watch session's jobs are sent only what changed since its last one (speed/schema-parts.ts).
  let channel: SchemaChannel | undefined;
  if (runner && options.session) {
    channel = memory.recall<SchemaChannel>('schema channel');
    if (!channel) memory.remember('schema channel', (channel = new SchemaChannel()));
  }
  const job = runner?.start(
    { strict: config.strict, validators: config.emit.includes('validators'), samples: config.emit.includes('mock'), ...(partsDir ? { cacheDir: partsDir } : { noCache: true }) },
    cache,
    channel,
  );
  return { ...(cacheRoot ? { cacheRoot } : {}), ...(partsDir ? { partsDir } : {}), cache, memory, ...(runner ? { runner } : {}), ...(job ? { job } : {}) };
}

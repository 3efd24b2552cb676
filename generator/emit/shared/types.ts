import type { Cache } from '../../lib/cache.js';
import type { Config } from '../../config/index.js';
import type { Model } from '../../model/index.js';
import type { ReleasesModel } from '../../model/releases.js';
import type { SampledExample } from '../../schema/sample.js';
import type { OutputFile } from '../../lib/output-file.js';
import type { Memory } from '../../lib/memory.js';

/** Everything an emitter may read. Emitters are pure: no file system, no clock, no environment. */
export interface EmitContext {
  readonly config: Config;
  readonly model: Model;
  /** Hand-written sources (project-relative path → text) that outputs copy: `runtime/` (the package's) and `tools/` (the docs console's). */
  readonly runtime: ReadonlyMap<string, string>;
  /** Handlebars templates (file name → text). */
  readonly templates: ReadonlyMap<string, string>;
  /** A folder emitters may cache expensive, content-addressed results in (absent: no disk cache). */
  readonly cacheDir?: string;
  /** The content-addressed cache (memory, and `cacheDir` when set). */
  readonly cache: Cache;
  /** The project's release record and how the spec stands against it (absent: the project keeps none). */
  readonly releases?: ReleasesModel;
  /**
   * Examples made from the schemas for methods without one, by service and method name: given to the
   * emitters that ask for the schema job's output (`afterSchemas`).
   */
  readonly samples?: Readonly<Record<string, Readonly<Record<string, SampledExample>>>>;
  /**
   * What the last run of a watch session made (a new, empty one without a session): what an emitter derives
   * anew each run keeps its identity there while it stays the same, and what it computes is kept there
   * for the next run (see lib/memory.ts).
   */
  readonly memory: Memory;
}

export interface Emitter {
  /** The output kind, as listed in the config's `emit`. */
  readonly name: string;
  emit(ctx: EmitContext): OutputFile[] | Promise<OutputFile[]>;
}

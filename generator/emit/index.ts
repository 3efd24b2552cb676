/**
 * The emitters that run on the main thread, in the order their outputs are produced. Validators come from
 * the schema job (speed/schema-job.ts), which runs beside them. Each is loaded only when its output is asked for:
 * a client package needs neither the docs' templates nor the server's emitter.
 */
import type { Emitter } from './shared/types.js';

export interface EmitterEntry {
  /** The output kind, as listed in the config's `emit`. */
  readonly name: string;
  /** Runs once the schema job is done, with its made examples in the context. */
  readonly afterSchemas?: boolean;
  load(): Promise<Emitter>;
}

export const emitters: readonly EmitterEntry[] = [
  { name: 'openrpc', load: async () => (await import('./openrpc/index.js')).openrpcEmitter },
  { name: 'client', load: async () => (await import('./client/index.js')).clientEmitter },
  { name: 'server', load: async () => (await import('./server/index.js')).serverEmitter },
  { name: 'mock', afterSchemas: true, load: async () => (await import('./mock/index.js')).mockEmitter },
  { name: 'package', load: async () => (await import('./package/index.js')).packageEmitter },
  { name: 'python', load: async () => (await import('./python/index.js')).pythonEmitter },
  { name: 'go', load: async () => (await import('./go/index.js')).goEmitter },
  { name: 'docs', load: async () => (await import('./docs/index.js')).docsEmitter },
];

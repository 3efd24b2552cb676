/**
 * Where the schema job runs. When the generator runs from its bundle (bin/noderpc.js), on a worker thread
 * started at the beginning of a run, so that its module loading overlaps the main thread's, and its
 * compiling overlaps the main thread's emitting: on two cores a cold run takes the longer of the two instead
 * of their sum. The thread lives as long as the process (the watch loop reuses it) without keeping it alive.
 * From TypeScript sources (tests) and with `NODERPC_THREADS=0`, the job runs in the calling thread.
 */
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Cache } from '../cache.js';
import { besideBundle } from '../root.js';
import type { SchemaJobInput, SchemaJobOutput } from './job.js';

export interface SchemaRunner {
  /** Run a job. The cache is used only in the calling thread; a worker opens its own view of the disk cache. */
  run(input: SchemaJobInput, cache: Cache): Promise<SchemaJobOutput>;
  /** Whether jobs run on a worker thread. */
  readonly threaded: boolean;
}

interface Pending<O> {
  resolve(output: O): void;
  reject(error: Error): void;
}

let shared: SchemaRunner | undefined;

/** A bundled worker entry beside this module, when there is one (and threads are not turned off). */
export function workerEntry(name: string): URL | undefined {
  if (process.env.NODERPC_THREADS === '0') return undefined;
  const path = besideBundle(name);
  return path === undefined ? undefined : pathToFileURL(path);
}

const inThread: SchemaRunner = {
  threaded: false,
  // Loaded only here: a threaded run must not load the job (and ajv) on the main thread as well.
  run: async (input, cache) => (await import('./job.js')).runSchemaJob(input, cache),
};

/** The process's schema runner, starting its thread on first use. */
export function schemaRunner(): SchemaRunner {
  if (shared) return shared;
  const entry = workerEntry('schema-worker.js');
  if (!entry) return (shared = inThread);
  const thread = startThread<SchemaJobInput, SchemaJobOutput>(entry, 'schema thread', () => {
    shared = undefined; // the next run starts a new thread
  });
  return (shared = { threaded: true, run: (input) => thread.run(input) });
}

/**
 * A worker thread that runs jobs posted as `{ id, input }` and answers `{ id, output }` or `{ id, error }`. It lives as long as the process without keeping it alive while idle; when it dies,
 * every job under way fails and `onExit` is told.
 */
export function startThread<I, O>(entry: URL, label: string, onExit: () => void): { run(input: I): Promise<O> } {
  const worker = new Worker(entry);
  const pending = new Map<number, Pending<O>>();
  let next = 0;
  const fail = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
    onExit();
  };
  worker.on('message', (m: { id: number; output?: O; error?: { message: string; stack?: string } }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (pending.size === 0) worker.unref();
    if (m.error) p.reject(Object.assign(new Error(`${label}: ${m.error.message}`), { stack: m.error.stack }));
    else p.resolve(m.output!);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`${label} exited (code ${code})`)));
  // Idle, the thread must not keep the process alive; busy, it must (the main thread may be only waiting).
  // After the listeners: adding a 'message' listener refs the worker again.
  worker.unref();
  return {
    run(input) {
      const id = next++;
      return new Promise<O>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage({ id, input });
      });
    },
  };
}

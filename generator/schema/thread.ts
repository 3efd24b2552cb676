/**
 * Where the schema job runs. When the generator runs from its bundle (bin/noderpc.js), on a worker thread
 * started at the beginning of a run, so that its module loading overlaps the main thread's load, each
 * document is checked there as soon as the load has bundled it (while the main thread loads the next), and
 * the rest of its compiling overlaps the main thread's emitting: on two cores a cold run takes the longer of the two instead
 * of their sum. The thread lives as long as the process (the watch loop reuses it) without keeping it alive.
 * From TypeScript sources (tests) and with `NODERPC_THREADS=0`, the job runs in the calling thread.
 */
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Cache } from '../cache.js';
import { besideBundle } from '../root.js';
import type { SchemaJobDocument, SchemaJobOutput, SchemaJobStart } from './job.js';
import type { SchemaJobMessage } from './worker.js';

/** A job under way: fed documents as the load makes them, then finished (or cancelled). */
export interface SchemaJob {
  /** Add a bundled document (on a thread, it is checked there at once). */
  add(document: SchemaJobDocument): void;
  /** The output, once every document was added. `validators`: emit validator modules (started with them). */
  finish(validators: boolean): Promise<SchemaJobOutput>;
  /** Drop the job (a run that stopped before finishing it). */
  cancel(): void;
}

export interface SchemaRunner {
  /** Start a job. The cache is used only in the calling thread; a worker opens its own view of the disk cache. */
  start(input: SchemaJobStart, cache: Cache): SchemaJob;
  /** Whether jobs run on a worker thread. */
  readonly threaded: boolean;
}

interface Pending {
  resolve(output: SchemaJobOutput): void;
  reject(error: Error): void;
}

let shared: SchemaRunner | undefined;

/** The bundled worker entry beside this module, when there is one. */
function workerEntry(): URL | undefined {
  if (process.env.NODERPC_THREADS === '0') return undefined;
  const path = besideBundle('schema-worker.js');
  return path === undefined ? undefined : pathToFileURL(path);
}

const inThread: SchemaRunner = {
  threaded: false,
  start(input, cache) {
    const documents: SchemaJobDocument[] = [];
    return {
      add: (document) => void documents.push(document),
      // Loaded only here: a threaded run must not load the job (and ajv) on the main thread as well.
      finish: async (validators) => (await import('./job.js')).runSchemaJob({ ...input, documents, validators }, cache),
      cancel: () => undefined,
    };
  },
};

/** The process's schema runner, starting its thread on first use. */
export function schemaRunner(): SchemaRunner {
  if (shared) return shared;
  const entry = workerEntry();
  if (!entry) return (shared = inThread);
  const worker = new Worker(entry);
  const pending = new Map<number, Pending>();
  let next = 0;
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure = error;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
    shared = undefined; // the next run starts a new thread
  };
  worker.on('message', (m: { id: number; output?: SchemaJobOutput; error?: { message: string; stack?: string } }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (pending.size === 0) worker.unref();
    if (m.error) p.reject(Object.assign(new Error(`schema thread: ${m.error.message}`), { stack: m.error.stack }));
    else p.resolve(m.output!);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`schema thread exited (code ${code})`)));
  // Idle, the thread must not keep the process alive; busy, it must (the main thread may be only waiting).
  // After the listeners: adding a 'message' listener refs the worker again. Until a job is finished, the
  // main thread is loading (it does not wait on the thread), so only `finish` refs it.
  worker.unref();
  const post = (message: SchemaJobMessage) => worker.postMessage(message);
  shared = {
    threaded: true,
    start(input) {
      const id = next++;
      post({ id, kind: 'start', input });
      let done = false;
      return {
        add(document) {
          if (done) throw new Error('schema job: document added after the job was finished');
          post({ id, kind: 'document', document });
        },
        finish(validators) {
          done = true;
          return new Promise<SchemaJobOutput>((resolve, reject) => {
            // A thread that stopped while the load fed it cannot answer: say why instead of waiting.
            if (failure) return reject(failure);
            pending.set(id, { resolve, reject });
            worker.ref();
            post({ id, kind: 'finish', validators });
          });
        },
        cancel() {
          if (done) return;
          done = true;
          post({ id, kind: 'cancel' });
        },
      };
    },
  };
  return shared;
}

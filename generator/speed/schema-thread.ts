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
import type { Cache } from './cache.js';
import { besideBundle } from '../lib/root.js';
import type { SchemaJobDocument, SchemaJobDocumentMessage, SchemaJobOutput, SchemaJobResult, SchemaJobStart } from './schema-job.js';
import { ChannelMemories, KEPT_CHANNELS, SchemaChannel } from './schema-parts.js';
import type { SchemaJobMessage } from './schema-worker.js';

export { SchemaChannel };

/** A job under way: fed documents as the load makes them, then finished (or cancelled). */
export interface SchemaJob {
  /** Add a bundled document (on a thread, it is checked there at once). */
  add(document: SchemaJobDocument): void;
  /** The output, once every document was added. `validators`: emit validator modules (started with them). */
  finish(validators: boolean): Promise<SchemaJobResult>;
  /** Drop the job (a run that stopped before finishing it). */
  cancel(): void;
}

export interface SchemaRunner {
  /**
   * Start a job. The cache is used only in the calling thread; a worker opens its own view of the disk cache.
   * With a channel (a watch session's), the job is sent only what changed since the last job on it.
   */
  start(input: SchemaJobStart, cache: Cache, channel?: SchemaChannel): SchemaJob;
  /** Whether jobs run on a worker thread. */
  readonly threaded: boolean;
}

/** The main thread's view of a runner's {@link ChannelMemories}: which channels it still holds. */
class ChannelsHeld {
  private readonly order: number[] = [];
  /** Whether a job on `channel` must start afresh (the job side holds nothing of it); counts the start. */
  start(channel: SchemaChannel | undefined, holder: object): boolean {
    if (!channel) return true;
    const i = this.order.indexOf(channel.id);
    if (i >= 0) this.order.splice(i, 1);
    this.order.push(channel.id);
    while (this.order.length > KEPT_CHANNELS) this.order.shift();
    const fresh = i < 0 || channel.holder !== holder;
    if (fresh) channel.reset();
    return fresh;
  }
  drop(channel: SchemaChannel | undefined): void {
    if (!channel) return;
    const i = this.order.indexOf(channel.id);
    if (i >= 0) this.order.splice(i, 1);
    channel.reset();
  }
}

/** A document for the job: as parts against what the job holds of the channel (all of them new on a first run). */
function message(document: SchemaJobDocument, channel: SchemaChannel): SchemaJobDocumentMessage {
  return { ...document, document: channel.encode(document.service, document.document) };
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

const inThreadMemories = new ChannelMemories();
const inThreadHeld = new ChannelsHeld();

const inThread: SchemaRunner = {
  threaded: false,
  start(input, cache, given) {
    const channel = given ?? new SchemaChannel();
    const fresh = inThreadHeld.start(given, inThread);
    const memory = inThreadMemories.start(given?.id, fresh);
    const documents: SchemaJobDocumentMessage[] = [];
    return {
      add: (document) => void documents.push(message(document, channel)),
      // Loaded only here: a threaded run must not load the job (and ajv) on the main thread as well.
      finish: async (validators) => {
        try {
          const output = (await import('./schema-job.js')).runSchemaJob({ ...input, documents, validators }, cache, memory);
          memory.commit();
          const files = channel.decode(output.files);
          channel.commit(inThread, files);
          return { ...output, files };
        } catch (e) {
          inThreadMemories.drop(given?.id);
          inThreadHeld.drop(given);
          throw e;
        }
      },
      cancel: () => {
        inThreadMemories.drop(given?.id);
        inThreadHeld.drop(given);
      },
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
  const post = (m: SchemaJobMessage) => worker.postMessage(m);
  const held = new ChannelsHeld();
  const runner: SchemaRunner = {
    threaded: true,
    start(input, _cache, given) {
      const id = next++;
      const channel = given ?? new SchemaChannel();
      const fresh = held.start(given, worker);
      post({ id, kind: 'start', input, ...(given ? { channel: given.id } : {}), fresh });
      let done = false;
      return {
        add(document) {
          if (done) throw new Error('schema job: document added after the job was finished');
          post({ id, kind: 'document', document: message(document, channel) });
        },
        finish(validators) {
          done = true;
          return new Promise<SchemaJobResult>((resolve, reject) => {
            // A thread that stopped while the load fed it cannot answer: say why instead of waiting.
            if (failure) {
              held.drop(given);
              return reject(failure);
            }
            pending.set(id, {
              resolve: (output) => {
                const files = channel.decode(output.files);
                channel.commit(worker, files);
                resolve({ ...output, files });
              },
              reject: (error) => {
                held.drop(given);
                reject(error);
              },
            });
            worker.ref();
            post({ id, kind: 'finish', validators });
          });
        },
        cancel() {
          if (done) return;
          done = true;
          held.drop(given);
          post({ id, kind: 'cancel' });
        },
      };
    },
  };
  shared = runner;
  return shared;
}

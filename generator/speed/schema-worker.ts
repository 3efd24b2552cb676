/**
 * Entry of the schema thread: runs schema jobs (schema/job.ts) for the main thread, one at a time. A job
 * is started, fed its documents one by one (each is checked as it arrives, while the main thread loads the
 * next), and finished; its output (or the error that stopped it) is posted back under the job's id.
 */
import { parentPort } from 'node:worker_threads';
import { SchemaJobRun, type SchemaJobDocumentMessage, type SchemaJobStart } from './schema-job.js';
import { ChannelMemories } from './schema-parts.js';

if (!parentPort) throw new Error('schema/worker.ts runs as a worker thread');
const port = parentPort;

export type SchemaJobMessage =
  | { readonly id: number; readonly kind: 'start'; readonly input: SchemaJobStart; readonly channel?: number; readonly fresh: boolean }
  | { readonly id: number; readonly kind: 'document'; readonly document: SchemaJobDocumentMessage }
  | { readonly id: number; readonly kind: 'finish'; readonly validators: boolean }
  | { readonly id: number; readonly kind: 'cancel' };

/** The job under way: its id and channel, and the run or the error that stopped it (reported when it is finished). */
let current: { id: number; channel?: number; run?: SchemaJobRun; error?: unknown } | undefined;
/** What the job side holds of each channel (schema/parts.ts). */
const memories = new ChannelMemories();

port.on('message', (message: SchemaJobMessage) => {
  if (message.kind === 'start') {
    // A job that was never finished (its run stopped on the main thread) is dropped, and so is its channel.
    if (current) memories.drop(current.channel);
    current = { id: message.id, ...(message.channel !== undefined ? { channel: message.channel } : {}) };
    // A job on a channel is a watch session's: it keeps what it computes for the session's next job; one
    // without is a cold run's (see schema-parts.ts JobMemory).
    try {
      current.run = new SchemaJobRun(message.input, undefined, memories.start(message.channel, message.fresh));
    } catch (e) {
      current.error = e;
    }
    return;
  }
  if (current?.id !== message.id) return;
  const job = current;
  if (message.kind === 'cancel') {
    memories.drop(job.channel);
    current = undefined;
    return;
  }
  if (message.kind === 'document') {
    if (job.error !== undefined) return;
    try {
      job.run!.add(message.document);
    } catch (e) {
      job.error = e;
    }
    return;
  }
  current = undefined;
  try {
    if (job.error !== undefined) throw job.error;
    const output = job.run!.finish(message.validators);
    job.run!.memory.commit();
    port.postMessage({ id: message.id, output });
  } catch (e) {
    memories.drop(job.channel);
    const error = e instanceof Error ? { message: e.message, stack: e.stack } : { message: String(e) };
    port.postMessage({ id: message.id, error });
  }
});

/**
 * Entry of the types thread: runs json-schema-to-typescript jobs (schema/types-job.ts) posted by the main
 * thread and posts each output (or the error that stopped it) back under the job's id. The library starts
 * loading as the thread starts, while the main thread is still loading the spec.
 */
import { parentPort } from 'node:worker_threads';
import { loadTypesLibrary, runTypesJob, type TypesJobItem } from './types-job.js';

if (!parentPort) throw new Error('schema/types-worker.ts runs as a worker thread');
const port = parentPort;
loadTypesLibrary().catch(() => undefined); // a failure to load shows in the first job
port.on('message', (message: { id: number; input: TypesJobItem[] }) => {
  runTypesJob(message.input).then(
    (output) => port.postMessage({ id: message.id, output }),
    (e: unknown) => port.postMessage({ id: message.id, error: e instanceof Error ? { message: e.message, stack: e.stack } : { message: String(e) } }),
  );
});

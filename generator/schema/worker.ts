/**
 * Entry of the schema thread: runs schema jobs (schema/job.ts) posted by the main thread, one at a time,
 * and posts each output (or the error that stopped it) back under the job's id.
 */
import { parentPort } from 'node:worker_threads';
import { runSchemaJob, type SchemaJobInput } from './job.js';

if (!parentPort) throw new Error('schema/worker.ts runs as a worker thread');
const port = parentPort;
port.on('message', (message: { id: number; input: SchemaJobInput }) => {
  try {
    port.postMessage({ id: message.id, output: runSchemaJob(message.input) });
  } catch (e) {
    const error = e instanceof Error ? { message: e.message, stack: e.stack } : { message: String(e) };
    port.postMessage({ id: message.id, error });
  }
});

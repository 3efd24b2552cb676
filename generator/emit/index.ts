/**
 * The emitters that run on the main thread, in the order their outputs are produced. Validators come from
 * the schema job (schema/job.ts), which runs beside them.
 */
import { docsEmitter } from './docs/index.js';
import { clientEmitter } from './client/index.js';
import { openrpcEmitter } from './openrpc/index.js';
import { packageEmitter } from './package/index.js';
import { mockEmitter, serverEmitter } from './server/index.js';
import type { Emitter } from './types.js';

export const emitters: readonly Emitter[] = [openrpcEmitter, clientEmitter, serverEmitter, mockEmitter, packageEmitter, docsEmitter];

/** The emitters, in the order their outputs are produced. */
import { openrpcEmitter } from './openrpc/index.js';
import type { Emitter } from './types.js';

export const emitters: readonly Emitter[] = [openrpcEmitter];

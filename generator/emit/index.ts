/** The emitters, in the order their outputs are produced. */
import { docsEmitter } from './docs/index.js';
import { clientEmitter } from './client/index.js';
import { openrpcEmitter } from './openrpc/index.js';
import { packageEmitter } from './package/index.js';
import { mockEmitter, serverEmitter } from './server/index.js';
import { validatorsEmitter } from './validators/index.js';
import type { Emitter } from './types.js';

export const emitters: readonly Emitter[] = [openrpcEmitter, validatorsEmitter, clientEmitter, serverEmitter, mockEmitter, packageEmitter, docsEmitter];

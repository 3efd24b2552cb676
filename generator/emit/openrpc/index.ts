/** generated/openrpc/<service>.json: the bundled, self-contained documents. */
import type { Emitter } from '../types.js';

export const openrpcEmitter: Emitter = {
  name: 'openrpc',
  emit: ({ model }) =>
    model.services.map((s) => ({ path: `openrpc/${s.name}.json`, contents: `${JSON.stringify(s.document, null, 2)}\n` })),
};

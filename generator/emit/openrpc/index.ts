/** generated/openrpc/<service>.json: the bundled, self-contained documents. */
import { documentJson } from '../shared/json-text.js';
import type { Emitter } from '../shared/types.js';

export const openrpcEmitter: Emitter = {
  name: 'openrpc',
  // Put together from each part's kept text (json-text.ts): the same text as JSON.stringify(document, null, 2).
  emit: ({ model, memory }) => model.services.map((s) => ({ path: `openrpc/${s.name}.json`, contents: documentJson(memory, s.document, 2, `openrpc ${s.name}`, '\n') })),
};

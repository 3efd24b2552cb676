/**
 * The JSON-RPC errors the spec documents, one per (code, message) pair, each with a class name made from
 * its message and a pattern that recognises it: what the Python and Go clients' typed errors are made of.
 */
import type { Model } from '../../model/index.js';
import { messageParts, NameTable, pascal, words } from './names.js';

export interface DocumentedError {
  readonly name: string;
  readonly code: number;
  readonly message: string;
  readonly pattern: string;
  readonly literal: number;
}

/** One class per documented (code, message) pair, named from the message. */
export function documentedErrors(model: Model): DocumentedError[] {
  const names = new NameTable(['NodeRpcError', 'TransportError', 'RequestTimeoutError', 'HttpError', 'ProtocolError', 'EncodeError', 'DecodeError', 'RpcError']);
  const out: DocumentedError[] = [];
  const seen = new Set<string>();
  for (const s of model.services) {
    for (const m of s.methods) {
      for (const e of m.errors) {
        const key = `${e.code}\0${e.message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const parts = messageParts(e.message);
        const stem = pascal(words(parts.join(' ')).slice(0, 8).join(' '));
        out.push({
          name: names.claim(`${stem === 'X' ? `Code${Math.abs(e.code)}` : stem}Error`),
          code: e.code,
          message: e.message,
          pattern: parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*?'),
          literal: parts.join('').length,
        });
      }
    }
  }
  return out;
}

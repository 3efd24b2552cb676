/**
 * Everything a method's checks and validators depend on, as one hash: the method object (params, result,
 * examples, subscription kinds) and every schema it reaches through `$ref`, transitively. Two runs with the
 * same key give the same validators and the same example verdicts, so both can come from the cache.
 */
import { contentHash } from './hash.js';
import { getAtPointer } from './pointer.js';

export function closureKey(document: Record<string, unknown>, methodPointer: string, salt: string): string {
  const method = getAtPointer(document, methodPointer);
  const reached = new Map<string, unknown>();
  const queue: unknown[] = [method];
  while (queue.length) {
    const node = queue.pop();
    if (Array.isArray(node)) {
      for (const v of node) queue.push(v);
    } else if (node !== null && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref' && typeof v === 'string' && v.startsWith('#/')) {
          // The whole top-level component or content descriptor a pointer lands in.
          const top = /^#(\/components\/[^/]+\/[^/]+)/.exec(v)?.[1] ?? v.slice(1);
          if (!reached.has(top)) {
            const target = getAtPointer(document, top);
            reached.set(top, target);
            queue.push(target);
          }
        } else queue.push(v);
      }
    }
  }
  const parts = [...reached].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  return contentHash(salt, methodPointer, JSON.stringify(method), ...parts);
}

/** Walking a bundled OpenRPC document: its methods, and references followed to what they name. */
import { isObject } from './bundle.js';
import { getAtPointer } from './pointer.js';

export interface MethodRef {
  pointer: string;
  method: Record<string, unknown>;
}

/** The methods of a document (each followed through its `$ref`), with their pointers. */
export function methodsOf(document: Record<string, unknown>): MethodRef[] {
  const methods = Array.isArray(document.methods) ? document.methods : [];
  const out: MethodRef[] = [];
  methods.forEach((m, i) => {
    const pointer = `/methods/${i}`;
    const resolved = deref(document, pointer);
    if (resolved && isObject(resolved.value)) out.push({ pointer: resolved.pointer, method: resolved.value });
  });
  return out;
}

/** Follow `$ref`s from `pointer` to the value they name. */
export function deref(document: unknown, pointer: string): { pointer: string; value: unknown } | undefined {
  let at = pointer;
  for (let hops = 0; hops < 32; hops++) {
    const value = getAtPointer(document, at);
    if (isObject(value) && typeof value.$ref === 'string' && value.$ref.startsWith('#/')) {
      at = value.$ref.slice(1);
      continue;
    }
    return value === undefined ? undefined : { pointer: at, value };
  }
  return undefined;
}


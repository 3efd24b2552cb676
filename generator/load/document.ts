/** Walking a bundled OpenRPC document: its methods, and references followed to what they name. */
import { isRecord } from '../lib/guards.js';
import { getAtPointer } from '../lib/pointer.js';

export interface MethodRef {
  pointer: string;
  method: Record<string, unknown>;
}

/** Each document's methods, found once (bundled documents are not changed once made). */
const found = new WeakMap<object, readonly MethodRef[]>();

/** The methods of a document (each followed through its `$ref`), with their pointers. */
export function methodsOf(document: Record<string, unknown>): readonly MethodRef[] {
  let known = found.get(document);
  if (!known) found.set(document, (known = findMethods(document)));
  return known;
}

function findMethods(document: Record<string, unknown>): MethodRef[] {
  const methods = Array.isArray(document.methods) ? document.methods : [];
  const out: MethodRef[] = [];
  methods.forEach((_m, i) => {
    const pointer = `/methods/${i}`;
    const resolved = deref(document, pointer);
    if (resolved && isRecord(resolved.value)) out.push({ pointer: resolved.pointer, method: resolved.value });
  });
  return out;
}

/** Follow `$ref`s from `pointer` to the value they name. */
export function deref(document: unknown, pointer: string): { pointer: string; value: unknown } | undefined {
  let at = pointer;
  for (let hops = 0; hops < 32; hops++) {
    const value = getAtPointer(document, at);
    if (isRecord(value) && typeof value.$ref === 'string' && value.$ref.startsWith('#/')) {
      at = value.$ref.slice(1);
      continue;
    }
    return value === undefined ? undefined : { pointer: at, value };
  }
  return undefined;
}


/**
 * A bundled document as its parts: each method (`/methods/<i>`), each component (`/components/<kind>/<name>`)
 * and each other top-level value is a part, visited with its path; the levels above them (the document,
 * its methods list, its components and each kind of them) are visited as themselves, before their parts.
 * What is computed from a part can be kept under it (see incremental.ts): an edit makes new objects only of
 * the parts it touches and of these levels above them.
 */
export function visitParts(
  document: Record<string, unknown>,
  part: (value: unknown, path: readonly (string | number)[]) => void,
  level: (node: object, path: readonly (string | number)[]) => void = () => undefined,
): void {
  level(document, []);
  for (const [k, v] of Object.entries(document)) {
    if (k === 'methods' && Array.isArray(v)) {
      level(v, [k]);
      v.forEach((m, i) => part(m, [k, i]));
    } else if (k === 'components' && isRecord(v)) {
      level(v, [k]);
      for (const [kind, entries] of Object.entries(v)) {
        if (!isRecord(entries)) {
          part(entries, [k, kind]);
          continue;
        }
        level(entries, [k, kind]);
        for (const [name, c] of Object.entries(entries)) part(c, [k, kind, name]);
      }
    } else part(v, [k]);
  }
}

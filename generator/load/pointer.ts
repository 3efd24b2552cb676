/** RFC 6901 JSON pointers. */

export function escapeSegment(segment: string | number): string {
  const s = String(segment);
  // Most segments need no escaping; the loaders join a pointer for every node of large documents.
  return s.includes('~') || s.includes('/') ? s.replace(/~/g, '~0').replace(/\//g, '~1') : s;
}

export function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function joinPointer(base: string, ...segments: (string | number)[]): string {
  let out = base;
  for (const s of segments) out += `/${escapeSegment(s)}`;
  return out;
}

export function splitPointer(pointer: string): string[] {
  if (pointer === '' || pointer === '#') return [];
  const p = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (!p.startsWith('/')) throw new Error(`not a JSON pointer: ${pointer}`);
  return p.slice(1).split('/').map((s) => unescapeSegment(decodeURIComponentSafe(s)));
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function hasOwn(obj: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** The value at `pointer`, or `undefined` when a segment is missing. */
export function getAtPointer(root: unknown, pointer: string | readonly string[]): unknown {
  let node = root;
  for (const seg of typeof pointer === 'string' ? splitPointer(pointer) : pointer) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(seg)) return undefined;
      node = node[Number(seg)];
    } else if (node !== null && typeof node === 'object' && hasOwn(node, seg)) {
      node = (node as Record<string, unknown>)[seg];
    } else {
      return undefined;
    }
  }
  return node;
}

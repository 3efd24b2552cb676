/** RFC 6901 JSON pointers. */

export function escapeSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function joinPointer(base: string, ...segments: (string | number)[]): string {
  return base + segments.map((s) => '/' + escapeSegment(s)).join('');
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

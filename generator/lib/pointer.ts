/** RFC 6901 JSON pointers. */

export function escapeSegment(segment: string | number): string {
  const s = String(segment);
  // Most segments need no escaping; the loaders join a pointer for every node of large documents.
  return s.includes('~') || s.includes('/') ? s.replace(/~/g, '~0').replace(/\//g, '~1') : s;
}

export function unescapeSegment(segment: string): string {
  return segment.includes('~') ? segment.replace(/~1/g, '/').replace(/~0/g, '~') : segment;
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
  const segments = p.slice(1).split('/');
  // Most pointers are plain names and indexes: nothing to decode or unescape (references are resolved by
  // pointer again and again).
  if (!p.includes('%') && !p.includes('~')) return segments;
  return segments.map((s) => unescapeSegment(decodeURIComponentSafe(s)));
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

/** `target[key] = value` as an own, enumerable property, `__proto__` included (as JSON.parse makes it). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** Whether a segment is an array index as RFC 6901 writes one: `0`, or digits not starting with 0. */
function isIndex(seg: string): boolean {
  const n = seg.length;
  if (n === 0 || (n > 1 && seg.charCodeAt(0) === 48)) return false;
  for (let i = 0; i < n; i++) {
    const c = seg.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** The value at `pointer`, or `undefined` when a segment is missing. */
export function getAtPointer(root: unknown, pointer: string | readonly string[]): unknown {
  let node = root;
  for (const seg of typeof pointer === 'string' ? splitPointer(pointer) : pointer) {
    if (Array.isArray(node)) {
      if (!isIndex(seg)) return undefined;
      node = node[Number(seg)];
    } else if (node !== null && typeof node === 'object' && hasOwn(node, seg)) {
      node = (node as Record<string, unknown>)[seg];
    } else {
      return undefined;
    }
  }
  return node;
}

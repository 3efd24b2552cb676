/** One depth rule for values read from documents and from the node, checked before anything recurses into them. */

/**
 * How deep a document, or a node's reply that a command checks, may nest its values. Real ones stay under
 * 40; the schema compilers, the type printers, the example and reply checks recurse, and a value nested
 * thousands deep would end them with a stack overflow instead of a message.
 */
export const MAX_DEPTH = 256;

/** The pointer of the first value nested deeper than `max`, or undefined (the walk itself recurses at most `max` deep). */
export function deeperThan(value: unknown, max: number): string | undefined {
  const walk = (node: object, depth: number): string[] | undefined => {
    if (depth >= max) return [];
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const v: unknown = node[i];
        const path = v !== null && typeof v === 'object' ? walk(v, depth + 1) : undefined;
        if (path) return path.concat(String(i));
      }
      return undefined;
    }
    for (const k in node) {
      const v = (node as Record<string, unknown>)[k];
      const path = v !== null && typeof v === 'object' ? walk(v, depth + 1) : undefined;
      if (path) return path.concat(k.replace(/~/g, '~0').replace(/\//g, '~1'));
    }
    return undefined;
  };
  const path = value !== null && typeof value === 'object' ? walk(value, 0) : undefined;
  return path?.reverse().map((seg) => `/${seg}`).join('');
}

/**
 * `JSON.stringify` of a bundled document (compact, or with an indent of two), put together from the text
 * of its parts (see `visitParts`: each method, each component, each other top-level value), each kept under
 * the part: after a one-method edit only that method is written again, and the document's text is the
 * others' texts joined. The result is exactly `JSON.stringify(document)` (or `JSON.stringify(document, null,
 * 2)`): a value nested `depth` levels deep is that value's own text with every line after the first indented
 * by `depth` indents, and JSON text has no line breaks but those the indent makes.
 */
import { isObject } from '../load/bundle.js';

type Indent = 0 | 2;

/** Texts by part, by indent and depth. */
const texts = new WeakMap<object, Map<number, string>>();

/** `JSON.stringify(value, null, indent)` as it reads `depth` levels deep. */
function valueText(value: unknown, indent: Indent, depth: number): string | undefined {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) as string | undefined;
  const key = indent * 1000 + depth;
  let byKey = texts.get(value);
  if (!byKey) texts.set(value, (byKey = new Map()));
  let text = byKey.get(key);
  if (text === undefined) {
    text = JSON.stringify(value, null, indent);
    if (indent && depth && text.includes('\n')) text = text.replace(/\n/g, `\n${' '.repeat(indent * depth)}`);
    byKey.set(key, text);
  }
  return text;
}

/** Whether `JSON.stringify` writes the value at all (in an object; in an array it writes `null`). */
function written(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
}

function objectText(entries: readonly (readonly [string, string])[], indent: Indent, depth: number): string {
  if (entries.length === 0) return '{}';
  if (!indent) return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
  const inner = ' '.repeat(indent * (depth + 1));
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${v}`).join(',\n')}\n${' '.repeat(indent * depth)}}`;
}

function arrayText(items: readonly string[], indent: Indent, depth: number): string {
  if (items.length === 0) return '[]';
  if (!indent) return `[${items.join(',')}]`;
  const inner = ' '.repeat(indent * (depth + 1));
  return `[\n${items.map((v) => `${inner}${v}`).join(',\n')}\n${' '.repeat(indent * depth)}]`;
}

/** `JSON.stringify(document)`, or `JSON.stringify(document, null, 2)`, from its parts' kept texts. */
export function documentJson(document: Record<string, unknown>, indent: Indent = 0): string {
  // Anything JSON.stringify treats specially (toJSON) is left to it whole; parsed documents have none.
  if (typeof (document as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(document, null, indent);
  const entries: [string, string][] = [];
  for (const [k, v] of Object.entries(document)) {
    if (!written(v)) continue;
    if (k === 'methods' && Array.isArray(v)) entries.push([k, arrayText(Array.from(v, (m) => (written(m) ? valueText(m, indent, 2)! : 'null')), indent, 1)]);
    else if (k === 'components' && isObject(v) && typeof v.toJSON !== 'function') {
      const kinds: [string, string][] = [];
      for (const [kind, entriesOfKind] of Object.entries(v)) {
        if (!written(entriesOfKind)) continue;
        if (isObject(entriesOfKind) && typeof entriesOfKind.toJSON !== 'function') {
          const named: [string, string][] = [];
          for (const [name, c] of Object.entries(entriesOfKind)) if (written(c)) named.push([name, valueText(c, indent, 3)!]);
          kinds.push([kind, objectText(named, indent, 2)]);
        } else kinds.push([kind, valueText(entriesOfKind, indent, 2)!]);
      }
      entries.push([k, objectText(kinds, indent, 1)]);
    } else entries.push([k, valueText(v, indent, 1)!]);
  }
  return objectText(entries, indent, 0);
}

/**
 * `JSON.stringify(Object.fromEntries(entries), null, indent)` where each entry's value text is given (as it
 * reads `depth + 1` levels deep): for objects whose values are kept texts of their own.
 */
export function objectJson(entries: readonly (readonly [string, string])[], indent: Indent, depth: number): string {
  return objectText(entries, indent, depth);
}

/** `JSON.stringify(value, null, indent)` as it reads `depth` levels deep, kept under `value` (an object not changed once made). */
export function keptJson(value: object, indent: Indent, depth: number): string {
  return valueText(value, indent, depth)!;
}

/**
 * `JSON.stringify` of a bundled document (compact, or with an indent of two), put together from the text
 * of its parts (see `visitParts`: each method, each component, each other top-level value), each kept under
 * the part: after a one-method edit only that method is written again, and the document's text is the
 * others' texts joined. The result is exactly `JSON.stringify(document)` (or `JSON.stringify(document, null,
 * 2)`): a value nested `depth` levels deep is that value's own text with every line after the first indented
 * by `depth` indents, and JSON text has no line breaks but those the indent makes.
 */
import { isRecord } from '../../lib/guards.js';
import { flat } from '../../lib/flat.js';
import { slot, type Memory, type Slot } from '../../lib/memory.js';

type Indent = 0 | 2;

/** The slots of parts' texts, one per indent and depth (a part is written at one or two of them). */
const textSlots = new Map<number, Slot<object, string>>();

/** The texts of parts written at `indent` and `depth`. */
function textsAt(memory: Memory, indent: Indent, depth: number): WeakMap<object, string> {
  const key = indent * 1000 + depth;
  let s = textSlots.get(key);
  if (!s) textSlots.set(key, (s = slot(`JSON texts at indent ${indent}, depth ${depth}`)));
  return memory.table(s);
}

/** `JSON.stringify(value, null, indent)` as it reads `depth` levels deep (every line after the first indented). */
export function nestedJson(value: unknown, indent: Indent, depth: number): string | undefined {
  const text = JSON.stringify(value, null, indent) as string | undefined;
  return text !== undefined && indent && depth && text.includes('\n') ? text.replace(/\n/g, `\n${' '.repeat(indent * depth)}`) : text;
}

/** `nestedJson`, kept under the value while keeping (see lib/memory.ts). */
function valueText(memory: Memory, value: unknown, indent: Indent, depth: number): string | undefined {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) as string | undefined;
  const table = textsAt(memory, indent, depth);
  let text = table.get(value);
  if (text === undefined) {
    text = nestedJson(value, indent, depth)!;
    if (memory.keeping) table.set(value, flat(text));
  }
  return text;
}

/** Whether `JSON.stringify` writes the value at all (in an object; in an array it writes `null`). */
function written(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
}

/**
 * `JSON.stringify(Object.fromEntries(entries), null, indent)` where each entry's value text is given (as it
 * reads `depth + 1` levels deep): for objects whose values are kept texts of their own.
 */
export function objectJson(entries: readonly (readonly [string, string])[], indent: Indent, depth: number): string {
  if (entries.length === 0) return '{}';
  if (!indent) return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
  const inner = ' '.repeat(indent * (depth + 1));
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${v}`).join(',\n')}\n${' '.repeat(indent * depth)}}`;
}

/**
 * `JSON.stringify(document)`, or `JSON.stringify(document, null, 2)`, from its parts' kept texts, joined
 * once; with a `slot` (naming the output), the same text as last time when every part's text is.
 */
export function documentJson(memory: Memory, document: Record<string, unknown>, indent: Indent = 0, slot?: string, after = ''): string {
  // Anything JSON.stringify treats specially (toJSON) is left to it whole; parsed documents have none. A run
  // that keeps nothing (see lib/memory.ts) has no parts' texts to put together.
  if (!memory.keeping || typeof (document as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(document, null, indent) + after;
  const pieces: string[] = [];
  /** An object's entries (`[key, push its value]`), as JSON.stringify writes an object `depth` levels deep. */
  const object = (entries: readonly (readonly [string, () => void])[], depth: number) => {
    if (entries.length === 0) return void pieces.push('{}');
    const inner = indent ? `\n${' '.repeat(indent * (depth + 1))}` : '';
    pieces.push('{');
    entries.forEach(([k, value], i) => {
      pieces.push(`${i ? ',' : ''}${inner}${JSON.stringify(k)}:${indent ? ' ' : ''}`);
      value();
    });
    pieces.push(indent ? `\n${' '.repeat(indent * depth)}}` : '}');
  };
  const part = (v: unknown, depth: number) => () => void pieces.push(valueText(memory, v, indent, depth)!);
  const entries: [string, () => void][] = [];
  for (const [k, v] of Object.entries(document)) {
    if (!written(v)) continue;
    if (k === 'methods' && Array.isArray(v)) {
      entries.push([
        k,
        () => {
          if (v.length === 0) return void pieces.push('[]');
          const inner = indent ? `\n${' '.repeat(indent * 2)}` : '';
          pieces.push('[');
          for (let i = 0; i < v.length; i++) pieces.push(i ? `,${inner}` : inner, written(v[i]) ? valueText(memory, v[i], indent, 2)! : 'null');
          pieces.push(indent ? `\n${' '.repeat(indent)}]` : ']');
        },
      ]);
    } else if (k === 'components' && isRecord(v) && typeof v.toJSON !== 'function') {
      entries.push([
        k,
        () =>
          object(
            Object.entries(v).flatMap(([kind, entriesOfKind]): [string, () => void][] => {
              if (!written(entriesOfKind)) return [];
              if (!isRecord(entriesOfKind) || typeof entriesOfKind.toJSON === 'function') return [[kind, part(entriesOfKind, 2)]];
              return [[kind, () => object(Object.entries(entriesOfKind).flatMap(([name, c]): [string, () => void][] => (written(c) ? [[name, part(c, 3)]] : [])), 2)]];
            }),
            1,
          ),
      ]);
    } else entries.push([k, part(v, 1)]);
  }
  object(entries, 0);
  if (after) pieces.push(after);
  // Without a slot, a text to be copied into a bigger one (a module): joined as a balanced tree of pieces,
  // copied once, by that join.
  return slot === undefined ? rope(pieces, 0, pieces.length) : memory.join(slot, pieces);
}

/** `pieces.slice(from, to).join('')` as a balanced tree of concatenations (no copy of the whole). */
function rope(pieces: readonly string[], from: number, to: number): string {
  if (to - from <= 8) {
    let s = '';
    for (let i = from; i < to; i++) s += pieces[i]!;
    return s;
  }
  const mid = (from + to) >> 1;
  return rope(pieces, from, mid) + rope(pieces, mid, to);
}

/** The text of each entry `"key": value` by value object and key, for `keptObjectJson`. */
const ENTRY_TEXTS = slot<object, Map<string, string>>('JSON entry texts');

/**
 * `JSON.stringify(Object.fromEntries(entries), null, 2)` as it reads `depth` levels deep, for entries whose
 * values are objects not changed once made (kept under them): with the same values as last time under
 * `slot`, the same text.
 */
export function keptObjectJson(memory: Memory, slot: string, entries: readonly (readonly [string, object])[], depth: number): string {
  if (entries.length === 0) return '{}';
  if (!memory.keeping) return objectJson(entries.map(([k, v]) => [k, valueText(memory, v, 2, depth + 1)!] as const), 2, depth);
  const inner = ' '.repeat(2 * (depth + 1));
  const entryTexts = memory.table(ENTRY_TEXTS);
  const lines = entries.map(([k, v]) => {
    let byKey = entryTexts.get(v);
    if (!byKey) entryTexts.set(v, (byKey = new Map()));
    let line = byKey.get(k);
    if (line === undefined) byKey.set(k, (line = flat(`${inner}${JSON.stringify(k)}: ${valueText(memory, v, 2, depth + 1)!}`)));
    return line;
  });
  return `{\n${memory.join(slot, lines, ',\n')}\n${' '.repeat(2 * depth)}}`;
}

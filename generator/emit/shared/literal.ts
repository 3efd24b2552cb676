/**
 * Values as TypeScript source, laid out the way Prettier lays them out (single quotes, two-space indents,
 * trailing commas, a line width), so that what the docs and the package README show needs no formatter
 * run: a test holds these snippets to Prettier's output. The layout rules followed are Prettier's: a
 * literal stays on one line when it fits; an object that does not fit puts one property per line; an
 * array of two or more objects (or arrays) with more than one entry each always breaks; an array of
 * numbers that does not fit fills its lines; a string property that does not fit moves below a long key.
 */
import { propertyKey, quote } from '../../lib/escape.js';

/** The line width of code files and of the README's snippets (as the project's Prettier options). */
export const CODE_WIDTH = 120;

/** Code printed as it is (an identifier in an argument list). */
export class Raw {
  readonly code: string;
  constructor(code: string) {
    this.code = code;
  }
}

/** A value shown by name instead of content (a secret): printed as the string `'<name>'`. */
export class Placeholder {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Placeholder) && !(v instanceof Raw);
}

function entriesOf(value: Record<string, unknown>): [string, unknown][] {
  return Object.entries(value).filter(([, v]) => v !== undefined);
}

/** The value on one line, whatever its length. */
export function printFlat(value: unknown): string {
  if (value instanceof Placeholder) return quote(`<${value.name}>`);
  if (value instanceof Raw) return value.code;
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  switch (typeof value) {
    case 'bigint':
      return `${value}n`;
    case 'number':
      return String(value).replace('e+', 'e');
    case 'boolean':
      return String(value);
    case 'string':
      return quote(value);
  }
  if (Array.isArray(value)) return `[${value.map(printFlat).join(', ')}]`;
  if (isPlainObject(value)) {
    const entries = entriesOf(value);
    return entries.length ? `{ ${entries.map(([k, v]) => `${propertyKey(k)}: ${printFlat(v)}`).join(', ')} }` : '{}';
  }
  return JSON.stringify(value) ?? 'undefined';
}

export interface Layout {
  /** Indent (columns) of the line the value starts on; broken lines indent from it. */
  readonly indent: number;
  /** Column the value starts at (at least `indent`). */
  readonly lead?: number;
  /** Characters that follow the value on its last line (`,` or `);`). */
  readonly tail?: number;
  /** The line width. */
  readonly width: number;
}

/** An array of plain numbers, which Prettier prints concisely (filling lines) when it breaks. */
function isNumberArray(value: unknown): value is number[] {
  return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'number');
}

/** Whether every item is an object (or every item an array) with more than one entry. */
function breaksAlways(items: readonly unknown[]): boolean {
  if (items.length < 2) return false;
  const allObjects = items.every((v) => isPlainObject(v) && entriesOf(v).length > 1);
  const allArrays = items.every((v) => Array.isArray(v) && v.length > 1);
  return allObjects || allArrays;
}

/** Whether the value holds an array that always breaks: then it, and everything around it, breaks. */
function hasForcedBreak(value: unknown): boolean {
  if (Array.isArray(value)) return breaksAlways(value) || value.some(hasForcedBreak);
  if (isPlainObject(value)) return Object.values(value).some(hasForcedBreak);
  return false;
}

/** The value laid out from `lead` (see {@link Layout}). */
export function printValue(value: unknown, layout: Layout): string {
  const { indent, width } = layout;
  const lead = layout.lead ?? indent;
  const tail = layout.tail ?? 0;
  const flat = printFlat(value);
  if (!hasForcedBreak(value) && lead + flat.length + tail <= width) return flat;
  const pad = ' '.repeat(indent + 2);
  const end = ' '.repeat(indent);
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    if (isNumberArray(value)) {
      // Numbers fill their lines.
      const lines: string[] = [];
      let line = '';
      for (const item of value.map(printFlat)) {
        const next = line ? `${line} ${item},` : `${item},`;
        if (line && pad.length + next.length > width) {
          lines.push(line);
          line = `${item},`;
        } else line = next;
      }
      lines.push(line);
      return `[\n${lines.map((l) => `${pad}${l}`).join('\n')}\n${end}]`;
    }
    return `[\n${value.map((v) => `${pad}${printValue(v, { indent: indent + 2, tail: 1, width })},`).join('\n')}\n${end}]`;
  }
  if (isPlainObject(value)) {
    const entries = entriesOf(value);
    if (!entries.length) return '{}';
    return `{\n${entries.map(([k, v]) => `${pad}${printProperty(k, v, { indent: indent + 2, tail: 1, width })},`).join('\n')}\n${end}}`;
  }
  return flat;
}

/**
 * `key: value` at `indent`. A string value that does not fit goes on the next line when the key is long
 * (five columns or more), as Prettier breaks an assignment after its operator.
 */
export function printProperty(key: string, value: unknown, layout: Omit<Layout, 'lead'>): string {
  const k = propertyKey(key);
  const lead = layout.indent + k.length + 2;
  const tail = layout.tail ?? 0;
  if (typeof value === 'string' || value instanceof Placeholder) {
    const flat = printFlat(value);
    if (lead + flat.length + tail > layout.width && k.length >= 5) return `${k}:\n${' '.repeat(layout.indent + 2)}${flat}`;
    return `${k}: ${flat}`;
  }
  return `${k}: ${printValue(value, { ...layout, lead })}`;
}

/** The kind of literal, as far as hugging call arguments goes. */
function kindOf(v: unknown): string {
  return isPlainObject(v) ? 'object' : Array.isArray(v) ? 'array' : 'other';
}

/**
 * Call arguments starting at column `lead`, followed by `tail` characters (`);`): on one line when they
 * fit; else with the last argument hugged (`f(a, {` … `})`) when it is a non-empty object or array unlike
 * the one before it and the rest fits before its opening bracket; else one argument per line.
 */
export function printArgs(args: readonly unknown[], layout: Omit<Layout, 'indent'> & { readonly indent?: number }): string {
  const indent = layout.indent ?? 0;
  const lead = layout.lead ?? indent;
  const tail = layout.tail ?? 0;
  const width = layout.width;
  if (!args.length) return '';
  const flats = args.map(printFlat);
  const flat = flats.join(', ');
  if (!args.some(hasForcedBreak) && lead + flat.length + tail <= width) return flat;
  const last = args[args.length - 1];
  const before = args.slice(0, -1);
  const huggable =
    (isPlainObject(last) && Object.values(last).some((v) => v !== undefined)) || (Array.isArray(last) && last.length > 0 && !(args.length > 1 && isNumberArray(last)));
  if (huggable && (before.length === 0 || kindOf(before[before.length - 1]) !== kindOf(last)) && !before.some(hasForcedBreak)) {
    const head = before.length ? `${flats.slice(0, -1).join(', ')}, ` : '';
    if (lead + head.length + 1 <= width) return `${head}${printValue(last, { indent, lead: width, tail, width })}`;
  }
  const pad = ' '.repeat(indent + 2);
  return `\n${args.map((v) => `${pad}${printValue(v, { indent: indent + 2, tail: 1, width })},`).join('\n')}\n${' '.repeat(indent)}`;
}

/**
 * Positions in JSON text by JSON Pointer, without building a syntax tree of the whole text. A lookup scans
 * only the containers on its path, and remembers each scanned container's members, so a report of many
 * problems in a multi-megabyte document costs about one pass over the parts it mentions. (Parsing such a
 * document with the YAML parser, for its node positions, takes a few hundred milliseconds.)
 *
 * Positions follow the YAML locator's conventions: a member of an object is located at its key, an item
 * of an array at its value; a pointer that leads nowhere is located at its nearest existing ancestor.
 */
import { isJsonWs, skipJsonWs, stringEnd } from './json-scan.js';

/** A place in a text, 1-based. */
export interface Position {
  line: number;
  col: number;
}

interface Member {
  /** Offset of the key (objects) or of the value (arrays). */
  readonly at: number;
  readonly value: number;
}

const QUOTE = 0x22;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

export class JsonLocator {
  private readonly text: string;
  private readonly containers = new Map<number, Map<string, Member>>();
  /** Where containers end, by where they start: those met one and two levels below a container skipped. */
  private readonly ends = new Map<number, number>();
  private lineStarts: number[] | undefined;

  constructor(text: string) {
    this.text = text;
  }

  /** Line and column (1-based) of the value at `segments`, or of its nearest existing ancestor. */
  locate(segments: readonly string[]): Position {
    let value = this.skipWs(0);
    let at = value;
    for (const seg of segments) {
      const ch = this.text[value];
      if (ch !== '{' && ch !== '[') break;
      const member = this.membersOf(value).get(seg);
      if (!member) break;
      at = member.at;
      value = member.value;
    }
    return this.position(at);
  }

  private position(offset: number): Position {
    const starts = (this.lineStarts ??= lineStartsOf(this.text));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - starts[lo]! + 1 };
  }

  /** Members of the object or array starting at `start`, by key or index. */
  private membersOf(start: number): Map<string, Member> {
    const known = this.containers.get(start);
    if (known) return known;
    const members = new Map<string, Member>();
    const text = this.text;
    const isObject = text[start] === '{';
    const close = isObject ? '}' : ']';
    let i = this.skipWs(start + 1);
    let index = 0;
    while (i < text.length && text[i] !== close) {
      let key: string;
      let at: number;
      if (isObject) {
        at = i;
        const end = this.skipString(i);
        key = JSON.parse(text.slice(i, end)) as string;
        i = this.skipWs(end);
        i = this.skipWs(i + 1); // the colon
      } else {
        key = String(index++);
        at = i;
      }
      // A repeated key: JSON.parse keeps the last value, and so does this map.
      members.set(key, { at, value: i });
      i = this.skipWs(this.skipValue(i));
      if (text[i] === ',') i = this.skipWs(i + 1);
    }
    this.containers.set(start, members);
    return members;
  }

  private skipWs(i: number): number {
    return skipJsonWs(this.text, i);
  }

  /** From an opening quote to just after its closing quote (the end of the text when there is none). */
  private skipString(i: number): number {
    const end = stringEnd(this.text, i);
    return end < 0 ? this.text.length : end;
  }

  /**
   * Just after the value at `i`. Skipping a container notes where the containers one and two levels below
   * it end: a lookup goes on into one of them next (`/methods` then `/methods/12`), and in a document of a
   * few megabytes each level would otherwise be scanned again, once per level of the path.
   */
  private skipValue(i: number): number {
    const text = this.text;
    const ch = text.charCodeAt(i);
    if (ch === QUOTE) return this.skipString(i);
    if (ch === OPEN_OBJECT || ch === OPEN_ARRAY) {
      const known = this.ends.get(i);
      if (known !== undefined) return known;
      const open: number[] = [];
      let depth = 0;
      for (let j = i; j < text.length; ) {
        const c = text.charCodeAt(j);
        if (c === QUOTE) {
          j = this.skipString(j);
          continue;
        }
        if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
          if (++depth <= 3) open.push(j);
        } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
          if (depth <= 3) this.ends.set(open.pop()!, j + 1);
          if (--depth === 0) return j + 1;
        }
        j++;
      }
      return text.length;
    }
    let j = i;
    while (j < text.length && !isJsonWs(text.charCodeAt(j)) && text[j] !== ',' && text[j] !== '}' && text[j] !== ']') j++;
    return j;
  }
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

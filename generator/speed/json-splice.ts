/**
 * A JSON document edited in one place, parsed again in that place only. Where last run's text and this
 * run's differ is found by comparing them (common prefix and suffix); when the difference lies inside one
 * part of the document (a method, a component, another top-level value), only that part's new text is
 * parsed, reconciled with the part's last value (incremental.ts), and put in the place of the old part in
 * a copy of the levels above it. Everything else is last run's value as it was, and nothing of it is
 * allocated again: a multi-megabyte document saved after a one-method edit costs a comparison of the texts
 * and the parse of one method.
 *
 * The result is the value `JSON.parse` gives for the whole new text, reconciled with the last value: the
 * text outside the part is the same, and a part's text that parses as one JSON value can stand wherever a
 * value stood (white space around a value is free everywhere). Anything else (an edit across parts, a part
 * that no longer parses alone, a document whose levels repeat a key) is left to the full parse.
 */
import { reconcile } from './incremental.js';
import { setOwn } from '../lib/pointer.js';
import { isJsonWs, skipJsonWs, stringEnd } from '../lib/json-scan.js';

/** Where a value's text is (`end` exclusive; white space may lie inside around the value), and its parts. */
interface Span {
  start: number;
  end: number;
  /** The parts of a level above the parts (see `visitParts`), in text order. */
  kids?: Kid[];
}

interface Kid {
  readonly key: string | number;
  readonly span: Span;
}

/** The spans of a JSON document's levels and parts (as `visitParts` divides it). */
export interface JsonLayout {
  readonly root: Span;
}

const QUOTE = 34;


/** The offset after the string literal starting at `i`. */
function skipString(t: string, i: number): number {
  const end = stringEnd(t, i);
  if (end < 0) throw new Error('unterminated string');
  return end;
}

/** The offset after the value starting at `i` (text already known to be JSON). */
function skipValue(t: string, i: number): number {
  const c = t.charCodeAt(i);
  if (c === QUOTE) return skipString(t, i);
  if (c === 123 || c === 91) {
    let depth = 0;
    let j = i;
    while (j < t.length) {
      const d = t.charCodeAt(j);
      if (d === QUOTE) {
        j = skipString(t, j);
        continue;
      }
      if (d === 123 || d === 91) depth++;
      else if (d === 125 || d === 93) {
        depth--;
        if (depth === 0) return j + 1;
      }
      j++;
    }
    throw new Error('unterminated container');
  }
  let j = i;
  while (j < t.length) {
    const d = t.charCodeAt(j);
    if (d === 44 || d === 125 || d === 93 || isJsonWs(d)) break;
    j++;
  }
  return j;
}

function keyText(t: string, start: number, end: number): string {
  const raw = t.slice(start + 1, end - 1);
  return raw.includes('\\') ? (JSON.parse(t.slice(start, end)) as string) : raw;
}

/** The members of the object or items of the array at `i`, each with its span; `undefined` when an object repeats a key. */
function kidsOf(t: string, i: number): { kids: Kid[]; end: number } | undefined {
  const open = t.charCodeAt(i);
  const close = open === 123 ? 125 : 93;
  const kids: Kid[] = [];
  const seen = new Set<string>();
  let j = skipJsonWs(t, i + 1);
  if (t.charCodeAt(j) === close) return { kids, end: j + 1 };
  for (let index = 0; ; index++) {
    let key: string | number = index;
    if (open === 123) {
      const keyEnd = skipString(t, j);
      key = keyText(t, j, keyEnd);
      if (seen.has(key)) return undefined;
      seen.add(key);
      j = skipJsonWs(t, keyEnd) + 1; // the colon
      j = skipJsonWs(t, j);
    }
    const end = skipValue(t, j);
    kids.push({ key, span: { start: j, end } });
    j = skipJsonWs(t, end);
    const c = t.charCodeAt(j);
    if (c === close) return { kids, end: j + 1 };
    j = skipJsonWs(t, j + 1); // past the comma
  }
}

/** The layout of a JSON text (which parsed), or `undefined` when a level repeats a key. */
export function layoutOf(text: string): JsonLayout | undefined {
  try {
    const start = skipJsonWs(text, 0);
    if (text.charCodeAt(start) !== 123) return undefined;
    const top = kidsOf(text, start);
    if (!top) return undefined;
    const root: Span = { start, end: top.end, kids: top.kids };
    for (const { key, span } of top.kids) {
      const c = text.charCodeAt(span.start);
      if (key === 'methods' && c === 91) {
        const items = kidsOf(text, span.start);
        if (!items) return undefined;
        span.kids = items.kids;
      } else if (key === 'components' && c === 123) {
        const kinds = kidsOf(text, span.start);
        if (!kinds) return undefined;
        span.kids = kinds.kids;
        for (const kind of kinds.kids) {
          if (text.charCodeAt(kind.span.start) !== 123) continue;
          const entries = kidsOf(text, kind.span.start);
          if (!entries) return undefined;
          kind.span.kids = entries.kids;
        }
      }
    }
    return { root };
  } catch {
    return undefined;
  }
}

/** How long the texts are the same from the start, and (not overlapping that) from the end. */
function commonEnds(a: string, b: string): { prefix: number; suffix: number } {
  const max = Math.min(a.length, b.length);
  const CHUNK = 4096;
  let prefix = 0;
  while (prefix + CHUNK <= max && a.slice(prefix, prefix + CHUNK) === b.slice(prefix, prefix + CHUNK)) prefix += CHUNK;
  while (prefix < max && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  const room = max - prefix;
  let suffix = 0;
  while (suffix + CHUNK <= room && a.slice(a.length - suffix - CHUNK, a.length - suffix) === b.slice(b.length - suffix - CHUNK, b.length - suffix)) suffix += CHUNK;
  while (suffix < room && a.charCodeAt(a.length - suffix - 1) === b.charCodeAt(b.length - suffix - 1)) suffix++;
  return { prefix, suffix };
}

/** The kid of a level whose span holds the whole of `[from, to)`. */
function kidHolding(kids: readonly Kid[], from: number, to: number): Kid | undefined {
  let lo = 0;
  let hi = kids.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (kids[mid]!.span.start <= from) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0) return undefined;
  const kid = kids[found]!;
  return to <= kid.span.end ? kid : undefined;
}

/**
 * The spans after an edit of `[.., to)` by `delta` characters: every end at or after `to` moves (the part
 * edited and the levels around it grow) and every start after it (the parts after it move); a start at `to`
 * is the edited part's own, with the edit typed in front of its first character, and stays.
 */
function shift(span: Span, to: number, delta: number): void {
  if (span.start > to) span.start += delta;
  if (span.end >= to) span.end += delta;
  if (span.kids) for (const kid of span.kids) if (kid.span.end >= to) shift(kid.span, to, delta);
}

/**
 * The value of `text`, made from `previous` (the value of `previousText`, whose layout is `layout`) by
 * parsing again only the part that changed; `undefined` when that cannot be done (see the module comment).
 * On success `layout` is updated to `text`.
 */
export function spliceJson(previousText: string, previous: unknown, layout: JsonLayout, text: string): unknown {
  if (previous === null || typeof previous !== 'object' || Array.isArray(previous)) return undefined;
  const { prefix, suffix } = commonEnds(previousText, text);
  const from = prefix;
  const to = previousText.length - suffix;
  const delta = text.length - previousText.length;
  // Down the levels to the part that holds the whole difference.
  const path: (string | number)[] = [];
  let span = layout.root;
  while (span.kids) {
    const kid = kidHolding(span.kids, from, to);
    if (!kid) break;
    path.push(kid.key);
    span = kid.span;
  }
  // Only a part is parsed again; a difference across parts (a method added or removed) takes the full parse.
  if (span.kids || path.length === 0) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text.slice(span.start, span.end + delta));
  } catch {
    return undefined;
  }
  // The levels above the part, copied, with the new part in its place.
  const levels: unknown[] = [previous];
  for (const key of path.slice(0, -1)) levels.push((levels[levels.length - 1] as Record<string, unknown>)[key]);
  const old = (levels[levels.length - 1] as Record<string | number, unknown>)[path[path.length - 1]!];
  let next: unknown = reconcile(old, value);
  if (next === old) {
    // Only white space changed inside the part.
    shift(layout.root, to, delta);
    return previous;
  }
  for (let i = path.length - 1; i >= 0; i--) {
    const level = levels[i]!;
    const key = path[i]!;
    if (Array.isArray(level)) {
      const copy = level.slice();
      copy[key as number] = next;
      next = copy;
    } else {
      const copy = { ...(level as Record<string, unknown>) };
      setOwn(copy, key as string, next);
      next = copy;
    }
  }
  shift(layout.root, to, delta);
  return next;
}

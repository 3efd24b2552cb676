/**
 * How a long-lived process (the watch loop) does only the work an edit calls for, by one mechanism:
 * identity.
 *
 * 1. A file parsed again is reconciled with its value of the last run ({@link reconcile}): every part equal
 *    to the part at the same place before is that very object. After an edit of one method, every other
 *    method, schema and component of the file is the object it was, and so is every copy the bundle makes of
 *    it and every model object built from it (each stage keeps its results by its inputs' identity).
 * 2. Work on a part is kept in a memo (lib/memory.ts) under the part's object, with the other inputs it read (the
 *    components it reaches, names, options) compared on a hit: a hit is exactly what computing again gives.
 * 3. What a stage derives that has no object of its own to be kept under (a service's names, a page's
 *    context) is made {@link RunMemory.stable}: equal to last run's, it is last run's object.
 *
 * A run without a watch session takes the same path with nothing remembered.
 */
import { flatDeep } from '../lib/flat.js';
import type { Kept, Memory, Slot } from '../lib/memory.js';
import { setOwn } from '../lib/pointer.js';

/** Whether `value` is a plain object or array (what JSON and YAML parsers make), as opposed to a class instance. */
function isPlain(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * `next` with each part deep-equal to the part of `previous` at the same place replaced by that part of
 * `previous`; `previous` itself when the two are deep-equal. Equal means the same keys in the same order
 * (the order is part of every output), the same array items, `Object.is` for scalars. Items of an array of
 * named objects (methods, params, examples) are matched by name first, so that a method added, removed or
 * moved leaves the others as they were. `next` must be freshly made (a parser's output): it is changed in
 * place.
 */
export function reconcile<T>(previous: unknown, next: T): T {
  return merge(previous, next) as T;
}

function merge(previous: unknown, next: unknown): unknown {
  if (Object.is(previous, next)) return previous;
  if (next === null || typeof next !== 'object' || previous === null || typeof previous !== 'object') return next;
  if (!isPlain(next) || !isPlain(previous)) return next;
  if (Array.isArray(next)) {
    if (!Array.isArray(previous)) return next;
    return mergeArray(previous, next);
  }
  if (Array.isArray(previous)) return next;
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const keys = Object.keys(after);
  const old = Object.keys(before);
  let same = keys.length === old.length;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (same && old[i] !== k) same = false;
    const now = after[k];
    if (!Object.prototype.hasOwnProperty.call(before, k)) {
      same = false;
      continue;
    }
    const was = before[k];
    const kept = merge(was, now);
    if (!Object.is(kept, was)) same = false;
    if (kept !== now) setOwn(after, k, kept);
  }
  return same ? previous : next;
}

function nameOf(item: unknown): string | undefined {
  return item !== null && typeof item === 'object' && !Array.isArray(item) && typeof (item as { name?: unknown }).name === 'string' ? (item as { name: string }).name : undefined;
}

function mergeArray(previous: unknown[], next: unknown[]): unknown[] {
  let same = previous.length === next.length;
  // By place first: an edit inside one item leaves the others where they were.
  let aligned = true;
  for (let i = 0; i < next.length && i < previous.length; i++) {
    if (nameOf(next[i]) !== nameOf(previous[i])) {
      aligned = false;
      break;
    }
  }
  if (aligned) {
    for (let i = 0; i < next.length; i++) {
      const kept = i < previous.length ? merge(previous[i], next[i]) : next[i];
      if (i >= previous.length || !Object.is(kept, previous[i])) same = false;
      next[i] = kept;
    }
    return same ? previous : next;
  }
  // Items added, removed or moved: named items are matched by name (each old item at most once), the others by place.
  const byName = new Map<string, number[]>();
  previous.forEach((item, i) => {
    const name = nameOf(item);
    if (name === undefined) return;
    const list = byName.get(name);
    if (list) list.push(i);
    else byName.set(name, [i]);
  });
  const used = new Set<number>();
  for (let i = 0; i < next.length; i++) {
    const name = nameOf(next[i]);
    let match: number | undefined;
    if (name !== undefined) {
      const list = byName.get(name);
      while (list?.length && used.has(list[0]!)) list.shift();
      match = list?.shift();
    } else if (i < previous.length && nameOf(previous[i]) === undefined && !used.has(i)) match = i;
    if (match === undefined) {
      same = false;
      continue;
    }
    used.add(match);
    const kept = merge(previous[match], next[i]);
    if (match !== i || !Object.is(kept, previous[match])) same = false;
    next[i] = kept;
  }
  return same ? previous : next;
}

function sameShallow(a: object, b: object): boolean {
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    if (ka[i] !== kb[i] || !Object.is((a as Record<string, unknown>)[ka[i]!], (b as Record<string, unknown>)[kb[i]!])) return false;
  }
  return true;
}

/**
 * A function's results kept under the object they were computed from, with the other inputs they read
 * (`inputs`, compared item by item on a hit). One result per object: the last. Kept only while the object
 * lives, so a memo never keeps a run's values beyond the objects they belong to.
 */
class Memo<K extends object, V> implements Kept<K, V> {
  readonly #entries = new WeakMap<K, Entry<V>>();

  /** `flatten`: the results are plain data whose texts are made flat when kept (see `flatDeep`). */
  constructor(private readonly flatten: boolean) {}

  get(key: K, inputs: readonly unknown[], make: () => V): V {
    const hit = this.#entries.get(key);
    if (hit?.holds(inputs)) return hit.value;
    const value = this.flatten ? flatDeep(make()) : make();
    this.#entries.set(key, new Entry(inputs, value));
    return value;
  }

  whenKeeping(key: K, inputs: () => readonly unknown[], make: () => V): V {
    return this.get(key, inputs(), make);
  }

  peek(key: K, inputs: readonly unknown[]): V | undefined {
    const hit = this.#entries.get(key);
    return hit?.holds(inputs) ? hit.value : undefined;
  }

  set(key: K, inputs: readonly unknown[], value: V): void {
    this.#entries.set(key, new Entry(inputs, value));
  }
}

/** The memo of a run that keeps nothing: every result is made. */
const NO_MEMO: Kept<object, unknown> = {
  get: (_key, _inputs, make) => make(),
  whenKeeping: (_key, _inputs, make) => make(),
  peek: () => undefined,
  set: () => {},
};

/**
 * A kept result with its inputs, up to four of them held in fields of its own: thousands of entries live
 * from run to run, and an array each would be as many more objects for the garbage collector to trace.
 */
class Entry<V> {
  readonly count: number;
  readonly a: unknown;
  readonly b: unknown;
  readonly c: unknown;
  readonly d: unknown;
  readonly rest: readonly unknown[] | undefined;
  constructor(
    inputs: readonly unknown[],
    readonly value: V,
  ) {
    this.count = inputs.length;
    this.a = inputs[0];
    this.b = inputs[1];
    this.c = inputs[2];
    this.d = inputs[3];
    this.rest = inputs.length > 4 ? inputs.slice(4) : undefined;
  }
  holds(inputs: readonly unknown[]): boolean {
    if (inputs.length !== this.count) return false;
    if (!Object.is(inputs[0], this.a) || !Object.is(inputs[1], this.b) || !Object.is(inputs[2], this.c) || !Object.is(inputs[3], this.d)) return false;
    const rest = this.rest;
    if (rest) for (let i = 4; i < inputs.length; i++) if (!Object.is(inputs[i], rest[i - 4])) return false;
    return true;
  }
}

/**
 * What one run leaves for the next in a long-lived process: the files it read (text and value), the values
 * derived under a name that the next run reconciles its own with, and every stage's kept results, by their
 * slot (see lib/memory.ts). A watch session has one for all its runs (`keeping`); a run without a session
 * has a new, empty one that keeps nothing for a next run.
 */
export class RunMemory implements Memory {
  readonly #memos = new Map<object, Kept<object, unknown>>();
  readonly #tables = new Map<object, WeakMap<object, unknown>>();
  /** The last pieces joined under each name (see `join`). */
  readonly #joins = new Map<string, { readonly pieces: readonly string[]; readonly separator: string; readonly text: string }>();

  /**
   * `reach`: what a part reaches (speed/reach.ts), given by the session; without it every part reaches
   * something new each time it is asked (nothing kept under a reach is used again).
   */
  constructor(
    readonly keeping: boolean,
    private readonly reachOf: (document: Record<string, unknown>, part: object, memory: Memory) => object = () => ({}),
  ) {}

  memo<K extends object, V>(slot: Slot<K, V>): Kept<K, V> {
    if (!this.keeping) return NO_MEMO as Kept<K, V>;
    let memo = this.#memos.get(slot);
    if (!memo) this.#memos.set(slot, (memo = new Memo(slot.flatten)));
    return memo as Kept<K, V>;
  }

  table<K extends object, V>(slot: Slot<K, V>): WeakMap<K, V> {
    let table = this.#tables.get(slot);
    if (!table) this.#tables.set(slot, (table = new WeakMap()));
    return table as WeakMap<K, V>;
  }

  keptIn<K extends object, V>(slot: Slot<K, V>, key: K, make: () => V): V {
    const table = this.table(slot);
    let value = table.get(key);
    if (value === undefined) {
      value = make();
      if (this.keeping) table.set(key, value);
    }
    return value;
  }

  join(slot: string, pieces: readonly string[], separator = ''): string {
    if (!this.keeping) return pieces.join(separator);
    const last = this.#joins.get(slot);
    // (Equal strings that are one object compare at once.)
    if (last && last.separator === separator && last.pieces.length === pieces.length && last.pieces.every((p, i) => p === pieces[i])) return last.text;
    const text = pieces.join(separator);
    this.#joins.set(slot, { pieces, separator, text });
    return text;
  }

  reach(document: Record<string, unknown>, part: object): object {
    return this.reachOf(document, part, this);
  }

  /** Last run's value under each name (see {@link stable}). */
  readonly #slots = new Map<string, unknown>();

  /**
   * `value`, or last run's value under `slot` when the two are deep-equal (and last run's parts for the parts
   * that are): what a stage derives anew each run keeps its identity while it stays the same.
   */
  stable<T>(slot: string, value: T): T {
    const kept = this.#slots.has(slot) ? reconcile(this.#slots.get(slot), value) : value;
    this.#slots.set(slot, kept);
    return kept;
  }

  /**
   * `value`, or last run's value under `slot` when the two have the same keys in the same order with the same
   * values (`Object.is`): for objects put together from parts that are kept themselves.
   */
  shallow<T extends object>(slot: string, value: T): T {
    const last = this.#slots.get(slot);
    const kept = last !== undefined && sameShallow(last as object, value) ? (last as T) : value;
    this.#slots.set(slot, kept);
    return kept;
  }

  /**
   * An object standing for `key` (a text that says everything some results depend on): last run's object
   * under `slot` while the key is the same text, a new one when it is not. Results kept under the token are
   * compared by it at the cost of one comparison of the key per run.
   */
  token(slot: string, key: string): object {
    const last = this.#tokens.get(slot);
    if (last?.key === key) return last.token;
    const token = {};
    this.#tokens.set(slot, { key, token });
    return token;
  }
  readonly #tokens = new Map<string, { key: string; token: object }>();

  /** Last run's value under `slot` (set with {@link remember}). */
  recall<T>(slot: string): T | undefined {
    return this.#slots.get(slot) as T | undefined;
  }

  remember(slot: string, value: unknown): void {
    this.#slots.set(slot, value);
  }
}

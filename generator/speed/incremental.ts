/**
 * How a long-lived process (the watch loop) does only the work an edit calls for, by one mechanism:
 * identity.
 *
 * 1. A file parsed again is reconciled with its value of the last run ({@link reconcile}): every part equal
 *    to the part at the same place before is that very object. After an edit of one method, every other
 *    method, schema and component of the file is the object it was, and so is every copy the bundle makes of
 *    it and every model object built from it (each stage keeps its results by its inputs' identity).
 * 2. Work on a part is kept in a {@link Memo} under the part's object, with the other inputs it read (the
 *    components it reaches, names, options) compared on a hit: a hit is exactly what computing again gives.
 * 3. What a stage derives that has no object of its own to be kept under (a service's names, a page's
 *    context) is made {@link RunMemory.stable}: equal to last run's, it is last run's object.
 *
 * A run without a watch session takes the same path with nothing remembered.
 */
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

/**
 * Whether what is computed now is kept for a next run: true while a run of a watch session is under way.
 * A run without a session has no next run, so it keeps nothing it would only keep for one (it still reads
 * what is kept, and keeps what it reuses within itself); with it off, a cold run does the work a cold run
 * did before there was anything to keep. Runs of different sessions in one process only make each other
 * keep more or less: a result is used only when its inputs are the same, kept or not.
 */
let keeping = false;

export function isKeeping(): boolean {
  return keeping;
}

export function setKeeping(on: boolean): void {
  keeping = on;
}

/** What `memo` holds under `key`, or `make()`: kept there only while keeping (see `isKeeping`). */
export function keptIn<K extends object, V>(memo: WeakMap<K, V>, key: K, make: () => V): V {
  let value = memo.get(key);
  if (value === undefined) {
    value = make();
    if (keeping) memo.set(key, value);
  }
  return value;
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
export class Memo<K extends object, V> {
  readonly #entries = new WeakMap<K, Entry<V>>();

  /** `flatten`: the results are plain data whose texts are made flat when kept (see `flatDeep`). */
  constructor(private readonly flatten = false) {}

  get(key: K, inputs: readonly unknown[], make: () => V): V {
    const hit = this.#entries.get(key);
    if (hit?.holds(inputs)) return hit.value;
    if (!keeping) return make();
    const value = this.flatten ? flatDeep(make()) : make();
    this.#entries.set(key, new Entry(inputs, value));
    return value;
  }

  /**
   * `get`, with inputs that cost something to find (a reach, a page's context) found only by a run that
   * keeps (see `isKeeping`): a run that keeps nothing makes the result.
   */
  whenKeeping(key: K, inputs: () => readonly unknown[], make: () => V): V {
    return keeping ? this.get(key, inputs(), make) : make();
  }

  /** The kept result when its inputs are `inputs`. */
  peek(key: K, inputs: readonly unknown[]): V | undefined {
    const hit = this.#entries.get(key);
    return hit?.holds(inputs) ? hit.value : undefined;
  }

  set(key: K, inputs: readonly unknown[], value: V): void {
    if (keeping) this.#entries.set(key, new Entry(inputs, value));
  }
}

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
 * What one run leaves for the next in a long-lived process: the files it read (text and value), and the
 * values derived under a name that the next run reconciles its own with. A run without a watch session has
 * a new, empty one.
 */
export class RunMemory {
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

/**
 * `text`, made flat: a text built by concatenation is a tree of pieces (one heap object each) until it is
 * read as a whole, and a text kept from run to run (a module's, a method's section) is kept as one object.
 */
export function flat(text: string): string {
  // Reading a character makes V8 flatten the whole text in place.
  if (text.length) text.charCodeAt(0);
  return text;
}

/**
 * `value` (plain data: a view, a part), with every text in it made flat (see `flat`): for data kept from run
 * to run, whose texts built by concatenation would each be several objects.
 */
export function flatDeep<T>(value: T): T {
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      if (v.length >= 13) v.charCodeAt(0);
    } else if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) for (const k in v) walk((v as Record<string, unknown>)[k]);
  };
  walk(value);
  return value;
}

/** The last pieces joined under each name (see `keptJoin`). */
const joins = new Map<string, { readonly pieces: readonly string[]; readonly separator: string; readonly text: string }>();

/**
 * `pieces.join(separator)`, or the same text as last time under `slot` when the pieces are the same
 * strings (the same objects, as kept texts are): an output put together from kept parts is then the same
 * string object as last run's, compared and hashed at no cost.
 */
export function keptJoin(slot: string, pieces: readonly string[], separator = ''): string {
  if (!keeping) return pieces.join(separator);
  const last = joins.get(slot);
  // (Equal strings that are one object compare at once.)
  if (last && last.separator === separator && last.pieces.length === pieces.length && last.pieces.every((p, i) => p === pieces[i])) return last.text;
  const text = pieces.join(separator);
  joins.set(slot, { pieces, separator, text });
  return text;
}

/** Let go of the texts `keptJoin` keeps (a run without a watch session keeps nothing for a next one). */
export function forgetJoins(): void {
  joins.clear();
}

/**
 * What a run keeps for the next one, as the stages that use it see it: a narrow interface, given to them by
 * the run (an emitter finds it on its context). speed/incremental.ts implements it: a watch session's
 * memory keeps results from run to run; a run without a session gets one that keeps nothing, and takes the
 * same path. A stage holds no results of its own between runs: each purpose it keeps results for is a
 * {@link Slot}, and the memory holds that slot's store.
 */

/** One purpose results are kept for (a key, made once per module; it holds nothing itself). */
export interface Slot<K extends object, V> {
  /** What is kept, for a reader (and a debugger). */
  readonly name: string;
  /** Whether the results are plain data whose texts are made flat when kept (see `flatDeep`). */
  readonly flatten: boolean;
  /** (Only for the compiler: the slot's key and value types.) */
  readonly types?: (key: K) => V;
}

export function slot<K extends object, V>(name: string, flatten = false): Slot<K, V> {
  return { name, flatten };
}

/**
 * Results kept under the object they were computed from, with the other inputs they read (compared item by
 * item on a hit). One result per object: the last. A memory that keeps nothing makes every result.
 */
export interface Kept<K extends object, V> {
  get(key: K, inputs: readonly unknown[], make: () => V): V;
  /**
   * `get`, with inputs that cost something to find (a reach, a page's context) found only by a run that
   * keeps: a run that keeps nothing makes the result.
   */
  whenKeeping(key: K, inputs: () => readonly unknown[], make: () => V): V;
  /** The kept result when its inputs are `inputs`. */
  peek(key: K, inputs: readonly unknown[]): V | undefined;
  set(key: K, inputs: readonly unknown[], value: V): void;
}

export interface Memory {
  /**
   * Whether what is computed now is kept for a next run: true for a run of a watch session. A run without
   * one keeps nothing it would only keep for a next run, and does the work a cold run did before there was
   * anything to keep.
   */
  readonly keeping: boolean;
  /** The results kept for `slot`. */
  memo<K extends object, V>(slot: Slot<K, V>): Kept<K, V>;
  /**
   * A table of values by object for `slot`, which its user reads freely and writes only while `keeping`
   * (a memory that keeps nothing gives an empty one).
   */
  table<K extends object, V>(slot: Slot<K, V>): WeakMap<K, V>;
  /** What `table(slot)` holds under `key`, or `make()`: kept there only while keeping. */
  keptIn<K extends object, V>(slot: Slot<K, V>, key: K, make: () => V): V;
  /**
   * `pieces.join(separator)`, or the same text as last time under `slot` when the pieces are the same
   * strings (the same objects, as kept texts are): an output put together from kept parts is then the same
   * string object as last run's, compared and hashed at no cost.
   */
  join(slot: string, pieces: readonly string[], separator?: string): string;
  /**
   * `value`, or last run's value under `slot` when the two are deep-equal (and last run's parts for the parts
   * that are): what a stage derives anew each run keeps its identity while it stays the same.
   */
  stable<T>(slot: string, value: T): T;
  /**
   * `value`, or last run's value under `slot` when the two have the same keys in the same order with the same
   * values (`Object.is`): for objects put together from parts that are kept themselves.
   */
  shallow<T extends object>(slot: string, value: T): T;
  /**
   * An object standing for `key` (a text that says everything some results depend on): last run's object
   * under `slot` while the key is the same text, a new one when it is not.
   */
  token(slot: string, key: string): object;
  /** Last run's value under `slot` (set with `remember`). */
  recall<T>(slot: string): T | undefined;
  remember(slot: string, value: unknown): void;
  /**
   * What a part of a bundled document (a method, a component) reaches through its references: an object
   * that is the same as long as every place it reaches holds the same object, for use as an input of a
   * result kept under the part.
   */
  reach(document: Record<string, unknown>, part: object): object;
}

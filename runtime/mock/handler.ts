/**
 * The mock's raw handler: every method answered from the spec's examples, in wire form.
 *
 * Which example: the request header `x-mock-example: <name>` names one; otherwise the example whose params
 * are exactly the request's (by name, or by position; hex compared without case); otherwise the one with the
 * most params equal to the request's (a list such as `nodeIDs` counts when the example's holds every item
 * asked for), the first on a tie, and the method's first example when none has any; the logger is told
 * whenever no example matched exactly. `x-mock-error: <code>` (or the index of
 * the error in the method's list) answers with one of the errors the spec lists for the method.
 * Subscriptions push their example's notifications in order, then stay open until unsubscribed.
 */
import type { ServerMethodMeta } from '../client/meta.js';
import { JsonText } from '../server/serialize.js';
import type { HandlerContext, LogEntry, Logger, RawHandler, RequestHeaders } from '../server/types.js';
import { MockChain, startingHead } from './chain.js';
import type { Replay } from './replay.js';
import type { MockExample, MockServiceData } from './types.js';
import { jsonEqual } from './json-equal.js';
import { isRecord } from '../guards.js';

/** A JSON-RPC error the mock answers with (the server sends code, message and data as they are). */
export class MockError extends Error {
  static {
    this.prototype.name = 'MockError';
  }
  readonly code: number;
  readonly data?: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    if (data !== undefined) this.data = data;
  }
}

function header(headers: RequestHeaders, name: string): string | undefined {
  const v = headers[name];
  return typeof v === 'string' ? v : v === undefined ? undefined : v[0];
}

/** Deep equality of JSON values. */

type Params = readonly { readonly name: string; readonly value: unknown }[];

/** Where the request holds an example's param: its value, or `absent`. */
const ABSENT = Symbol('absent');

function given(request: unknown, name: string, index: number, positionOf: (name: string, index: number) => number): unknown {
  if (Array.isArray(request)) {
    const at = positionOf(name, index);
    return at < request.length ? request[at] : ABSENT;
  }
  if (isRecord(request)) return Object.prototype.hasOwnProperty.call(request, name) ? request[name] : ABSENT;
  return ABSENT;
}

/**
 * Whether the request's value is covered by the example's: equal, or (for a list such as `nodeIDs`) every item
 * the request asks for is in the example's list, so the example's answer holds what was asked.
 */
function covers(example: unknown, request: unknown): boolean {
  if (jsonEqual(example, request)) return true;
  return Array.isArray(example) && Array.isArray(request) && request.length > 0 && request.every((r) => example.some((e) => jsonEqual(e, r)));
}

/** Whether the request holds a param (not null) that the example does not pin. */
function extra(example: Params, request: unknown, positionOf: (name: string, index: number) => number): boolean {
  if (Array.isArray(request)) {
    const pinned = new Set(example.map((p, i) => positionOf(p.name, i)));
    return request.some((v, i) => v !== null && v !== undefined && !pinned.has(i));
  }
  if (!isRecord(request)) return false;
  const names = new Set(example.map((p) => p.name));
  return Object.keys(request).some((k) => request[k] !== null && request[k] !== undefined && !names.has(k));
}

/**
 * How well an example fits the request: `exact` when the params it pins are the request's and all equal,
 * how many of its params are equal to, or cover, the request's, and how many it pins that the request
 * does not give or gives otherwise.
 */
function fitOf(example: Params, request: unknown, positionOf: (name: string, index: number) => number): { exact: boolean; equal: number; conflicts: number } {
  let exact = !extra(example, request, positionOf);
  let equal = 0;
  let conflicts = 0;
  for (let i = 0; i < example.length; i++) {
    const p = example[i] as Params[number];
    const value = given(request, p.name, i, positionOf);
    if (value !== ABSENT && jsonEqual(value, p.value)) equal++;
    else {
      exact = false;
      if (value !== ABSENT && covers(p.value, value)) equal++;
      else conflicts++;
    }
  }
  return { exact, equal, conflicts };
}

/** An example chosen for a call, and whether its params matched the call's exactly. */
interface Choice<T> {
  readonly example: T | undefined;
  readonly matched: boolean;
  /** How many of its params equal (or cover) the call's. */
  readonly equal: number;
}

/**
 * The example a call is answered from: the one named by `x-mock-example`; else the first whose params are
 * exactly the call's; else the one with the most params equal to (or, for lists, covering) the call's, then
 * the fewest params that say otherwise than the call (an example of a filter the call did not ask for loses
 * to one that pins nothing), the first on a tie.
 */
function pick<T extends { readonly name: string; readonly params: Params }>(
  examples: readonly T[],
  request: unknown,
  named: string | undefined,
  what: string,
  positionOf: (name: string, index: number) => number,
): Choice<T> {
  if (named !== undefined) {
    const found = examples.find((e) => e.name === named);
    if (found) return { example: found, matched: true, equal: found.params.length };
    throw new MockError(
      -32602,
      `x-mock-example: ${what} has no example ${JSON.stringify(named)}; its examples: ${examples.map((e) => JSON.stringify(e.name)).join(', ') || '(none)'}`,
    );
  }
  let exact: T | undefined;
  let exactPins = -1;
  let near: T | undefined;
  let nearEqual = 0;
  let nearConflicts = Number.POSITIVE_INFINITY;
  for (const e of examples) {
    const f = fitOf(e.params, request, positionOf);
    if (f.exact && exact === undefined) {
      exact = e;
      exactPins = e.params.length;
    } else if (!f.exact && (f.equal > nearEqual || (f.equal === nearEqual && f.conflicts < nearConflicts))) {
      near = e;
      nearEqual = f.equal;
      nearConflicts = f.conflicts;
    }
  }
  if (exact) return { example: exact, matched: true, equal: exactPins };
  return { example: near ?? examples[0], matched: false, equal: nearEqual };
}

function listedError(meta: ServerMethodMeta, wanted: string): MockError {
  const errors = meta.errors;
  const value = wanted.trim();
  let found: (typeof errors)[number] | undefined;
  if (/^-?\d+$/.test(value)) {
    const n = Number(value);
    found = errors.find((e) => e.code === n) ?? (n >= 0 && n < errors.length ? errors[n] : undefined);
  } else {
    found = errors.find((e) => e.message === value);
  }
  if (found) return new MockError(found.code, found.message, found.data);
  const listed = errors.map((e, i) => `${i} = ${e.code} ${JSON.stringify(e.message)}`).join('; ');
  return new MockError(
    -32602,
    `x-mock-error: ${meta.name} lists no error ${JSON.stringify(value)}; ${listed ? `send a code or an index: ${listed}` : 'the spec lists no errors for it'}`,
  );
}

/** Pushes `items`, then stays open (pending) until `return()` or the signal ends it. */
function holdOpen(items: readonly unknown[], signal: AbortSignal | undefined): AsyncIterable<unknown> {
  let i = 0;
  let done = false;
  let wake: (() => void) | undefined;
  const finish = (): void => {
    done = true;
    wake?.();
  };
  signal?.addEventListener('abort', finish, { once: true });
  const iterator: AsyncIterator<unknown> = {
    next: () => {
      if (done) return Promise.resolve({ done: true, value: undefined });
      if (i < items.length) return Promise.resolve({ done: false, value: items[i++] });
      return new Promise((resolve) => {
        wake = () => resolve({ done: true, value: undefined });
      });
    },
    return: () => {
      finish();
      return Promise.resolve({ done: true, value: undefined });
    },
  };
  return { [Symbol.asyncIterator]: () => iterator };
}

/**
 * A live subscription: on each new block of `chain`, the example's notifications stamped as that block's
 * (nothing before the first new block, as on a node), until `return()` or the signal ends it.
 */
function live(chain: MockChain, items: readonly unknown[], signal: AbortSignal | undefined): AsyncIterable<unknown> {
  const queue: unknown[] = [];
  let done = false;
  let wake: (() => void) | undefined;
  const stop = chain.onBlock((n) => {
    for (const item of items) queue.push(chain.stamp(item, n));
    wake?.();
  });
  const finish = (): void => {
    done = true;
    stop();
    wake?.();
  };
  signal?.addEventListener('abort', finish, { once: true });
  const iterator: AsyncIterator<unknown> = {
    next: async () => {
      while (!done && queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      if (queue.length > 0 && !done) return { done: false, value: queue.shift() };
      return { done: true, value: undefined };
    },
    return: () => {
      finish();
      return Promise.resolve({ done: true, value: undefined });
    },
  };
  return { [Symbol.asyncIterator]: () => iterator };
}

/** The block number a block param names, on a chain whose head is `head`; undefined when it names none. */
function blockNumberOf(param: unknown, head: number): number | undefined {
  if (param === 'earliest') return 0;
  if (typeof param === 'string' && /^0x[0-9a-fA-F]+$/.test(param)) return Number.parseInt(param, 16);
  if (param === undefined || param === null || typeof param === 'string') return head;
  return undefined;
}

/**
 * On a running chain, the answers that depend on its head: `eth_blockNumber`, and `eth_getBlockByNumber`
 * as the example block stamped with the number asked for (null past the head); undefined for other methods.
 */
function fromChain(chain: MockChain, name: string, params: unknown, examples: readonly MockExample[]): { value: unknown } | undefined {
  if (name === 'eth_blockNumber') return { value: `0x${chain.head().toString(16)}` };
  if (name !== 'eth_getBlockByNumber' || !Array.isArray(params)) return undefined;
  const head = chain.head();
  const n = blockNumberOf(params[0], head);
  if (n === undefined) return undefined;
  if (n > head) return { value: null };
  const blocks = examples.filter((e) => e.result !== null && e.result !== undefined);
  const full = params[1] === true;
  const template = blocks.find((e) => (e.params[1]?.value === true) === full) ?? blocks[0];
  return template ? { value: chain.stamp(template.result, n) } : undefined;
}

/**
 * A raw handler answering every method of the given services from their examples, or first from recorded
 * exchanges (`replay`) where one matches the call (headers naming an example or an error still win).
 */
export function createMockRawHandler(data: readonly MockServiceData[], replay?: Replay, options: MockHandlerOptions = {}): RawHandler {
  return mockHandler(data, replay, false, options);
}

/**
 * The handler `startMock` serves with: the same answers, each example's result given with its JSON text,
 * made once per example (examples do not change), so the server does not stringify it on every call.
 */
export function createServingMockHandler(data: readonly MockServiceData[], replay?: Replay, options: MockHandlerOptions = {}): RawHandler {
  return mockHandler(data, replay, true, options);
}

export interface MockHandlerOptions {
  /** Told (level `warn`, event `example-unmatched`) when no example's params match a call's. */
  readonly logger?: Logger;
  /**
   * A new block every so many milliseconds: subscriptions push their examples as each block's, and
   * `eth_blockNumber` and `eth_getBlockByNumber` follow the head. 0 or absent: the examples as they are.
   */
  readonly blockTimeMs?: number;
}

function unmatched<T extends { readonly name: string; readonly params: Params }>(what: string, choice: Choice<T>, ctx: HandlerContext): LogEntry {
  const how = choice.example === undefined ? 'no example to answer with' : choice.equal > 0
    ? `answered with the closest, ${JSON.stringify(choice.example.name)} (${choice.equal} of its ${choice.example.params.length} params equal)`
    : `answered with the first, ${JSON.stringify(choice.example.name)}`;
  return { level: 'warn', event: 'example-unmatched', message: `${what}: no example has the call's params; ${how}`, service: ctx.service, method: ctx.method, transport: ctx.transport };
}

function mockHandler(data: readonly MockServiceData[], replay: Replay | undefined, serialized: boolean, options: MockHandlerOptions): RawHandler {
  const tell = (entry: LogEntry): void => {
    try {
      options.logger?.(entry);
    } catch {
      // A failing logger must not take a call down with it.
    }
  };
  const texts = new WeakMap<object, JsonText>();
  const byService = new Map(data.map((d) => [d.service, d]));
  const blockTime = options.blockTimeMs ?? 0;
  if (!(Number.isFinite(blockTime) && blockTime >= 0)) throw new RangeError(`blockTimeMs must be a number of milliseconds, 0 or more; got ${String(blockTime)}`);
  const chain = blockTime > 0 ? new MockChain(startingHead(data.find((d) => d.examples['eth_blockNumber'])?.examples['eth_blockNumber']), blockTime) : undefined;
  return (meta: ServerMethodMeta, wireParams: unknown, ctx: HandlerContext): unknown => {
    const d = byService.get(meta.service) ?? byService.get(ctx.service);
    const failWith = header(ctx.headers, 'x-mock-error');
    if (failWith !== undefined) throw listedError(meta, failWith);
    const named = header(ctx.headers, 'x-mock-example');
    if (meta.subscriptions) {
      const args = Array.isArray(wireParams) ? wireParams : [];
      const kind = String(args[0]);
      const examples = d?.subscriptions?.[meta.name]?.[kind] ?? [];
      const what = `${meta.name} ${JSON.stringify(kind)}`;
      const choice = pick(examples, args.slice(1), named, what, (_n, i) => i);
      if (!choice.matched && examples.length > 0) tell(unmatched(what, choice, ctx));
      const items = choice.example?.notifications ?? [];
      return chain && named === undefined ? live(chain, items, ctx.signal) : holdOpen(items, ctx.signal);
    }
    if (named === undefined && replay) {
      const recorded = replay.find(meta.name, wireParams, ctx.path, meta.structure === 'by-name');
      if (recorded?.error) throw new MockError(recorded.error.code, recorded.error.message, recorded.error.data);
      if (recorded) return recorded.result;
    }
    const examples = d?.examples[meta.name] ?? [];
    const onChain = chain && named === undefined ? fromChain(chain, meta.name, wireParams, examples) : undefined;
    if (onChain) return onChain.value;
    const positionOf = (name: string, index: number): number => {
      const at = meta.params.indexOf(name);
      return at >= 0 ? at : index;
    };
    const choice = pick(examples, wireParams, named, meta.name, positionOf);
    if (!choice.matched) tell(unmatched(meta.name, choice, ctx));
    const chosen = choice.example;
    if (!chosen) throw new MockError(-32603, `the mock has no example for ${meta.name}`);
    const result = Object.prototype.hasOwnProperty.call(chosen, 'result') ? chosen.result : null;
    if (!serialized) return result;
    let text = texts.get(chosen);
    if (text === undefined) {
      text = new JsonText(result, JSON.stringify(result) ?? 'null');
      texts.set(chosen, text);
    }
    return text;
  };
}

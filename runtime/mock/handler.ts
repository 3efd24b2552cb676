/**
 * The mock's raw handler: every method answered from the spec's examples, in wire form.
 *
 * Which example: the request header `x-mock-example: <name>` names one; otherwise the example whose params
 * all equal the request's (by name, or by position; extra request params ignored) and, among those, the one
 * that pins the most params; otherwise the method's first example. `x-mock-error: <code>` (or the index of
 * the error in the method's list) answers with one of the errors the spec lists for the method.
 * Subscriptions push their example's notifications in order, then stay open until unsubscribed.
 */
import type { ServerMethodMeta } from '../client/meta.js';
import { JsonText } from '../server/serialize.js';
import type { HandlerContext, RawHandler, RequestHeaders } from '../server/types.js';
import type { Replay } from './replay.js';
import type { MockServiceData } from './types.js';

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

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Deep equality of JSON values. */
const HEX = /^0[xX][0-9a-fA-F]*$/;

export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // Hex (addresses, hashes, data) is case-insensitive on the wire: a checksummed address names the same
  // account as its lower-case form.
  if (typeof a === 'string' && typeof b === 'string') return HEX.test(a) && HEX.test(b) && a.toLowerCase() === b.toLowerCase();
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => jsonEqual(v, bb[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

type Params = readonly { readonly name: string; readonly value: unknown }[];

/** How many params the example pins if they all match the request, or -1 when one differs. */
function score(example: Params, request: unknown, positionOf: (name: string, index: number) => number): number {
  for (let i = 0; i < example.length; i++) {
    const p = example[i] as Params[number];
    let given: unknown;
    let present: boolean;
    if (Array.isArray(request)) {
      const at = positionOf(p.name, i);
      present = at < request.length;
      given = request[at];
    } else if (isRecord(request)) {
      present = Object.prototype.hasOwnProperty.call(request, p.name);
      given = request[p.name];
    } else return -1;
    if (!present || !jsonEqual(given, p.value)) return -1;
  }
  return example.length;
}

function pick<T extends { readonly name: string; readonly params: Params }>(
  examples: readonly T[],
  request: unknown,
  named: string | undefined,
  what: string,
  positionOf: (name: string, index: number) => number,
): T | undefined {
  if (named !== undefined) {
    const found = examples.find((e) => e.name === named);
    if (found) return found;
    throw new MockError(
      -32602,
      `x-mock-example: ${what} has no example ${JSON.stringify(named)}; its examples: ${examples.map((e) => JSON.stringify(e.name)).join(', ') || '(none)'}`,
    );
  }
  let best: T | undefined;
  let bestScore = -1;
  for (const e of examples) {
    const s = score(e.params, request, positionOf);
    if (s > bestScore) {
      best = e;
      bestScore = s;
    }
  }
  return best ?? examples[0];
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
 * A raw handler answering every method of the given services from their examples, or first from recorded
 * exchanges (`replay`) where one matches the call (headers naming an example or an error still win).
 */
export function createMockRawHandler(data: readonly MockServiceData[], replay?: Replay): RawHandler {
  return mockHandler(data, replay, false);
}

/**
 * The handler `startMock` serves with: the same answers, each example's result given with its JSON text,
 * made once per example (examples do not change), so the server does not stringify it on every call.
 */
export function createServingMockHandler(data: readonly MockServiceData[], replay?: Replay): RawHandler {
  return mockHandler(data, replay, true);
}

function mockHandler(data: readonly MockServiceData[], replay: Replay | undefined, serialized: boolean): RawHandler {
  const texts = new WeakMap<object, JsonText>();
  const byService = new Map(data.map((d) => [d.service, d]));
  return (meta: ServerMethodMeta, wireParams: unknown, ctx: HandlerContext): unknown => {
    const d = byService.get(meta.service) ?? byService.get(ctx.service);
    const failWith = header(ctx.headers, 'x-mock-error');
    if (failWith !== undefined) throw listedError(meta, failWith);
    const named = header(ctx.headers, 'x-mock-example');
    if (meta.subscriptions) {
      const args = Array.isArray(wireParams) ? wireParams : [];
      const kind = String(args[0]);
      const examples = d?.subscriptions?.[meta.name]?.[kind] ?? [];
      const chosen = pick(examples, args.slice(1), named, `${meta.name} ${JSON.stringify(kind)}`, (_n, i) => i);
      return holdOpen(chosen?.notifications ?? [], ctx.signal);
    }
    if (named === undefined && replay) {
      const recorded = replay.find(meta.name, wireParams, ctx.path, meta.structure === 'by-name');
      if (recorded?.error) throw new MockError(recorded.error.code, recorded.error.message, recorded.error.data);
      if (recorded) return recorded.result;
    }
    const examples = d?.examples[meta.name] ?? [];
    const positionOf = (name: string, index: number): number => {
      const at = meta.params.indexOf(name);
      return at >= 0 ? at : index;
    };
    const chosen = pick(examples, wireParams, named, meta.name, positionOf);
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

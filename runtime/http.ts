/**
 * JSON-RPC over HTTP, on fetch. Every path settles: the fetch and the body read race the timeout and the
 * caller's signal, so even a fetch that ignores its AbortSignal cannot leave a call hanging.
 */
import {
  AbortError,
  EncodeError,
  HttpError,
  NodeRpcError,
  ProtocolError,
  RpcError,
  TimeoutError,
  TransportError,
  type JsonRpcErrorObject,
} from './errors.js';
import { createIdSource, frame, matchBatch, matchSingle, parseBody, type Expected, type Outcome } from './jsonrpc.js';
import type { HeadersLike, RequestOptions, ResponseInfo, RpcCall, Settled, Transport } from './transport.js';

/** The parts of a fetch Response the transport reads. */
export interface FetchResponseLike {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly headers?: HeadersLike;
  text(): Promise<string>;
}

/** `globalThis.fetch` or anything shaped like it. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<FetchResponseLike>;

export interface AutoBatchOptions {
  /** Milliseconds to wait for more calls before sending (default 0: calls made in the same tick). */
  readonly wait?: number;
  /** Calls per JSON-RPC array (default and cap: `maxBatchSize`). */
  readonly maxSize?: number;
}

export interface HttpTransportOptions {
  /** The endpoint's URL, e.g. `http://127.0.0.1:8545/rpc`. */
  readonly url: string;
  /** Sent with every request (`content-type: application/json` always is). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Default: `globalThis.fetch`. */
  readonly fetch?: FetchLike;
  /** Milliseconds per request, body included (default 30 000; 0 or Infinity: none). */
  readonly timeout?: number;
  /** Whether the endpoint accepts JSON-RPC arrays (the spec's `x-jsonrpc.batch`); default false. */
  readonly batch?: boolean;
  /** Calls per JSON-RPC array (default 40). */
  readonly maxBatchSize?: number;
  /** Group calls made close together into arrays (only where `batch` is true). */
  readonly autoBatch?: boolean | AutoBatchOptions;
  /** Validate results against the spec by default. */
  readonly validate?: boolean;
}

export interface HttpTransport extends Transport {
  readonly kind: 'http';
}

export const DEFAULT_TIMEOUT = 30_000;
export const DEFAULT_MAX_BATCH_SIZE = 40;

/** The raw HTTP answer. */
interface RawReply {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly text: string;
  readonly headers?: HeadersLike;
}

/** How one POST is bounded. */
interface PostLimits {
  readonly timeout: number;
  readonly signal?: AbortSignal;
  readonly headers?: Readonly<Record<string, string>>;
  readonly onResponse?: (response: ResponseInfo) => void;
}

/** Why a POST got no answer; turned into an error per call (a batch's calls each get their own). */
type PostFailure =
  | { readonly kind: 'timeout'; readonly timeout: number }
  | { readonly kind: 'abort'; readonly reason: unknown }
  | { readonly kind: 'closed' }
  | { readonly kind: 'network'; readonly stage: 'connect' | 'read'; readonly cause: unknown };

class PostFailed {
  constructor(readonly failure: PostFailure) {}
}

/** A call waiting in the auto-batch queue or in flight inside an array. */
interface Entry {
  readonly call: RpcCall;
  settled: boolean;
  /** Told when the call settles: the POST carrying it is cancelled once all its calls have settled. */
  onSettled?: () => void;
  settle(outcome: Outcome): void;
}

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!(value >= 0)) throw new RangeError(`${name} must be a non-negative number of milliseconds, got ${value}`);
  return value;
}

function batchSize(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}

function errorMessage(e: unknown): string {
  if (e instanceof Error) {
    const cause = (e as { cause?: unknown }).cause;
    const detail = cause instanceof Error && cause.message && cause.message !== e.message ? ` (${cause.message})` : '';
    return `${e.message}${detail}`;
  }
  return String(e);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A JSON-RPC error object inside a failed (non-2xx) response, read leniently. */
function errorObjectIn(body: unknown): JsonRpcErrorObject | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
  const { code, message, data } = body.error;
  if (typeof code !== 'number' || !Number.isInteger(code) || typeof message !== 'string') return undefined;
  return 'data' in body.error ? { code, message, data } : { code, message };
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function serialize(id: number, call: RpcCall): string | EncodeError {
  try {
    return JSON.stringify(frame(id, call.method, call.params));
  } catch (e) {
    return new EncodeError(call.method, `the params cannot be sent as JSON (${errorMessage(e)}); pass them in wire form`, { cause: e });
  }
}

function settledOf(o: Outcome): Settled<unknown> {
  return o.ok ? { status: 'fulfilled', value: o.value } : { status: 'rejected', reason: o.error };
}

function settleAll(promises: readonly Promise<unknown>[]): Promise<Settled<unknown>[]> {
  return Promise.all(
    promises.map((p) =>
      p.then(
        (value): Settled<unknown> => ({ status: 'fulfilled', value }),
        (reason: unknown): Settled<unknown> => ({ status: 'rejected', reason }),
      ),
    ),
  );
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function createHttpTransport(options: HttpTransportOptions): HttpTransport {
  const url = options.url;
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) {
    throw new TypeError(`createHttpTransport: url must be an http:// or https:// URL, got ${JSON.stringify(url)}`);
  }
  const fetchImpl: FetchLike | undefined = options.fetch ?? (globalThis.fetch as unknown as FetchLike | undefined);
  const defaultTimeout = nonNegative('timeout', options.timeout, DEFAULT_TIMEOUT);
  const batching = options.batch === true;
  const maxBatchSize = batchSize('maxBatchSize', options.maxBatchSize, DEFAULT_MAX_BATCH_SIZE);
  const auto = options.autoBatch ? (options.autoBatch === true ? {} : options.autoBatch) : undefined;
  const autoWait = nonNegative('autoBatch.wait', auto?.wait, 0);
  const autoSize = Math.min(maxBatchSize, batchSize('autoBatch.maxSize', auto?.maxSize, maxBatchSize));
  const nextId = createIdSource();
  let closed = false;
  const inFlight = new Set<{ abort(): void }>();

  function headersFor(extra: Readonly<Record<string, string>> | undefined): Record<string, string> {
    const out: Record<string, string> = {};
    for (const source of [options.headers, extra]) {
      for (const [k, v] of Object.entries(source ?? {})) out[k.toLowerCase()] = v;
    }
    // The node answers 415 without it; no caller header may replace it.
    out['content-type'] = 'application/json';
    out.accept ??= 'application/json';
    return out;
  }

  function closedError(call: RpcCall): TransportError {
    return new TransportError(`${call.method}: the transport for ${url} is closed; create a new one`, { method: call.method, url });
  }

  /** A POST failure, as the error of one call. */
  function errorFor(e: unknown, call: RpcCall): NodeRpcError {
    const ctx = { method: call.method, url };
    if (!(e instanceof PostFailed)) return e instanceof NodeRpcError ? e : new TransportError(`${call.method}: ${errorMessage(e)}`, { ...ctx, cause: e });
    const f = e.failure;
    switch (f.kind) {
      case 'timeout':
        return new TimeoutError(f.timeout, ctx);
      case 'abort':
        return new AbortError(f.reason, ctx);
      case 'closed':
        return new TransportError(`${call.method}: the transport for ${url} was closed during the call`, ctx);
      case 'network':
        return f.stage === 'connect'
          ? new TransportError(`${call.method}: could not reach ${url}: ${errorMessage(f.cause)}. Check the URL and that the node is running.`, {
              ...ctx,
              cause: f.cause,
            })
          : new TransportError(`${call.method}: the connection to ${url} failed while reading the reply: ${errorMessage(f.cause)}`, {
              ...ctx,
              cause: f.cause,
            });
    }
  }

  /**
   * One POST, bounded by the timeout and the signal: the fetch and the body read race them, so a fetch that
   * ignores its AbortSignal still cannot hang the call. Rejects with a PostFailed.
   */
  async function post(body: string, limits: PostLimits): Promise<RawReply> {
    if (closed) throw new PostFailed({ kind: 'closed' });
    if (!fetchImpl) throw new PostFailed({ kind: 'network', stage: 'connect', cause: new Error('no fetch implementation: pass `fetch`') });
    const signal = limits.signal;
    if (signal?.aborted) throw new PostFailed({ kind: 'abort', reason: signal.reason });
    const controller = new AbortController();
    let stop!: (f: PostFailure) => void;
    const stopped = new Promise<never>((_, reject) => {
      stop = (f) => {
        reject(new PostFailed(f));
        controller.abort();
      };
    });
    stopped.catch(() => undefined);
    const onAbort = (): void => stop({ kind: 'abort', reason: signal?.reason });
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer =
      limits.timeout > 0 && Number.isFinite(limits.timeout) ? setTimeout(() => stop({ kind: 'timeout', timeout: limits.timeout }), limits.timeout) : undefined;
    const closer = { abort: (): void => stop({ kind: 'closed' }) };
    inFlight.add(closer);
    try {
      const attempt = (async (): Promise<RawReply> => {
        let res: FetchResponseLike;
        try {
          res = await fetchImpl(url, { method: 'POST', headers: headersFor(limits.headers), body, signal: controller.signal });
        } catch (cause) {
          throw new PostFailed({ kind: 'network', stage: 'connect', cause });
        }
        limits.onResponse?.({ url, status: res.status, statusText: res.statusText, headers: res.headers });
        try {
          return { status: res.status, statusText: res.statusText, ok: res.ok, text: await res.text(), headers: res.headers };
        } catch (cause) {
          throw new PostFailed({ kind: 'network', stage: 'read', cause });
        }
      })();
      attempt.catch(() => undefined);
      return await Promise.race([attempt, stopped]);
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      inFlight.delete(closer);
    }
  }

  function emptyReply(raw: RawReply, call: RpcCall, what: string): ProtocolError {
    return new ProtocolError(`the reply ${what} is empty (HTTP ${raw.status}) where a JSON-RPC reply was expected`, { method: call.method, url });
  }

  function httpError(raw: RawReply, call: RpcCall): HttpError {
    return new HttpError(raw.status, raw.statusText, raw.text, { method: call.method, url, redact: call.redact, headers: raw.headers });
  }

  function interpretSingle(raw: RawReply, expected: Expected): Outcome {
    const call = expected.call;
    const ctx = { url, status: raw.status };
    if (!raw.ok) {
      // A JSON-RPC error behind a failure status (a 500 from some servers) is the more precise report.
      const error = errorObjectIn(tryParse(raw.text));
      return {
        ok: false,
        error: error ? new RpcError(error, { method: call.method, url, status: raw.status, redact: call.redact, headers: raw.headers }) : httpError(raw, call),
      };
    }
    if (raw.text.trim() === '') return { ok: false, error: emptyReply(raw, call, 'to the call') };
    let body: unknown;
    try {
      body = parseBody(raw.text, call, ctx);
    } catch (e) {
      return { ok: false, error: e as NodeRpcError };
    }
    return matchSingle(body, expected, ctx, raw.text);
  }

  function interpretBatch(raw: RawReply, expected: readonly Expected[]): Outcome[] {
    const ctx = { url, status: raw.status };
    if (!raw.ok) {
      const body = tryParse(raw.text);
      if (Array.isArray(body) && body.length > 0) {
        // Per-call JSON-RPC errors behind a failure status; anything else in it is the HTTP failure.
        return matchBatch(body, expected, ctx).map((o, i) =>
          !o.ok && o.error instanceof RpcError ? o : { ok: false, error: httpError(raw, expected[i]!.call) },
        );
      }
      const error = errorObjectIn(body);
      return expected.map((e) => ({
        ok: false,
        error: error ? new RpcError(error, { method: e.call.method, url, status: raw.status, redact: e.call.redact, headers: raw.headers }) : httpError(raw, e.call),
      }));
    }
    if (raw.text.trim() === '') return expected.map((e) => ({ ok: false, error: emptyReply(raw, e.call, `to a batch of ${expected.length} calls`) }));
    const body = tryParse(raw.text);
    if (body === undefined) {
      return expected.map((e) => ({
        ok: false,
        error: new ProtocolError('the reply to the batch is not JSON', { method: e.call.method, url, body: raw.text, redact: e.call.redact }),
      }));
    }
    return matchBatch(body, expected, ctx, raw.text);
  }

  async function single(call: RpcCall, opts: RequestOptions | undefined): Promise<unknown> {
    if (closed) throw closedError(call);
    const id = nextId();
    const body = serialize(id, call);
    if (typeof body !== 'string') throw body;
    let raw: RawReply;
    try {
      raw = await post(body, { timeout: opts?.timeout ?? defaultTimeout, signal: opts?.signal, headers: opts?.headers, onResponse: opts?.onResponse });
    } catch (e) {
      throw errorFor(e, call);
    }
    const o = interpretSingle(raw, { id, call });
    if (o.ok) return o.value;
    throw o.error;
  }

  /** One JSON-RPC array; one outcome per call, in order; never rejects. */
  async function array(calls: readonly RpcCall[], limits: PostLimits): Promise<Outcome[]> {
    const out: (Outcome | undefined)[] = calls.map(() => undefined);
    const parts: string[] = [];
    const expected: Expected[] = [];
    const slots: number[] = [];
    calls.forEach((call, i) => {
      if (closed) return (out[i] = { ok: false, error: closedError(call) });
      const id = nextId();
      const text = serialize(id, call);
      // A call that cannot be serialised fails alone; the others still go out.
      if (typeof text !== 'string') return (out[i] = { ok: false, error: text });
      parts.push(text);
      expected.push({ id, call });
      slots.push(i);
      return undefined;
    });
    if (parts.length > 0) {
      let outcomes: Outcome[];
      try {
        outcomes = interpretBatch(await post(`[${parts.join(',')}]`, limits), expected);
      } catch (e) {
        outcomes = expected.map((x) => ({ ok: false, error: errorFor(e, x.call) }));
      }
      slots.forEach((slot, k) => (out[slot] = outcomes[k]));
    }
    return out as Outcome[];
  }

  async function batch(calls: readonly RpcCall[], opts?: RequestOptions): Promise<Settled<unknown>[]> {
    if (calls.length === 0) return [];
    // Endpoints that do not take arrays answer one with a parse error: send the calls one by one instead.
    if (!batching) return settleAll(calls.map((c) => single(c, opts)));
    const limits = { timeout: opts?.timeout ?? defaultTimeout, signal: opts?.signal, headers: opts?.headers, onResponse: opts?.onResponse };
    const parts = await Promise.all(
      chunks(calls, maxBatchSize).map((part) =>
        part.length === 1 ? settleAll([single(part[0]!, opts)]) : array(part, limits).then((os) => os.map(settledOf)),
      ),
    );
    return parts.flat();
  }

  // ---- auto-batching: calls queued in the same tick (or within `wait` ms) go out together ----
  let queue: Entry[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | undefined;

  function enqueue(call: RpcCall, opts: RequestOptions | undefined): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const ctx = { method: call.method, url };
      if (closed) return reject(closedError(call));
      const signal = opts?.signal;
      if (signal?.aborted) return reject(new AbortError(signal.reason, ctx));
      const timeout = opts?.timeout ?? defaultTimeout;
      const entry: Entry = {
        call,
        settled: false,
        settle(o) {
          if (entry.settled) return;
          entry.settled = true;
          if (timer !== undefined) clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          const at = queue.indexOf(entry);
          if (at >= 0) queue.splice(at, 1);
          entry.onSettled?.();
          if (o.ok) resolve(o.value);
          else reject(o.error);
        },
      };
      const onAbort = (): void => entry.settle({ ok: false, error: new AbortError(signal?.reason, ctx) });
      signal?.addEventListener('abort', onAbort, { once: true });
      // Each queued call keeps its own deadline; the POST carrying it is cancelled when all its calls are done.
      const timer =
        timeout > 0 && Number.isFinite(timeout) ? setTimeout(() => entry.settle({ ok: false, error: new TimeoutError(timeout, ctx) }), timeout) : undefined;
      queue.push(entry);
      if (queue.length >= autoSize) flush();
      else flushTimer ??= setTimeout(flush, autoWait);
    });
  }

  function flush(): void {
    if (flushTimer !== undefined) clearTimeout(flushTimer);
    flushTimer = undefined;
    const taken = queue;
    queue = [];
    for (const part of chunks(taken, autoSize)) void sendQueued(part);
  }

  async function sendQueued(entries: readonly Entry[]): Promise<void> {
    const controller = new AbortController();
    let open = entries.length;
    for (const e of entries) e.onSettled = () => --open === 0 && controller.abort();
    const limits = { timeout: Infinity, signal: controller.signal };
    const outcomes =
      entries.length === 1
        ? [
            await single(entries[0]!.call, limits).then(
              (value): Outcome => ({ ok: true, value }),
              (error: unknown): Outcome => ({ ok: false, error: errorFor(error, entries[0]!.call) }),
            ),
          ]
        : await array(
            entries.map((e) => e.call),
            limits,
          );
    entries.forEach((e, i) => e.settle(outcomes[i]!));
  }

  return {
    kind: 'http',
    url,
    validate: options.validate,
    batching,
    request(call: RpcCall, opts?: RequestOptions): Promise<unknown> {
      if (auto && batching && !opts?.headers && !opts?.onResponse) return enqueue(call, opts);
      return single(call, opts);
    },
    batch,
    async close(): Promise<void> {
      closed = true;
      if (flushTimer !== undefined) clearTimeout(flushTimer);
      flushTimer = undefined;
      for (const e of [...queue]) e.settle({ ok: false, error: closedError(e.call) });
      queue = [];
      for (const c of [...inFlight]) c.abort();
    },
  };
}

/**
 * JSON-RPC arrays over HTTP: explicit batches and automatic batching. Loaded by the HTTP transport on first
 * use (a dynamic import, so a bundler puts it in its own chunk): an app that sends single calls never loads it.
 */
import { RpcError } from '../errors/base.js';
import { AbortError, ProtocolError, TimeoutError } from '../errors/transport.js';
import { closedError as closedFor, emptyReply as emptyFor, errorFor as failureFor, errorObjectIn, httpError as httpFor, serialize, tryParse } from './http-failures.js';
import type { HttpCore, PostLimits, RawReply } from './frame.js';
import { matchBatch, type Expected, type Outcome } from './jsonrpc.js';
import type { RequestOptions, RpcCall, Settled } from './transport.js';

/** A call waiting in the auto-batch queue or in flight inside an array. */
interface Entry {
  readonly call: RpcCall;
  settled: boolean;
  /** Told when the call settles: the POST carrying it is cancelled once all its calls have settled. */
  onSettled?: () => void;
  /** The caller's `onResponse`: told about the response of the array that carried the call. */
  readonly onResponse?: RequestOptions['onResponse'];
  settle(outcome: Outcome): void;
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

/** What the HTTP transport delegates to this module. */
export interface Batcher {
  batch(calls: readonly RpcCall[], opts?: RequestOptions): Promise<Settled<unknown>[]>;
  enqueue(call: RpcCall, opts: RequestOptions | undefined): Promise<unknown>;
  /** Settles every queued call with the transport's closed error. */
  close(): void;
}

export function createBatcher(core: HttpCore): Batcher {
  const { url, defaultTimeout, maxBatchSize, autoWait, autoSize, batching, nextId, post, single } = core;
  const closedError = (call: RpcCall) => closedFor(call, url);
  const errorFor = (e: unknown, call: RpcCall) => failureFor(e, call, url);
  const httpError = (raw: RawReply, call: RpcCall) => httpFor(raw, call, url);
  const emptyReply = (raw: RawReply, call: RpcCall, what: string) => emptyFor(raw, call, what, url);

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

  /** One JSON-RPC array; one outcome per call, in order; never rejects. */
  async function array(calls: readonly RpcCall[], limits: PostLimits): Promise<Outcome[]> {
    const out: (Outcome | undefined)[] = calls.map(() => undefined);
    const parts: string[] = [];
    const expected: Expected[] = [];
    const slots: number[] = [];
    calls.forEach((call, i) => {
      if (core.closed()) return (out[i] = { ok: false, error: closedError(call) });
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
      if (core.closed()) return reject(closedError(call));
      const signal = opts?.signal;
      if (signal?.aborted) return reject(new AbortError(signal.reason, ctx));
      const timeout = opts?.timeout ?? defaultTimeout;
      const entry: Entry = {
        call,
        settled: false,
        onResponse: opts?.onResponse,
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
    const limits: PostLimits = { timeout: Infinity, signal: controller.signal, onResponse: (r) => entries.forEach((e) => e.onResponse?.(r)) };
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
    batch,
    enqueue,
    close(): void {
      if (flushTimer !== undefined) clearTimeout(flushTimer);
      flushTimer = undefined;
      for (const e of [...queue]) e.settle({ ok: false, error: closedError(e.call) });
      queue = [];
    },
  };
}

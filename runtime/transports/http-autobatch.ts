/**
 * Automatic batching over HTTP: calls made in the same tick (or within `wait` ms) are queued and go out
 * together as JSON-RPC arrays of at most `autoSize` calls. Each queued call keeps its own deadline and
 * signal; the POST carrying calls is cancelled once all of them have settled.
 */
import { AbortError, TimeoutError } from '../errors/transport.js';
import { closedError, errorFor } from './http-failures.js';
import { chunks, sendArray } from './http-array.js';
import type { HttpCore, PostLimits } from './frame.js';
import type { Outcome } from './jsonrpc.js';
import type { RequestOptions, RpcCall } from './transport.js';

/** A call waiting in the queue or in flight inside an array. */
interface Entry {
  readonly call: RpcCall;
  settled: boolean;
  /** Told when the call settles: the POST carrying it is cancelled once all its calls have settled. */
  onSettled?: () => void;
  /** The caller's `onResponse`: told about the response of the array that carried the call. */
  readonly onResponse?: RequestOptions['onResponse'];
  settle(outcome: Outcome): void;
}

export interface AutoBatch {
  enqueue(call: RpcCall, opts: RequestOptions | undefined): Promise<unknown>;
  /** Settles every queued call with the transport's closed error. */
  close(): void;
}

/** Sends queued calls: one alone as a single call, more as one array. */
async function sendQueued(core: HttpCore, entries: readonly Entry[]): Promise<void> {
  const controller = new AbortController();
  let open = entries.length;
  for (const e of entries) e.onSettled = () => --open === 0 && controller.abort();
  const limits: PostLimits = { timeout: Infinity, signal: controller.signal, onResponse: (r) => entries.forEach((e) => e.onResponse?.(r)) };
  const outcomes =
    entries.length === 1
      ? [
          await core.single(entries[0]!.call, limits).then(
            (value): Outcome => ({ ok: true, value }),
            (error: unknown): Outcome => ({ ok: false, error: errorFor(error, entries[0]!.call, core.url) }),
          ),
        ]
      : await sendArray(
          core,
          entries.map((e) => e.call),
          limits,
        );
  entries.forEach((e, i) => e.settle(outcomes[i]!));
}

export function createAutoBatch(core: HttpCore): AutoBatch {
  const { url, defaultTimeout, autoWait, autoSize } = core;
  let queue: Entry[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | undefined;

  function flush(): void {
    if (flushTimer !== undefined) clearTimeout(flushTimer);
    flushTimer = undefined;
    const taken = queue;
    queue = [];
    for (const part of chunks(taken, autoSize)) void sendQueued(core, part);
  }

  return {
    enqueue: (call, opts) =>
      new Promise((resolve, reject) => {
        const ctx = { method: call.method, url };
        if (core.closed()) return reject(closedError(call, url));
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
      }),
    close(): void {
      if (flushTimer !== undefined) clearTimeout(flushTimer);
      flushTimer = undefined;
      for (const e of [...queue]) e.settle({ ok: false, error: closedError(e.call, url) });
      queue = [];
    },
  };
}

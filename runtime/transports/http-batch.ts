/**
 * JSON-RPC arrays over HTTP: explicit batches (here), automatic batching (http-autobatch.ts), both sending
 * their arrays through http-array.ts. Loaded by the HTTP transport on first use (a dynamic import, so a
 * bundler puts it in its own chunk): an app that sends single calls never loads it.
 */
import type { HttpCore } from './frame.js';
import { chunks, sendArray } from './http-array.js';
import { createAutoBatch } from './http-autobatch.js';
import type { Outcome } from './jsonrpc.js';
import type { RequestOptions, RpcCall, Settled } from './transport.js';

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

/** What the HTTP transport delegates to this module. */
export interface Batcher {
  batch(calls: readonly RpcCall[], opts?: RequestOptions): Promise<Settled<unknown>[]>;
  enqueue(call: RpcCall, opts: RequestOptions | undefined): Promise<unknown>;
  /** Settles every queued call with the transport's closed error. */
  close(): void;
}

export function createBatcher(core: HttpCore): Batcher {
  const { defaultTimeout, maxBatchSize, batching, single } = core;
  const auto = createAutoBatch(core);
  return {
    async batch(calls, opts) {
      if (calls.length === 0) return [];
      // Endpoints that do not take arrays answer one with a parse error: send the calls one by one instead.
      if (!batching) return settleAll(calls.map((c) => single(c, opts)));
      const limits = { timeout: opts?.timeout ?? defaultTimeout, signal: opts?.signal, headers: opts?.headers, onResponse: opts?.onResponse };
      const parts = await Promise.all(
        chunks(calls, maxBatchSize).map((part) =>
          part.length === 1 ? settleAll([single(part[0]!, opts)]) : sendArray(core, part, limits).then((os) => os.map(settledOf)),
        ),
      );
      return parts.flat();
    },
    enqueue: auto.enqueue,
    close: auto.close,
  };
}

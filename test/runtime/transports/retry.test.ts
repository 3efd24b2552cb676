/**
 * Retries against a fault-injecting server on 127.0.0.1, one scenario per row: what the server does to each
 * attempt, what the call does to the node (its spec effects), and the exact attempts, delays and outcome.
 * Time is fake (only the retry layer's waits and the transport's timeouts are timers), Math.random is pinned
 * to 0 so each backoff is its lower bound (retryDelay * 2^n / 2), and every row ends with no timer left.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { AbortError, HttpError, RpcError, TimeoutError, TransportError } from '../../../runtime/errors/index.js';
import { createHttpTransport } from '../../../runtime/transports/http.js';
import type { Effect } from '../../../runtime/client/meta.js';
import { retryAfter, retryBackoff, withRetry, type RetryEvent, type RetryOptions } from '../../../runtime/transports/retry.js';
import type { RequestOptions, Settled, Transport } from '../../../runtime/transports/transport.js';
import { nodeFetch, startFaultServer, type CountingFetch, type FaultServer, type Step } from '../../helpers/faults.js';

const T0 = Date.parse('2026-01-01T00:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(T0);
  vi.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const realTick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Settles `p` while moving fake time forward, but only when no request is on its way: every request in
 * flight is one the server holds on purpose. A scenario that does not settle fails instead of hanging.
 */
async function drive<T>(p: Promise<T>, fetch: CountingFetch, server: FaultServer | undefined): Promise<Settled<T>> {
  let outcome: Settled<T> | undefined;
  p.then(
    (value) => (outcome = { status: 'fulfilled', value }),
    (reason: unknown) => (outcome = { status: 'rejected', reason }),
  );
  for (let spins = 0; outcome === undefined; spins++) {
    if (spins > 20_000) throw new Error(`the scenario did not settle (timers: ${vi.getTimerCount()}, in flight: ${fetch.inFlight})`);
    if (vi.getTimerCount() > 0 && fetch.inFlight === (server?.held ?? 0)) await vi.advanceTimersToNextTimerAsync();
    else await realTick();
  }
  return outcome;
}

interface Row {
  readonly script: Step[];
  readonly effects?: Effect;
  readonly method?: string;
  readonly options?: RequestOptions;
  readonly retry?: RetryOptions;
  /** Transport timeout (default 0: none). */
  readonly timeout?: number;
  /** Requests the server received. */
  readonly attempts: number;
  /** Milliseconds between consecutive attempts. */
  readonly delays: number[];
  readonly outcome: 'ok' | ((error: unknown) => void);
}

const is =
  <E>(cls: new (...args: never[]) => E, check?: (e: E) => void) =>
  (error: unknown) => {
    expect(error).toBeInstanceOf(cls);
    check?.(error as E);
  };

const rows: [string, Row][] = [
  ['429 with Retry-After in seconds', { script: [{ status: 429, headers: { 'retry-after': '2' } }, 'ok'], attempts: 2, delays: [2000], outcome: 'ok' }],
  ['429 with retry-after-ms', { script: [{ status: 429, headers: { 'retry-after-ms': '250', 'retry-after': '9' } }, 'ok'], attempts: 2, delays: [250], outcome: 'ok' }],
  [
    '429 with Retry-After as an HTTP date',
    { script: [{ status: 429, headers: { 'retry-after': new Date(T0 + 3000).toUTCString() } }, 'ok'], attempts: 2, delays: [3000], outcome: 'ok' },
  ],
  [
    'a Retry-After above the cap waits the cap',
    { script: [{ status: 503, headers: { 'retry-after': '3600' } }, 'ok'], retry: { maxRetryAfter: 5000 }, attempts: 2, delays: [5000], outcome: 'ok' },
  ],
  ['503 twice, then success: exponential backoff', { script: [{ status: 503 }, { status: 503 }, 'ok'], attempts: 3, delays: [75, 150], outcome: 'ok' }],
  [
    '503 every time: 1 + retryCount attempts, then the last error',
    { script: [{ status: 503 }], attempts: 4, delays: [75, 150, 300], outcome: is(HttpError, (e) => expect(e.status).toBe(503)) },
  ],
  ['502 and 408 are retried', { script: [{ status: 502 }, { status: 408 }, 'ok'], attempts: 3, delays: [75, 150], outcome: 'ok' }],
  ['501 is not retried', { script: [{ status: 501 }], attempts: 1, delays: [], outcome: is(HttpError, (e) => expect(e.status).toBe(501)) }],
  ['404 is not retried', { script: [{ status: 404 }], attempts: 1, delays: [], outcome: is(HttpError) }],
  ['a reset connection, then success', { script: ['reset', 'ok'], attempts: 2, delays: [75], outcome: 'ok' }],
  ['a slow body times out, then success', { script: ['slow-body', 'ok'], timeout: 1000, attempts: 2, delays: [1075], outcome: 'ok' }],
  ['-32005 in the body, then success', { script: [{ rpcError: -32005, message: 'limit exceeded' }, 'ok'], attempts: 2, delays: [75], outcome: 'ok' }],
  ['a 429 code in the body, then success', { script: [{ rpcError: 429, message: 'Too Many Requests' }, 'ok'], attempts: 2, delays: [75], outcome: 'ok' }],
  ['a code the caller added', { script: [{ rpcError: -32099 }, 'ok'], retry: { retryCodes: [-32099] }, attempts: 2, delays: [75], outcome: 'ok' }],
  ['-32602 is never retried', { script: [{ rpcError: -32602 }], attempts: 1, delays: [], outcome: is(RpcError, (e) => expect(e.code).toBe(-32602)) }],
  ['-32601 is never retried', { script: [{ rpcError: -32601 }], attempts: 1, delays: [], outcome: is(RpcError, (e) => expect(e.code).toBe(-32601)) }],
  ['-32000 (an ordinary failure) is not retried', { script: [{ rpcError: -32000 }], attempts: 1, delays: [], outcome: is(RpcError) }],
  [
    'a write that times out is sent once',
    { script: ['hang'], effects: 'write', method: 'eth_sendTransaction', timeout: 1000, attempts: 1, delays: [], outcome: is(TimeoutError) },
  ],
  ['a write answered 503 is sent once', { script: [{ status: 503 }, 'ok'], effects: 'write', attempts: 1, delays: [], outcome: is(HttpError) }],
  ['a write whose connection reset is sent once', { script: ['reset', 'ok'], effects: 'write', attempts: 1, delays: [], outcome: is(TransportError) }],
  [
    'an idempotent write is retried',
    { script: [{ status: 503 }, 'ok'], effects: 'idempotent', method: 'eth_sendRawTransaction', attempts: 2, delays: [75], outcome: 'ok' },
  ],
  ['an admin call is never retried', { script: [{ status: 503 }, 'ok'], effects: 'admin', method: 'admin.lockProfile', attempts: 1, delays: [], outcome: is(HttpError) }],
  ['a call without effects counts as a write', { script: [{ status: 503 }, 'ok'], effects: undefined, attempts: 1, delays: [], outcome: is(HttpError) }],
  [
    'retry: true forces retries of an admin call',
    { script: [{ status: 503 }, 'ok'], effects: 'admin', options: { retry: true }, attempts: 2, delays: [75], outcome: 'ok' },
  ],
  ['retry: false turns retries off for a read', { script: [{ status: 503 }, 'ok'], options: { retry: false }, attempts: 1, delays: [], outcome: is(HttpError) }],
  [
    'retryCount and retryDelay per call',
    { script: [{ status: 503 }], options: { retryCount: 1, retryDelay: 1000 }, attempts: 2, delays: [500], outcome: is(HttpError) },
  ],
  ['retryCount and retryDelay per client', { script: [{ status: 503 }], retry: { retryCount: 2, retryDelay: 40 }, attempts: 3, delays: [20, 40], outcome: is(HttpError) }],
  ['maxDelay caps the backoff', { script: [{ status: 503 }], retry: { retryDelay: 1000, maxDelay: 1500 }, attempts: 4, delays: [500, 750, 750], outcome: is(HttpError) }],
];

describe('retries, scenario by scenario', () => {
  test.each(rows)('%s', async (_, row) => {
    const server = await startFaultServer(row.script);
    const fetch = nodeFetch();
    const events: RetryEvent[] = [];
    const transport = withRetry(createHttpTransport({ url: server.url, fetch, timeout: row.timeout ?? 0 }), {
      ...row.retry,
      onRetry: (e) => events.push(e),
    });
    try {
      const call = { method: row.method ?? 'eth_blockNumber', params: [], ...('effects' in row ? { effects: row.effects } : { effects: 'read' as const }) };
      const outcome = await drive(transport.request(call, row.options), fetch, server);
      if (row.outcome === 'ok') expect(outcome).toEqual({ status: 'fulfilled', value: '0x1' });
      else {
        expect(outcome.status).toBe('rejected');
        row.outcome((outcome as { reason: unknown }).reason);
      }
      expect(server.attempts.length).toBe(row.attempts);
      expect(server.attempts.slice(1).map((a, i) => a.at - server.attempts[i]!.at)).toEqual(row.delays);
      expect(events.map((e) => e.attempt)).toEqual(row.delays.map((_, i) => i + 1));
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      await transport.close();
      await server.close();
    }
  });

  test('a write refused before connecting is retried: it surely never reached the node', async () => {
    const server = await startFaultServer();
    const url = server.url;
    await server.close();
    const fetch = nodeFetch();
    const events: RetryEvent[] = [];
    const transport = withRetry(createHttpTransport({ url, fetch, timeout: 0 }), { onRetry: (e) => events.push(e) });
    try {
      const outcome = await drive(transport.request({ method: 'eth_sendTransaction', params: [], effects: 'write' }), fetch, undefined);
      expect(outcome.status).toBe('rejected');
      expect((outcome as { reason: unknown }).reason).toBeInstanceOf(TransportError);
      expect(fetch.calls.length).toBe(4);
      expect(fetch.calls.slice(1).map((t, i) => t - fetch.calls[i]!)).toEqual([75, 150, 300]);
      expect(events.map((e) => e.reason)).toEqual(['connection refused', 'connection refused', 'connection refused']);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      await transport.close();
    }
  });

  test('an abort during the wait ends the call at once, with no timer left', async () => {
    const server = await startFaultServer([{ status: 503 }, 'ok']);
    const fetch = nodeFetch();
    const transport = withRetry(createHttpTransport({ url: server.url, fetch, timeout: 0 }), { retryDelay: 10_000 });
    const controller = new AbortController();
    try {
      const p = transport.request({ method: 'eth_blockNumber', effects: 'read' }, { signal: controller.signal });
      while (vi.getTimerCount() === 0) await realTick();
      controller.abort(new Error('user gave up'));
      const outcome = await drive(p, fetch, server);
      expect((outcome as { reason: unknown }).reason).toBeInstanceOf(AbortError);
      expect(server.attempts.length).toBe(1);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      await transport.close();
      await server.close();
    }
  });

  test('closing the transport ends a call waiting to be retried', async () => {
    const server = await startFaultServer([{ status: 503 }]);
    const fetch = nodeFetch();
    const transport = withRetry(createHttpTransport({ url: server.url, fetch, timeout: 0 }), { retryDelay: 10_000 });
    try {
      const p = transport.request({ method: 'eth_blockNumber', effects: 'read' });
      while (vi.getTimerCount() === 0) await realTick();
      await transport.close();
      const outcome = await drive(p, fetch, server);
      expect((outcome as { reason: unknown }).reason).toBeInstanceOf(TransportError);
      expect(server.attempts.length).toBe(1);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      await server.close();
    }
  });
});

describe('batches', () => {
  const read = (n: number) => Array.from({ length: n }, (_, i) => ({ method: 'eth_getBalance', params: [`0x${i}`], effects: 'read' as const }));

  test('only the calls that failed with a retryable error are sent again', async () => {
    let round = 0;
    const server = await startFaultServer([
      {
        each: (c, i) => {
          if (i === 0) round++;
          const p = (c.params as string[])[0];
          if (round === 1 && p === '0x1') return { error: { code: -32005, message: 'rate limited' } };
          if (p === '0x2') return { error: { code: -32602, message: 'invalid argument' } };
          return { result: p };
        },
      },
    ]);
    const fetch = nodeFetch();
    const transport = withRetry(createHttpTransport({ url: server.url, fetch, timeout: 0, batch: true }));
    try {
      const outcome = await drive(transport.batch(read(4)), fetch, server);
      const settled = (outcome as { value: Settled<unknown>[] }).value;
      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      expect(settled[1]).toEqual({ status: 'fulfilled', value: '0x1' });
      expect(server.attempts.map((a) => a.calls)).toEqual([4, 1]);
      expect(server.attempts[1]!.at - server.attempts[0]!.at).toBe(75);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      await transport.close();
      await server.close();
    }
  });

  test('a write in a batch is not retried while the reads beside it are', async () => {
    const server = await startFaultServer([{ status: 503 }, 'ok']);
    const fetch = nodeFetch();
    const transport = withRetry(createHttpTransport({ url: server.url, fetch, timeout: 0, batch: true }));
    try {
      const calls = [...read(2), { method: 'eth_sendTransaction', params: [{}], effects: 'write' as const }];
      const settled = ((await drive(transport.batch(calls), fetch, server)) as { value: Settled<unknown>[] }).value;
      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      expect(server.attempts.map((a) => a.calls)).toEqual([3, 2]);
    } finally {
      await transport.close();
      await server.close();
    }
  });

  test.each([
    ['HTTP 413', { status: 413, body: 'request entity too large' } as Step],
    ['a "batch too large" error object', { each: (_c: unknown, i: number) => (i === 0 ? { error: { code: -32600, message: 'batch too large' } } : undefined) } as Step],
  ])('a batch refused for its size (%s) is split in halves until it fits', async (_, refusal) => {
    // Arrays of more than 2 calls are refused.
    const server = await startFaultServer([(attempt) => (attempt.calls > 2 ? refusal : 'ok')]);
    const fetch = nodeFetch();
    const transport = withRetry(createHttpTransport({ url: server.url, fetch, timeout: 0, batch: true }));
    try {
      const settled = ((await drive(transport.batch(read(8)), fetch, server)) as { value: Settled<unknown>[] }).value;
      expect(settled.map((s) => s.status)).toEqual(Array(8).fill('fulfilled'));
      expect(server.attempts.map((a) => a.calls)).toEqual([8, 4, 4, 2, 2, 2, 2]);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      await transport.close();
      await server.close();
    }
  });
});

describe('the pieces', () => {
  test.each([
    ['seconds', { 'retry-after': '7' }, 7000],
    ['milliseconds win over seconds', { 'retry-after-ms': '120', 'retry-after': '7' }, 120],
    ['an HTTP date', { 'retry-after': new Date(T0 + 61_000).toUTCString() }, 61_000],
    ['a date in the past', { 'retry-after': new Date(T0 - 5000).toUTCString() }, 0],
    ['nonsense', { 'retry-after': 'soon' }, undefined],
    ['none', {}, undefined],
  ])('Retry-After: %s', (_, headers: Record<string, string>, want) => {
    expect(retryAfter({ get: (n) => headers[n] ?? null }, T0)).toBe(want);
  });

  test('backoff doubles, is capped, and its jitter stays within [half, all]', () => {
    expect([0, 1, 2, 3].map((n) => retryBackoff(n, 100, 500, () => 0))).toEqual([50, 100, 200, 250]);
    expect([0, 1, 2, 3].map((n) => retryBackoff(n, 100, 500, () => 0.999999))).toEqual([100, 200, 400, 500]);
  });

  test('bad options are refused with the option named', () => {
    const t = createHttpTransport({ url: 'http://127.0.0.1:1/' });
    expect(() => withRetry(t, { retryCount: -1 })).toThrow('retryCount must be a non-negative integer, got -1');
    expect(() => withRetry(t, { retryDelay: Number.NaN })).toThrow('retryDelay must be a non-negative number of milliseconds, got NaN');
  });

  test('the wrapped transport keeps what it wraps', () => {
    const inner: Transport = createHttpTransport({ url: 'http://127.0.0.1:1/', batch: true, validate: true });
    const t = withRetry(inner);
    expect([t.kind, t.url, t.batching, t.validate]).toEqual(['http', 'http://127.0.0.1:1/', true, true]);
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { WebSocket as WsWebSocket } from 'ws';
import { AbortError, BufferOverflowError, ProtocolError, RpcError, TimeoutError, TransportError } from '../../../runtime/errors/index.js';
import { backoff, createWebSocketTransport, type WebSocketTransport, type WebSocketTransportOptions } from '../../../runtime/transports/ws.js';
import { subscribe } from '../../../runtime/client/call-api.js';
import { requests, startWsServer, unusedPort, type TestWsServer } from './servers.js';

const NEW_HEADS = { subscribe: 'eth_subscribe', unsubscribe: 'eth_unsubscribe', notification: 'eth_subscription' } as const;

let server: TestWsServer;
const open: WebSocketTransport[] = [];

function transport(options: Partial<WebSocketTransportOptions> = {}): WebSocketTransport {
  const t = createWebSocketTransport({ url: server.url, timeout: 5000, ...options });
  open.push(t);
  return t;
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected the promise to reject');
}

beforeAll(async () => {
  server = await startWsServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.answer = undefined;
  server.received.length = 0;
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

describe('createWebSocketTransport: requests', () => {
  it('sends requests over one connection (the ws package when there is no global WebSocket) and matches replies by id', async () => {
    const t = transport();
    expect(t.connected).toBe(false);
    const [a, b] = await Promise.all([t.request({ method: 'add', params: [1, 2] }), t.request({ method: 'echo', params: ['x'] })]);
    expect([a, b]).toEqual([3, ['x']]);
    expect(t.connected).toBe(true);
    expect(new Set(server.received.map((m) => m.connection)).size).toBe(1);
    expect(requests(server.received)[0]).toEqual({ jsonrpc: '2.0', id: expect.any(Number), method: 'add', params: [1, 2] });
  });

  it('takes an injected WebSocket constructor and sends handshake headers', async () => {
    const t = transport({ WebSocket: WsWebSocket, headers: { authorization: 'Bearer t' } });
    await t.request({ method: 'echo' });
    expect(server.handshakes.at(-1)!.authorization).toBe('Bearer t');
  });

  it('rejects with RpcError for an error reply', async () => {
    const e = await rejection(transport().request({ method: 'fail' }));
    expect(e).toBeInstanceOf(RpcError);
    expect(e).toMatchObject({ code: -32000, message: 'it failed', method: 'fail' });
  });

  it('rejects a reply with a string id for a number id with ProtocolError', async () => {
    server.answer = (req, socket) => {
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: String(req.id), result: 1 }));
      return null;
    };
    const e = await rejection(transport().request({ method: 'echo' }));
    expect(e).toBeInstanceOf(ProtocolError);
    expect((e as Error).message).toMatch(/string "\d+", but the request's id is the number/);
  });

  it('rejects the calls waiting on a connection that sends something that is not JSON', async () => {
    server.answer = (_, socket) => {
      socket.send('{"jsonrpc": "2.0", "id": 1, "res');
      return null;
    };
    expect(await rejection(transport().request({ method: 'echo' }))).toBeInstanceOf(ProtocolError);
  });

  it('rejects a stalled call with TimeoutError and an aborted one with AbortError', async () => {
    const t = transport();
    expect(await rejection(t.request({ method: 'stall' }, { timeout: 50 }))).toBeInstanceOf(TimeoutError);
    const controller = new AbortController();
    const p = t.request({ method: 'stall' }, { signal: controller.signal });
    await server.waitFor((m) => (m.json as { method?: string }).method === 'stall' && server.received.indexOf(m) > 0);
    controller.abort();
    expect(await rejection(p)).toBeInstanceOf(AbortError);
  });

  it('rejects calls in flight with TransportError when the connection drops', async () => {
    const t = transport({ reconnect: false });
    const pending = t.request({ method: 'stall' });
    await server.waitFor((m) => (m.json as { method?: string }).method === 'stall');
    const dropping = t.request({ method: 'drop' });
    const [a, b] = await Promise.all([rejection(pending), rejection(dropping)]);
    expect(a).toBeInstanceOf(TransportError);
    expect((a as Error).message).toMatch(/stall: the connection to ws:\/\/.* closed \(code 1006\) before the reply; the call may or may not have been executed/);
    expect(b).toBeInstanceOf(TransportError);
    // The next call opens a new connection.
    await expect(t.request({ method: 'add', params: [2, 2] })).resolves.toBe(4);
  });

  it('rejects with TransportError when nothing listens', async () => {
    const port = await unusedPort();
    const t = createWebSocketTransport({ url: `ws://127.0.0.1:${port}/ext/bc/C/ws` });
    open.push(t);
    const e = await rejection(t.request({ method: 'eth_chainId' }));
    expect(e).toBeInstanceOf(TransportError);
    expect((e as Error).message).toMatch(/eth_chainId: could not connect to ws:\/\/127\.0\.0\.1:\d+\/ext\/bc\/C\/ws/);
  });

  it('rejects everything after close()', async () => {
    const t = transport();
    const pending = t.request({ method: 'stall' });
    await server.waitFor((m) => (m.json as { method?: string }).method === 'stall');
    const failed = rejection(pending);
    await t.close();
    expect(await failed).toBeInstanceOf(TransportError);
    expect(((await rejection(t.request({ method: 'echo' }))) as Error).message).toMatch(/is closed/);
  });
});

describe('createWebSocketTransport: batches', () => {
  it('sends one array per chunk on a batch endpoint and settles each call', async () => {
    const t = transport({ batch: true, maxBatchSize: 2 });
    const out = await t.batch([{ method: 'add', params: [1, 0] }, { method: 'fail' }, { method: 'add', params: [3, 0] }]);
    expect(out[0]).toEqual({ status: 'fulfilled', value: 1 });
    expect((out[1] as { reason: unknown }).reason).toBeInstanceOf(RpcError);
    expect(out[2]).toEqual({ status: 'fulfilled', value: 3 });
    expect(server.received.map((m) => (Array.isArray(m.json) ? m.json.length : 'single'))).toEqual([2, 'single']);
  });

  it('reports calls missing from an array reply', async () => {
    server.answer = (req) => (req.method === 'skip' ? null : 'default');
    const out = await transport({ batch: true }).batch([{ method: 'add', params: [1, 1] }, { method: 'skip' }]);
    expect(out[0]).toEqual({ status: 'fulfilled', value: 2 });
    expect(((out[1] as { reason: unknown }).reason as Error).message).toMatch(/skip: the batch reply has no item for id \d+/);
  });

  it('sends separate messages when the endpoint takes no arrays', async () => {
    const out = await transport().batch([{ method: 'add', params: [1, 0] }, { method: 'add', params: [2, 0] }]);
    expect(out.map((s) => (s as { value: unknown }).value)).toEqual([1, 2]);
    expect(server.received.some((m) => Array.isArray(m.json))).toBe(false);
  });
});

describe('createWebSocketTransport: subscriptions', () => {
  it('yields notifications as an async iterator and unsubscribes on break', async () => {
    const t = transport();
    const sub = t.subscribe(NEW_HEADS, ['newHeads']);
    const id = await sub.ready;
    expect(sub.id).toBe(id);
    for (const n of [1, 2, 3]) server.notify(id, { number: `0x${n}` });
    const seen: unknown[] = [];
    for await (const head of sub) {
      seen.push(head);
      if (seen.length === 3) break;
    }
    expect(seen).toEqual([{ number: '0x1' }, { number: '0x2' }, { number: '0x3' }]);
    const unsub = await server.waitFor((m) => (m.json as { method?: string }).method === 'eth_unsubscribe');
    expect((unsub.json as { params: unknown }).params).toEqual([id]);
    expect(server.subscriptions.has(id)).toBe(false);
    await expect(sub.next()).resolves.toEqual({ value: undefined, done: true });
  });

  it('routes notifications by subscription id', async () => {
    const t = transport();
    const heads = t.subscribe(NEW_HEADS, ['newHeads']);
    const logs = t.subscribe(NEW_HEADS, ['logs', { address: '0xabc' }]);
    const [h, l] = await Promise.all([heads.ready, logs.ready]);
    expect(server.subscriptions.get(l)!.params).toEqual(['logs', { address: '0xabc' }]);
    server.notify(l, 'log-1');
    server.notify(h, 'head-1');
    server.notify(l, 'log-2');
    expect(await heads.next()).toEqual({ value: 'head-1', done: false });
    expect(await logs.next()).toEqual({ value: 'log-1', done: false });
    expect(await logs.next()).toEqual({ value: 'log-2', done: false });
    await Promise.all([heads.return(), logs.unsubscribe()]);
    expect(server.subscriptions.size).toBe(0);
  });

  it('delivers a notification sent right behind the subscribe reply', async () => {
    server.answer = (req, socket) => {
      if (req.method !== 'eth_subscribe') return 'default';
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: req.id, result: '0xfast' }));
      socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: '0xfast', result: 'first' } }));
      return null;
    };
    const sub = transport().subscribe({ ...NEW_HEADS, unsubscribe: undefined }, ['newHeads']);
    expect(await sub.next()).toEqual({ value: 'first', done: false });
    await sub.return();
  });

  it('applies `map` to each payload and ends the subscription when it throws', async () => {
    const t = transport();
    const sub = t.subscribe(NEW_HEADS, ['newHeads'], {
      map: (p) => {
        if (p === 'bad') throw new Error('cannot read it');
        return `<${String(p)}>`;
      },
    });
    const id = await sub.ready;
    server.notify(id, 'a');
    server.notify(id, 'bad');
    expect(await sub.next()).toEqual({ value: '<a>', done: false });
    await expect(sub.next()).rejects.toThrow('cannot read it');
    await expect(sub.next()).resolves.toMatchObject({ done: true });
    await server.waitFor((m) => (m.json as { method?: string }).method === 'eth_unsubscribe');
  });

  it('fails a subscription the server refuses: ready and next reject with the RpcError', async () => {
    const sub = transport().subscribe(NEW_HEADS, ['bogus']);
    const e = await rejection(sub.ready);
    expect(e).toBeInstanceOf(RpcError);
    expect((e as Error).message).toBe('no "bogus" subscription in eth namespace');
    expect(await rejection(sub.next())).toBe(e);
    await expect(sub.next()).resolves.toMatchObject({ done: true });
  });

  it('ends with BufferOverflowError after the buffered notifications when the consumer falls behind', async () => {
    const t = transport();
    const sub = t.subscribe(NEW_HEADS, ['newHeads'], { maxBuffered: 3 });
    const id = await sub.ready;
    for (let n = 1; n <= 10; n++) server.notify(id, n);
    await server.waitFor((m) => (m.json as { method?: string }).method === 'eth_unsubscribe');
    const seen: unknown[] = [];
    const e = await rejection(
      (async () => {
        for await (const n of sub) seen.push(n);
      })(),
    );
    expect(seen).toEqual([1, 2, 3]);
    expect(e).toBeInstanceOf(BufferOverflowError);
    expect((e as Error).message).toMatch(/more than 3 notifications were waiting/);
  });

  it('re-subscribes after the server drops the socket, yielding to the same iterator under a new id', async () => {
    const t = transport({ reconnect: { delay: 10, maxDelay: 40 } });
    const sub = t.subscribe(NEW_HEADS, ['logs', { topics: ['0x01'] }]);
    const first = await sub.ready;
    server.notify(first, 'before');
    expect(await sub.next()).toEqual({ value: 'before', done: false });
    const connections = server.sockets.length;
    server.dropAll();
    const again = await server.waitForSubscription((s) => s.id !== first);
    expect(server.sockets.length).toBe(connections + 1);
    expect(again.params).toEqual(['logs', { topics: ['0x01'] }]);
    // The server answered the re-subscribe before this notification, so it reaches the same iterator.
    server.notify(again.id, 'after');
    expect(await sub.next()).toEqual({ value: 'after', done: false });
    expect(sub.id).toBe(again.id);
    await sub.return();
    await server.waitFor((m) => (m.json as { method?: string; params?: unknown[] }).method === 'eth_unsubscribe' && m.connection === connections);
  });

  it('ends subscriptions with TransportError on a drop when reconnect is off', async () => {
    const sub = transport({ reconnect: false }).subscribe(NEW_HEADS, ['newHeads']);
    const id = await sub.ready;
    server.notify(id, 'kept');
    await server.waitFor(() => true);
    expect(await sub.next()).toEqual({ value: 'kept', done: false });
    server.dropAll();
    const e = await rejection(sub.next());
    expect(e).toBeInstanceOf(TransportError);
    expect((e as Error).message).toMatch(/reconnect is off/);
  });

  it('gives up after the configured reconnect attempts', async () => {
    const own = await startWsServer();
    const t = createWebSocketTransport({ url: own.url, reconnect: { attempts: 2, delay: 5, maxDelay: 10 } });
    open.push(t);
    const sub = t.subscribe(NEW_HEADS, ['newHeads']);
    await sub.ready;
    await own.close();
    const e = await rejection(sub.next());
    expect(e).toBeInstanceOf(TransportError);
    expect((e as Error).message).toMatch(/gave up after 2 reconnect attempts/);
  });

  it('close() ends every subscription: a waiting next() resolves done', async () => {
    const t = transport();
    const sub = t.subscribe(NEW_HEADS, ['newHeads']);
    await sub.ready;
    const waiting = sub.next();
    await t.close();
    await expect(waiting).resolves.toEqual({ value: undefined, done: true });
  });

  it('subscribing over a closed transport rejects clearly', async () => {
    const t = transport();
    await t.close();
    const sub = t.subscribe(NEW_HEADS, ['newHeads']);
    const e = await rejection(sub.ready);
    expect(e).toBeInstanceOf(TransportError);
    expect((e as Error).message).toMatch(/eth_subscribe: the WebSocket transport for ws:\/\/.* is closed; create a new one/);
    expect(await rejection(sub.next())).toBe(e);
  });

  it('stops on an AbortSignal', async () => {
    const controller = new AbortController();
    const sub = transport().subscribe(NEW_HEADS, ['newHeads'], { signal: controller.signal });
    const id = await sub.ready;
    const waiting = sub.next();
    controller.abort();
    await expect(waiting).resolves.toMatchObject({ done: true });
    await server.waitFor((m) => (m.json as { method?: string; params?: unknown[] }).method === 'eth_unsubscribe' && (m.json as { params: unknown[] }).params[0] === id);
  });
});

describe('backoff', () => {
  it('grows exponentially up to maxDelay, with jitter between half and all of it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempt, r) => {
        const ceiling = Math.min(10_000, 250 * 2 ** attempt);
        const d = backoff(attempt, 250, 10_000, () => r);
        return d >= ceiling / 2 && d <= ceiling;
      }),
    );
    expect(backoff(0, 250, 10_000, () => 0)).toBe(125);
    expect(backoff(3, 250, 10_000, () => 1)).toBe(2000);
    expect(backoff(50, 250, 10_000, () => 1)).toBe(10_000);
  });
});

describe('keep-alive pings', () => {
  let server: TestWsServer;
  beforeEach(async () => {
    server = await startWsServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('a connection that stops answering pings is dropped, reconnected and re-subscribed', async () => {
    // The first connection answers its first ping, then goes silent (a half-open connection sends no close).
    let pings = 0;
    server.answer = (req) => (req.method === 'web3_clientVersion' ? (++pings === 1 ? { result: 'test/1.0' } : null) : 'default');
    const t = createWebSocketTransport({ url: server.url, keepAlive: { interval: 20, timeout: 50, method: 'web3_clientVersion' }, reconnect: { delay: 5, maxDelay: 10 } });
    try {
      const sub = t.subscribe(NEW_HEADS, ['newHeads']);
      const first = await sub.ready;
      const again = await server.waitForSubscription((s) => s.id !== first);
      expect(server.sockets.length).toBe(2);
      expect(pings).toBeGreaterThanOrEqual(2);
      server.notify(again.id, 'after');
      expect(await sub.next()).toEqual({ value: 'after', done: false });
      await sub.return();
    } finally {
      await t.close();
    }
  });

  it('a ping answered with an error still proves the connection alive', async () => {
    let pings = 0;
    server.answer = (req) => (req.method === 'web3_clientVersion' ? (pings++, { error: { code: -32601, message: 'no such method' } }) : 'default');
    const t = createWebSocketTransport({ url: server.url, keepAlive: { interval: 10, timeout: 200, method: 'web3_clientVersion' } });
    try {
      await t.request({ method: 'echo', params: [1] });
      while (pings < 3) await new Promise((r) => setTimeout(r, 5));
      expect(server.sockets.length).toBe(1);
      expect(t.connected).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('subscription backfill after a reconnect', () => {
  let server: TestWsServer;
  beforeEach(async () => {
    server = await startWsServer();
  });
  afterEach(async () => {
    await server.close();
  });
  const meta = (kind: string) => ({ subscribe: 'eth_subscribe', unsubscribe: 'eth_unsubscribe', notification: 'eth_subscription', kind });
  const head = (n: number) => ({ number: `0x${n.toString(16)}`, hash: `0xh${n}` });
  const log = (block: number, index: number) => ({ blockNumber: `0x${block.toString(16)}`, blockHash: `0xb${block}`, logIndex: `0x${index.toString(16)}`, removed: false });

  it('newHeads: the blocks between the last head seen and the first new one come first, in order, once', async () => {
    const fetched: unknown[] = [];
    server.answer = (req) => {
      if (req.method !== 'eth_getBlockByNumber') return 'default';
      fetched.push((req.params as unknown[])[0]);
      return { result: head(Number((req.params as string[])[0])) };
    };
    const t = createWebSocketTransport({ url: server.url, reconnect: { delay: 5, maxDelay: 10 } });
    try {
      const sub = subscribe<{ number: string }>(t, meta('newHeads'), [], { backfill: true });
      const first = await sub.ready;
      server.notify(first, head(1));
      expect((await sub.next()).value).toEqual(head(1));
      server.dropAll();
      const again = await server.waitForSubscription((s) => s.id !== first);
      server.notify(again.id, head(1)); // seen before: not repeated
      server.notify(again.id, head(4));
      server.notify(again.id, head(5));
      const got = [];
      for (let i = 0; i < 4; i++) got.push((await sub.next()).value);
      expect(got).toEqual([head(2), head(3), head(4), head(5)]);
      expect(fetched).toEqual(['0x2', '0x3']);
      await sub.return();
    } finally {
      await t.close();
    }
  });

  it('logs: eth_getLogs over the missed range with the subscription’s filter; known logs are not repeated', async () => {
    const asked: unknown[] = [];
    server.answer = (req) => {
      if (req.method !== 'eth_getLogs') return 'default';
      asked.push((req.params as unknown[])[0]);
      return { result: [log(3, 0), log(2, 1), log(2, 0), log(4, 0)] };
    };
    const t = createWebSocketTransport({ url: server.url, reconnect: { delay: 5, maxDelay: 10 } });
    try {
      const sub = subscribe(t, meta('logs'), [{ address: '0x01' }], { backfill: true });
      const first = await sub.ready;
      server.notify(first, log(2, 0));
      expect((await sub.next()).value).toEqual(log(2, 0));
      server.dropAll();
      const again = await server.waitForSubscription((s) => s.id !== first);
      server.notify(again.id, log(4, 0));
      const got = [];
      for (let i = 0; i < 3; i++) got.push((await sub.next()).value);
      expect(got).toEqual([log(2, 1), log(3, 0), log(4, 0)]);
      expect(asked).toEqual([{ address: '0x01', fromBlock: '0x2', toBlock: '0x4' }]);
      await sub.return();
    } finally {
      await t.close();
    }
  });
});

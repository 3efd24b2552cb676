/**
 * JSON-RPC over WebSocket against live servers on 127.0.0.1: requests and batches as over HTTP,
 * subscriptions (ids, notifications after the id, unsubscribe, death with the connection), the bounded send
 * queue, ping/pong keepalive and shutdown.
 */
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { createMockRawHandler } from '../../../runtime/mock/index.js';
import { createRpcServer, type ListeningServer, type LogEntry, type RpcServer } from '../../../runtime/server/index.js';
import { openWs, post, type WsClient } from './client.js';
import { ALL_SERVICES, handlers, mockData, subscriptionEvents } from './fixtures.js';

const ID = /^0x[1-9a-f][0-9a-f]*$/;

async function start(
  options: Partial<Parameters<typeof createRpcServer>[0]> = {},
): Promise<{ server: RpcServer; at: ListeningServer; ws: string }> {
  const server = createRpcServer({ services: ALL_SERVICES, handlers, ...options });
  const at = await server.listen(0);
  return { server, at, ws: at.url.replace('http', 'ws') };
}

describe('WebSocket, standard mode', () => {
  let s: Awaited<ReturnType<typeof start>>;
  const clients: WsClient[] = [];
  const open = async (path = '/ext/bc/C/ws', options?: WebSocket.ClientOptions): Promise<WsClient> => {
    const c = await openWs(s.ws + path, options);
    clients.push(c);
    return c;
  };
  beforeAll(async () => {
    s = await start();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await s.server.close();
  });

  it('answers requests, batches and parse errors as over HTTP; notifications get nothing', async () => {
    const c = await open();
    c.send({ jsonrpc: '2.0', method: 'eth_chainId' });
    c.send({ jsonrpc: '2.0', id: 'a', method: 'eth_chainId' });
    expect(await c.nextRaw()).toBe('{"jsonrpc":"2.0","id":"a","result":"0xa86a"}');
    c.send([
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      { jsonrpc: '2.0', method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 2, method: 'eth_nope' },
    ]);
    expect(await c.next()).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0xa86a' },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found: eth_nope' } },
    ]);
    c.send('{"jsonrpc":');
    expect(await c.next()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error: the body is not valid JSON' },
    });
    c.send('[]');
    expect(await c.next()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: empty batch' } });
  });

  it('gives handlers the websocket transport, the upgrade headers, the path variables and a signal', async () => {
    const c = await open('/ext/bc/Q/ws', { headers: { 'x-test': 'yes' } });
    c.send({ jsonrpc: '2.0', id: 1, method: 'eth_context' });
    expect(await c.next()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        service: 'evm',
        method: 'eth_context',
        transport: 'websocket',
        path: '/ext/bc/Q/ws',
        variables: { blockchainID: 'Q' },
        test: 'yes',
        signal: true,
      },
    });
  });

  it('subscribes: the id first, then one notification per payload (encoded), until unsubscribed', async () => {
    const c = await open();
    c.send({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] });
    const reply = (await c.next()) as { id: number; result: string };
    expect(reply.id).toBe(1);
    expect(reply.result).toMatch(ID);
    const sub = reply.result;
    expect(await c.nextRaw()).toBe(
      `{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"${sub}","result":{"number":"0x1","hash":"0x${'1'.padStart(64, '0')}"}}}`,
    );
    expect(await c.next()).toEqual({
      jsonrpc: '2.0',
      method: 'eth_subscription',
      params: { subscription: sub, result: { number: '0x2', hash: `0x${'2'.padStart(64, '0')}` } },
    });
    const ended = once(subscriptionEvents, 'ended');
    c.send({ jsonrpc: '2.0', id: 2, method: 'eth_unsubscribe', params: [sub] });
    expect(await c.next()).toEqual({ jsonrpc: '2.0', id: 2, result: true });
    expect(await ended).toEqual(['newHeads']);
    // Standard mode answers false for an id this connection does not have.
    c.send({ jsonrpc: '2.0', id: 3, method: 'eth_unsubscribe', params: [sub] });
    expect(await c.next()).toEqual({ jsonrpc: '2.0', id: 3, result: false });
  });

  it('decodes the params after the kind before the handler sees them', async () => {
    const c = await open();
    c.send({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newPendingTransactions', true] });
    const { result: sub } = (await c.next()) as { result: string };
    expect(await c.next()).toEqual({
      jsonrpc: '2.0',
      method: 'eth_subscription',
      params: { subscription: sub, result: { hash: '0x01', full: true } },
    });
  });

  it('refuses unknown and disabled kinds, a missing kind and invalid params', async () => {
    const c = await open();
    c.send({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['bogus'] });
    expect(await c.next()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32602,
        message:
          'Invalid params: eth_subscribe has no subscription kind "bogus"; kinds: newHeads, logs, newPendingTransactions, flood, broken',
        data: [
          {
            path: '/0',
            message: 'must be equal to one of the allowed values',
            keyword: 'enum',
            params: { allowedValues: ['newHeads', 'logs', 'newPendingTransactions', 'flood', 'broken'] },
          },
        ],
      },
    });
    c.send({ jsonrpc: '2.0', id: 2, method: 'eth_subscribe', params: ['syncing'] });
    expect(((await c.next()) as { error: { code: number } }).error.code).toBe(-32602);
    c.send({ jsonrpc: '2.0', id: 3, method: 'eth_subscribe', params: [] });
    expect(await c.next()).toMatchObject({
      id: 3,
      error: { code: -32602, message: 'Invalid params: eth_subscribe needs the subscription kind as its first param' },
    });
    c.send({ jsonrpc: '2.0', id: 4, method: 'eth_subscribe', params: ['logs', 5] });
    expect(await c.next()).toMatchObject({ id: 4, error: { code: -32602, message: 'Invalid params: options (position 1) must be object,boolean' } });
  });

  it('subscribes inside a batch: the batch reply comes before the notifications', async () => {
    const c = await open();
    c.send([
      { jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] },
      { jsonrpc: '2.0', id: 2, method: 'eth_chainId' },
    ]);
    const batch = (await c.next()) as [{ result: string }, unknown];
    expect(batch[1]).toEqual({ jsonrpc: '2.0', id: 2, result: '0xa86a' });
    expect(await c.next()).toMatchObject({
      method: 'eth_subscription',
      params: { subscription: batch[0].result, result: { number: '0x1' } },
    });
  });

  it('ends every subscription of a connection when it closes', async () => {
    const c = await open();
    c.send({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] });
    await c.next();
    await c.next();
    await c.next();
    const ended = once(subscriptionEvents, 'ended');
    await c.close();
    expect(await ended).toEqual(['newHeads']);
  });

  it('refuses upgrades on paths without a WebSocket endpoint', async () => {
    await expect(openWs(`${s.ws}/ext/bc/C/rpc`)).rejects.toThrow('upgrade refused with 404');
    await expect(openWs(`${s.ws}/nowhere`)).rejects.toThrow('upgrade refused with 404');
  });

  it('closes a connection whose message is over maxBodyBytes (1009)', async () => {
    const small = await start({ limits: { maxBodyBytes: 128 } });
    try {
      const c = await openWs(`${small.ws}/ext/bc/C/ws`);
      c.send({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: ['x'.repeat(200)] });
      expect(await c.closed()).toBe(1009);
    } finally {
      await small.server.close();
    }
  });
});

describe('WebSocket, node mode (geth)', () => {
  let s: Awaited<ReturnType<typeof start>>;
  let c: WsClient;
  beforeAll(async () => {
    s = await start({ mode: 'node' });
    c = await openWs(`${s.ws}/ext/bc/C/ws`);
  });
  afterAll(async () => {
    await c.close();
    await s.server.close();
  });

  it("uses geth's framing and texts", async () => {
    c.send({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' });
    expect(await c.nextRaw()).toBe('{"jsonrpc":"2.0","id":1,"result":"0xa86a"}\n');
    c.send({ jsonrpc: '2.0', id: 2, method: 'eth_unsubscribe', params: ['0x1234'] });
    expect(await c.nextRaw()).toBe('{"jsonrpc":"2.0","id":2,"error":{"code":-32000,"message":"subscription not found"}}\n');
    c.send({ jsonrpc: '2.0', id: 3, method: 'eth_subscribe', params: ['bogus'] });
    expect(await c.nextRaw()).toBe(
      '{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"no \\"bogus\\" subscription in eth namespace"}}\n',
    );
    c.send({ jsonrpc: '2.0', id: 4, method: 'eth_subscribe', params: ['syncing'] });
    expect(await c.nextRaw()).toBe(
      '{"jsonrpc":"2.0","id":4,"error":{"code":-32601,"message":"no \\"syncing\\" subscription in eth namespace"}}\n',
    );
    c.send({ jsonrpc: '2.0', id: 5, method: 'eth_subscribe', params: [] });
    expect(await c.nextRaw()).toBe(
      '{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"expected subscription name as first argument"}}\n',
    );
    c.send({ jsonrpc: '2.0', id: 6, method: 'eth_subscribe', params: { kind: 'newHeads' } });
    expect(await c.nextRaw()).toBe('{"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"non-array args"}}\n');
  });

  it('sends notifications in geth framing and unsubscribes with true', async () => {
    c.send({ jsonrpc: '2.0', id: 7, method: 'eth_subscribe', params: ['newHeads'] });
    const { result: sub } = JSON.parse(await c.nextRaw()) as { result: string };
    expect(sub).toMatch(ID);
    expect(await c.nextRaw()).toBe(
      `{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"${sub}","result":{"number":"0x1","hash":"0x${'1'.padStart(64, '0')}"}}}\n`,
    );
    await c.nextRaw();
    c.send({ jsonrpc: '2.0', id: 8, method: 'eth_unsubscribe', params: [sub] });
    expect(await c.nextRaw()).toBe('{"jsonrpc":"2.0","id":8,"result":true}\n');
  });
});

describe('WebSocket resource limits', () => {
  it('drops a client that does not read once its send queue is over the limit, ending its subscriptions', async () => {
    const logs: LogEntry[] = [];
    let overflowed!: () => void;
    const overflow = new Promise<void>((resolve) => {
      overflowed = resolve;
    });
    const s = await start({
      limits: { maxSendQueueBytes: 256 * 1024 },
      logger: (e) => {
        logs.push(e);
        if (e.event === 'ws-overflow') overflowed();
      },
    });
    try {
      const c = await openWs(`${s.ws}/ext/bc/C/ws`);
      c.ws.pause();
      const ended = once(subscriptionEvents, 'ended');
      c.send({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['flood'] });
      await overflow;
      expect(await ended).toEqual(['flood']);
      c.ws.resume();
      expect(await c.closed()).toBe(1006);
      expect(logs.find((e) => e.event === 'ws-overflow')).toMatchObject({ level: 'warn', service: 'evm', transport: 'websocket' });
    } finally {
      await s.server.close();
    }
  });

  it('drops a connection that stops answering pings, keeps one that answers', async () => {
    const s = await start({ limits: { pingIntervalMs: 40 } });
    try {
      const deaf = await openWs(`${s.ws}/ext/bc/C/ws`, { autoPong: false });
      const alive = await openWs(`${s.ws}/ext/bc/C/ws`);
      let pings = 0;
      const threePings = new Promise<void>((resolve) =>
        alive.ws.on('ping', () => {
          if (++pings === 3) resolve();
        }),
      );
      expect(await deaf.closed()).toBe(1006);
      await threePings;
      alive.send({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' });
      expect(await alive.next()).toEqual({ jsonrpc: '2.0', id: 1, result: '0xa86a' });
      await alive.close();
    } finally {
      await s.server.close();
    }
  });

  it('logs and ends a subscription whose producer fails; a handler that returns no iterable is an internal error', async () => {
    const logs: LogEntry[] = [];
    const s = await start({
      logger: (e) => logs.push(e),
      handlers: {
        ...handlers,
        evm: {
          ...handlers.evm,
          eth: {
            ...handlers.evm.eth,
            subscribe: (req: { kind: string }) => (req.kind === 'logs' ? 42 : handlers.evm.eth.subscribe(req as never, {} as never)),
          },
        },
      },
    });
    try {
      const c = await openWs(`${s.ws}/ext/bc/C/ws`);
      c.send({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['broken'] });
      const { result: sub } = (await c.next()) as { result: string };
      expect(await c.next()).toMatchObject({ params: { subscription: sub, result: { ok: 1 } } });
      c.send({ jsonrpc: '2.0', id: 2, method: 'eth_subscribe', params: ['logs', {}] });
      expect(await c.next()).toEqual({ jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'Internal error' } });
      c.send({ jsonrpc: '2.0', id: 3, method: 'eth_unsubscribe', params: [sub] });
      expect(await c.next()).toEqual({ jsonrpc: '2.0', id: 3, result: false });
      expect(logs.find((e) => e.event === 'subscription-failed')).toMatchObject({
        level: 'error',
        method: 'eth_subscribe',
        subscription: sub,
        error: { message: 'the feed broke' },
      });
      expect(logs.find((e) => e.event === 'handler-failed')).toMatchObject({ method: 'eth_subscribe', error: { name: 'TypeError' } });
      await c.close();
    } finally {
      await s.server.close();
    }
  });
});

describe('shutdown', () => {
  it('close() closes every socket (1001) and ends their subscriptions; HTTP stops too', async () => {
    const s = await start();
    const a = await openWs(`${s.ws}/ext/bc/C/ws`);
    const b = await openWs(`${s.ws}/ext/bc/C/ws`);
    a.send({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] });
    b.send({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] });
    await a.next();
    await b.next();
    let ends = 0;
    const bothEnded = new Promise<void>((resolve) => {
      const on = (): void => {
        if (++ends === 2) {
          subscriptionEvents.off('ended', on);
          resolve();
        }
      };
      subscriptionEvents.on('ended', on);
    });
    await s.server.close();
    expect(await a.closed()).toBe(1001);
    expect(await b.closed()).toBe(1001);
    await bothEnded;
    await expect(post(s.at.url, '/ext/bc/C/rpc', { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).rejects.toThrow();
  });

  it('a listening handle closes its own HTTP server and sockets', async () => {
    const server = createRpcServer({ services: ALL_SERVICES, handlers });
    const one = await server.listen(0);
    const two = await server.listen(0);
    const c = await openWs(`${one.url.replace('http', 'ws')}/ext/bc/C/ws`);
    await one.close();
    expect(await c.closed()).toBe(1001);
    expect((await post(two.url, '/ext/bc/C/rpc', { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).status).toBe(200);
    await server.close();
  });
});

describe('WebSocket with the mock', () => {
  it('pushes the example notifications in wire form, then keeps the subscription open until unsubscribed', async () => {
    const server = createRpcServer({ services: ALL_SERVICES, rawHandler: createMockRawHandler(mockData), enable: 'all' });
    const at = await server.listen(0);
    try {
      const c = await openWs(`${at.url.replace('http', 'ws')}/ext/bc/C/ws`);
      c.send({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] });
      const { result: sub } = (await c.next()) as { result: string };
      expect(await c.next()).toEqual({
        jsonrpc: '2.0',
        method: 'eth_subscription',
        params: { subscription: sub, result: { number: '0x1' } },
      });
      expect(await c.next()).toEqual({
        jsonrpc: '2.0',
        method: 'eth_subscription',
        params: { subscription: sub, result: { number: '0x2' } },
      });
      c.send({ jsonrpc: '2.0', id: 2, method: 'eth_subscribe', params: ['logs', { address: '0xb97e' }] });
      const { result: logs } = (await c.next()) as { result: string };
      expect(await c.next()).toEqual({
        jsonrpc: '2.0',
        method: 'eth_subscription',
        params: { subscription: logs, result: { logIndex: '0x7', address: '0xb97e' } },
      });
      c.send({ jsonrpc: '2.0', id: 3, method: 'eth_unsubscribe', params: [sub] });
      expect(await c.next()).toEqual({ jsonrpc: '2.0', id: 3, result: true });
      c.send({ jsonrpc: '2.0', id: 4, method: 'eth_unsubscribe', params: [logs] });
      expect(await c.next()).toEqual({ jsonrpc: '2.0', id: 4, result: true });
      await c.close();
    } finally {
      await server.close();
    }
  });

  it('selects a subscription example with x-mock-example on the upgrade request', async () => {
    const server = createRpcServer({ services: ALL_SERVICES, rawHandler: createMockRawHandler(mockData), enable: 'all' });
    const at = await server.listen(0);
    try {
      const c = await openWs(`${at.url.replace('http', 'ws')}/ext/bc/C/ws`, { headers: { 'x-mock-example': 'usdc' } });
      c.send({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['logs', {}] });
      const { result: sub } = (await c.next()) as { result: string };
      expect(await c.next()).toMatchObject({ params: { subscription: sub, result: { logIndex: '0x7' } } });
      await c.close();
    } finally {
      await server.close();
    }
  });
});

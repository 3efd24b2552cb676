/**
 * The HTTP adapters used the way a user would: the fetch handler (Request → Response), the node:http
 * listener mounted on a server of one's own, `listen()`; plus what scenario files cannot show: handler
 * context and `this`, execution of notifications, batch order, chunked bodies over the limit, result
 * validation loaded once, extra reply headers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMethodMeta } from '../../../runtime/client/meta.js';
import { createRpcServer, type HandlerContext, type ListeningServer, type RpcServer } from '../../../runtime/server/index.js';
import { post, rawRequest } from './client.js';
import { ALL_SERVICES, counters, evm, handlers, info, method, obj, str, tuple, validator } from './fixtures.js';

const call = (id: unknown, m: string, params?: unknown): Record<string, unknown> => ({
  jsonrpc: '2.0',
  id,
  method: m,
  ...(params !== undefined ? { params } : {}),
});

function jsonRequest(url: string, body: unknown, init: RequestInit = {}): Request {
  return new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
}

describe('fetch adapter', () => {
  const server = createRpcServer({ services: ALL_SERVICES, handlers, headers: { 'node-id': 'NodeID-test' } });
  afterAll(() => server.close());

  it('answers a call with a Response', async () => {
    const res = await server.fetch(jsonRequest('http://node.test/ext/bc/C/rpc', call(1, 'eth_chainId')));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('node-id')).toBe('NodeID-test');
    expect(await res.text()).toBe('{"jsonrpc":"2.0","id":1,"result":"0xa86a"}');
  });

  it('answers a notification with 204 and no body', async () => {
    const res = await server.fetch(jsonRequest('http://node.test/ext/bc/C/rpc', { jsonrpc: '2.0', method: 'eth_chainId' }));
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
  });

  it('checks method, content type, path and size before reading the body', async () => {
    expect((await server.fetch(new Request('http://node.test/ext/info'))).status).toBe(405);
    expect(
      (
        await server.fetch(
          new Request('http://node.test/ext/info', { method: 'POST', body: '{}', headers: { 'content-type': 'text/plain' } }),
        )
      ).status,
    ).toBe(415);
    expect((await server.fetch(jsonRequest('http://node.test/nowhere', call(1, 'x')))).status).toBe(404);
    const big = await server.fetch(jsonRequest('http://node.test/ext/info', ' '.repeat(1024 * 1024 + 1)));
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: the request body is over the limit of 1048576 bytes' },
    });
  });

  it('enforces the limit on a streamed body without a length', async () => {
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(100_000).fill(32));
        controller.close();
      },
    });
    const res = await server.fetch(
      new Request('http://node.test/ext/info', {
        method: 'POST',
        body: chunks,
        headers: { 'content-type': 'application/json' },
        duplex: 'half',
      } as RequestInit),
    );
    expect(res.status).toBe(413);
  });

  it("passes the request's signal to handlers", async () => {
    const res = await server.fetch(jsonRequest('http://node.test/ext/bc/C/rpc', call(1, 'eth_context')));
    expect(await res.json()).toMatchObject({ result: { transport: 'http', path: '/ext/bc/C/rpc', signal: true } });
  });

  it('works in node mode with the node texts', async () => {
    const node = createRpcServer({ services: ALL_SERVICES, handlers, mode: 'node' });
    const res = await node.fetch(new Request('http://node.test/ext/info', { method: 'GET' }));
    expect(res.status).toBe(405);
    expect(await res.text()).toBe('rpc: POST method required, received GET');
    const ok = await node.fetch(jsonRequest('http://node.test/ext/info', call(1, 'info.getNetworkID')));
    expect(await ok.text()).toBe('{"jsonrpc":"2.0","result":{"networkID":"1"},"id":1}\n');
    await node.close();
  });
});

describe('node:http listener on a server of your own', () => {
  let http: Server;
  let url: string;
  const server = createRpcServer({ services: ALL_SERVICES, handlers });
  beforeAll(async () => {
    http = createServer(server.listener);
    http.on('upgrade', server.handleUpgrade);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => {
      http.close(() => resolve());
      http.closeAllConnections();
    });
  });

  it('serves JSON-RPC', async () => {
    const res = await post(url, '/ext/bc/P', call(1, 'platform.getHeight'));
    expect(res.body).toBe('{"jsonrpc":"2.0","id":1,"result":{"height":"1234567"}}');
    expect(res.headers['content-length']).toBe(String(res.body.length));
  });

  it('gives handlers their context (no signal on plain node:http)', async () => {
    const res = await post(url, '/ext/bc/C/rpc', call(1, 'eth_context'), { 'x-test': 'http' });
    expect(JSON.parse(res.body)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        service: 'evm',
        method: 'eth_context',
        transport: 'http',
        path: '/ext/bc/C/rpc',
        variables: { blockchainID: 'C' },
        test: 'http',
        signal: false,
      },
    });
  });

  it('returns 413 for a chunked body that goes over the limit while being read', async () => {
    const small = createRpcServer({ services: ALL_SERVICES, handlers, limits: { maxBodyBytes: 1000 } });
    const at = await small.listen();
    try {
      const res = await rawRequest(at.url, {
        method: 'POST',
        path: '/ext/info',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        body: ' '.repeat(5000),
      });
      expect(res.status).toBe(413);
      expect(res.body).toBe(
        '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: the request body is over the limit of 1000 bytes"}}',
      );
    } finally {
      await small.close();
    }
  });

  it('executes notifications although it does not answer them, and runs a batch in order', async () => {
    const before = counters.slow;
    const res = await post(url, '/ext/bc/C/rpc', [{ jsonrpc: '2.0', method: 'eth_slow' }, call(1, 'eth_slow'), call(2, 'eth_slow')]);
    expect(JSON.parse(res.body)).toEqual([
      { jsonrpc: '2.0', id: 1, result: before + 2 },
      { jsonrpc: '2.0', id: 2, result: before + 3 },
    ]);
  });

  it('answers concurrent requests independently', async () => {
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post(url, '/ext/info', call(i, 'info.isBootstrapped', { chain: i % 2 ? 'X' : 'Z' }))),
    );
    replies.forEach((r, i) => {
      const body = JSON.parse(r.body) as { id: number; result?: unknown; error?: unknown };
      expect(body.id).toBe(i);
      expect(i % 2 ? body.result : body.error).toBeDefined();
    });
  });
});

describe('handlers', () => {
  let server: RpcServer;
  let at: ListeningServer;
  let loads = 0;
  class InfoApi {
    private readonly prefix = 'NodeID-';
    getNodeID(): { nodeID: string } {
      return { nodeID: `${this.prefix}fromAClass` };
    }
    checked(): { ok: boolean } {
      return { ok: true };
    }
  }
  const checked: ServerMethodMeta = method({
    name: 'info.checked',
    service: 'info',
    validateResult: async () => {
      loads++;
      return {
        validate: validator(
          obj({ ok: (v, p) => (typeof v === 'boolean' ? [] : [{ path: p, message: 'must be boolean', keyword: 'type' }]) }, ['ok']),
        ),
      };
    },
  });
  beforeAll(async () => {
    server = createRpcServer({
      services: [{ ...info, methods: { ...info.methods, 'info.checked': checked } }, evm],
      handlers: { info: { info: new InfoApi() }, evm: handlers.evm },
      validateResults: true,
    });
    at = await server.listen();
  });
  afterAll(() => server.close());

  it('are called with their namespace object as this', async () => {
    expect(JSON.parse((await post(at.url, '/ext/info', call(1, 'info.getNodeID'))).body)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { nodeID: 'NodeID-fromAClass' },
    });
  });

  it('have their results validated, the validator loaded once', async () => {
    for (let i = 0; i < 3; i++)
      expect(JSON.parse((await post(at.url, '/ext/info', call(i, 'info.checked'))).body)).toEqual({
        jsonrpc: '2.0',
        id: i,
        result: { ok: true },
      });
    expect(loads).toBe(1);
  });

  it('may be missing: the method is then unknown', async () => {
    expect(JSON.parse((await post(at.url, '/ext/info', call(1, 'info.getNetworkID'))).body)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'Method not found: info.getNetworkID has no handler on this server' },
    });
  });
});

describe('raw handler next to typed ones', () => {
  it('answers the methods without a typed handler, in wire form, after validation', async () => {
    const seen: unknown[] = [];
    const server = createRpcServer({
      services: [info],
      handlers: { info: { info: { getNetworkID: () => ({ networkID: 5 }) } } },
      rawHandler: (meta, params, ctx: HandlerContext) => {
        seen.push([meta.name, params, ctx.transport]);
        return { raw: true, big: '18446744073709551615' };
      },
    });
    const at = await server.listen();
    try {
      expect(JSON.parse((await post(at.url, '/ext/info', call(1, 'info.getNetworkID'))).body).result).toEqual({ networkID: '5' });
      expect(JSON.parse((await post(at.url, '/ext/info', call(2, 'info.isBootstrapped', [{ chain: 'X' }]))).body).result).toEqual({
        raw: true,
        big: '18446744073709551615',
      });
      expect(JSON.parse((await post(at.url, '/ext/info', call(3, 'info.isBootstrapped', { chain: 1 }))).body).error.code).toBe(-32602);
      expect(seen).toEqual([['info.isBootstrapped', { chain: 'X' }, 'http']]);
    } finally {
      await server.close();
    }
  });
});

describe('extra reply headers over node:http', () => {
  it('go with every reply, the reply\'s own headers winning a name that differs only in case', async () => {
    const server = createRpcServer({
      services: ALL_SERVICES,
      handlers,
      headers: { 'Node-ID': 'NodeID-test', 'Content-Type': 'text/plain', 'x-dup': '1', 'X-Dup': '2' },
    });
    const plain = createRpcServer({ services: ALL_SERVICES, handlers, headers: { 'Node-ID': 'NodeID-test', 'x-served-by': 'noderpc' } });
    const at = await server.listen();
    const at2 = await plain.listen();
    try {
      const res = await post(at.url, '/ext/bc/P', call(1, 'platform.getHeight'));
      expect(res.body).toBe('{"jsonrpc":"2.0","id":1,"result":{"height":"1234567"}}');
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.headers['node-id']).toBe('NodeID-test');
      expect(res.headers['x-dup']).toBe('2');
      const ok = await post(at2.url, '/ext/bc/P', call(1, 'platform.getHeight'));
      expect(ok.headers).toMatchObject({ 'node-id': 'NodeID-test', 'x-served-by': 'noderpc', 'content-type': 'application/json', 'content-length': String(ok.body.length) });
      const notification = await post(at2.url, '/ext/bc/P', { jsonrpc: '2.0', method: 'platform.getHeight' });
      expect(notification.status).toBe(204);
      expect(notification.headers).toMatchObject({ 'node-id': 'NodeID-test', 'x-served-by': 'noderpc' });
      expect(notification.headers['content-length']).toBeUndefined();
      const refused = await rawRequest(at2.url, { method: 'GET', path: '/ext/bc/P' });
      expect(refused.status).toBe(405);
      expect(refused.headers).toMatchObject({ 'node-id': 'NodeID-test', allow: 'POST' });
    } finally {
      await server.close();
      await plain.close();
    }
  });
});

describe('listen', () => {
  it('binds 127.0.0.1 on a free port and reports the URL', async () => {
    const server = createRpcServer({ services: [info], handlers });
    const at = await server.listen();
    expect(at.url).toBe(`http://127.0.0.1:${at.port}`);
    expect(at.port).toBeGreaterThan(0);
    await at.close();
    await at.close();
    await server.close();
  });

  it('rejects when the port is taken', async () => {
    const server = createRpcServer({ services: [info], handlers });
    const at = await server.listen();
    await expect(server.listen(at.port)).rejects.toThrow(/EADDRINUSE/);
    await server.close();
  });
});

describe('params given as "either"', () => {
  it('takes positional params, or an object mapped onto the declared order (handlers get the positional form)', async () => {
    const either = method({
      name: 'info.either',
      service: 'info',
      structure: 'either',
      params: ['a', 'b'],
      required: ['a'],
      validateParams: validator(tuple([str(), str()])),
    });
    const server = createRpcServer({
      services: [{ ...info, methods: { 'info.either': either } }],
      handlers: { info: { info: { either: (p: unknown) => p } } },
    });
    try {
      const ask = async (params: unknown): Promise<unknown> =>
        (await (await server.fetch(jsonRequest('http://x/ext/info', call(1, 'info.either', params)))).json()) as unknown;
      expect(await ask({ a: 'x' })).toMatchObject({ result: ['x'] });
      expect(await ask({ b: 'y', a: 'x', c: 'ignored' })).toMatchObject({ result: ['x', 'y'] });
      expect(await ask(['x', 'y'])).toMatchObject({ result: ['x', 'y'] });
      expect(await ask([{ a: 'x' }])).toMatchObject({ error: { code: -32602 } });
      expect(await ask({ b: 'y' })).toMatchObject({ error: { code: -32602 } });
      expect(await ask(['x', 'y', 'z'])).toMatchObject({
        error: { code: -32602, message: 'Invalid params: info.either takes at most 2 params, got 3' },
      });
    } finally {
      await server.close();
    }
  });
});

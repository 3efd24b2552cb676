import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpTransport } from '../../../runtime/transports/http.js';
import {
  AbortError,
  HttpError,
  NodeRpcError,
  ProtocolError,
  RpcError,
  TimeoutError,
  TransportError,
} from '../../../runtime/errors/index.js';
import { jsonReply, rpcHandler, startHttpServer, unusedPort, type RpcRequest, type TestHttpServer } from './servers.js';

let server: TestHttpServer;

beforeAll(async () => {
  server = await startHttpServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.handler = rpcHandler();
  server.received.length = 0;
});

/** Replies with `body` (a raw string) to every request, whatever it asks. */
function always(body: string, status = 200, contentType = 'application/json'): void {
  server.handler = () => ({ status, headers: { 'content-type': contentType }, body });
}

/** Replies to every request with an envelope built from the request. */
function reply(make: (req: RpcRequest) => unknown): void {
  server.handler = (ex) => jsonReply(make(ex.json as RpcRequest));
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected the promise to reject');
}

describe('createHttpTransport: single requests', () => {
  it('posts a JSON-RPC 2.0 request and resolves with the raw result', async () => {
    const t = createHttpTransport({ url: server.url });
    await expect(t.request({ method: 'add', params: [1, 2] })).resolves.toBe(3);
    const [ex] = server.received;
    expect(ex!.json).toEqual({ jsonrpc: '2.0', id: expect.any(Number), method: 'add', params: [1, 2] });
    expect(ex!.headers['content-type']).toBe('application/json');
  });

  it('leaves params out when they are undefined', async () => {
    const t = createHttpTransport({ url: server.url });
    await t.request({ method: 'echo' });
    expect(server.received[0]!.json).not.toHaveProperty('params');
  });

  it('sends transport and per-call headers, but always content-type application/json', async () => {
    const t = createHttpTransport({ url: server.url, headers: { Authorization: 'Bearer a', 'Content-Type': 'text/plain' } });
    await t.request({ method: 'echo' }, { headers: { 'x-trace': '7' } });
    const h = server.received[0]!.headers;
    expect(h.authorization).toBe('Bearer a');
    expect(h['x-trace']).toBe('7');
    expect(h['content-type']).toBe('application/json');
  });

  it('rejects with RpcError carrying code, message, data and method', async () => {
    const t = createHttpTransport({ url: server.url });
    const e = await rejection(t.request({ method: 'fail' }));
    expect(e).toBeInstanceOf(RpcError);
    expect(e).toBeInstanceOf(NodeRpcError);
    expect(e).toMatchObject({ name: 'RpcError', code: -32000, message: 'it failed', data: { why: 'asked to' }, method: 'fail', status: 200 });
    expect((e as Error).stack).toMatch(/^RpcError: it failed/);
  });

  it('accepts an error reply with id null (the server could not read the id)', async () => {
    reply(() => ({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } }));
    const e = await rejection(createHttpTransport({ url: server.url }).request({ method: 'echo' }));
    expect(e).toBeInstanceOf(RpcError);
    expect(e).toMatchObject({ code: -32700 });
  });

  it.each([
    ['a wrong id', (r: RpcRequest) => ({ jsonrpc: '2.0', id: Number(r.id) + 1, result: 1 }), /reply's id \d+ does not match the request's id \d+/],
    ['a string id for a number id', (r: RpcRequest) => ({ jsonrpc: '2.0', id: String(r.id), result: 1 }), /id is the string "\d+", but the request's id is the number \d+/],
    ['a missing id', () => ({ jsonrpc: '2.0', result: 1 }), /no "id"/],
    ['neither result nor error', (r: RpcRequest) => ({ jsonrpc: '2.0', id: r.id }), /neither a result nor an error/],
    ['both result and error', (r: RpcRequest) => ({ jsonrpc: '2.0', id: r.id, result: 1, error: { code: 1, message: 'x' } }), /both a result and an error/],
    ['no jsonrpc member', (r: RpcRequest) => ({ id: r.id, result: 1 }), /"jsonrpc" member is nothing, not "2.0"/],
    ['a malformed error object', (r: RpcRequest) => ({ jsonrpc: '2.0', id: r.id, error: { code: 'x' } }), /not a JSON-RPC error object/],
    ['an array for a single call', (r: RpcRequest) => [{ jsonrpc: '2.0', id: r.id, result: 1 }], /expected one reply object, got an array/],
    ['a result with id null', () => ({ jsonrpc: '2.0', id: null, result: 1 }), /reply's id null does not match/],
  ])('rejects %s with ProtocolError', async (_, make, message) => {
    reply(make);
    const e = await rejection(createHttpTransport({ url: server.url }).request({ method: 'echo' }));
    expect(e).toBeInstanceOf(ProtocolError);
    expect((e as Error).message).toMatch(message);
    expect((e as ProtocolError).method).toBe('echo');
  });

  it('rejects truncated JSON with ProtocolError keeping an excerpt of the body', async () => {
    always('{"jsonrpc":"2.0","id":1,"resu');
    const e = (await rejection(createHttpTransport({ url: server.url }).request({ method: 'echo' }))) as ProtocolError;
    expect(e).toBeInstanceOf(ProtocolError);
    expect(e.message).toMatch(/echo: the reply \(HTTP 200\) is not JSON/);
    expect(e.body).toBe('{"jsonrpc":"2.0","id":1,"resu');
  });

  it('rejects an empty 200 or a 204 with ProtocolError', async () => {
    const t = createHttpTransport({ url: server.url });
    always('');
    expect(await rejection(t.request({ method: 'echo' }))).toBeInstanceOf(ProtocolError);
    server.handler = () => ({ status: 204 });
    const e = await rejection(t.request({ method: 'echo' }));
    expect(e).toBeInstanceOf(ProtocolError);
    expect((e as Error).message).toMatch(/empty \(HTTP 204\)/);
  });

  it('rejects an HTML 502 with HttpError (status, statusText, bounded body excerpt, url)', async () => {
    const page = `<html><head><title>502 Bad Gateway</title></head><body>${'x'.repeat(5000)}</body></html>`;
    always(page, 502, 'text/html');
    const e = (await rejection(createHttpTransport({ url: server.url }).request({ method: 'echo' }))) as HttpError;
    expect(e).toBeInstanceOf(HttpError);
    expect(e).toMatchObject({ status: 502, statusText: 'Bad Gateway', url: server.url, method: 'echo' });
    expect(e.body).toContain('502 Bad Gateway');
    expect(e.body.length).toBeLessThan(600);
    expect(e.message).toMatch(/^echo: HTTP 502 Bad Gateway from http:\/\/127\.0\.0\.1:\d+\/ext\/bc\/C\/rpc: <html>.*retry later/);
  });

  it('surfaces a JSON-RPC error behind HTTP 500 as RpcError with the status', async () => {
    server.handler = (ex) => jsonReply({ jsonrpc: '2.0', id: (ex.json as RpcRequest).id, error: { code: -32603, message: 'internal error' } }, 500);
    const e = (await rejection(createHttpTransport({ url: server.url }).request({ method: 'echo' }))) as RpcError;
    expect(e).toBeInstanceOf(RpcError);
    expect(e).toMatchObject({ code: -32603, message: 'internal error', status: 500 });
  });

  it('turns the node\'s 415 text reply into HttpError with advice', async () => {
    always('rpc: unrecognized Content-Type: text/plain', 415, 'text/plain');
    const e = (await rejection(createHttpTransport({ url: server.url }).request({ method: 'echo' }))) as HttpError;
    expect(e.message).toMatch(/HTTP 415 Unsupported Media Type.*content-type application\/json/);
  });

  it('rejects a stalled request with TimeoutError and aborts the fetch', async () => {
    server.handler = () => 'stall';
    const t = createHttpTransport({ url: server.url, timeout: 100 });
    const started = Date.now();
    const e = (await rejection(t.request({ method: 'echo' }))) as TimeoutError;
    expect(e).toBeInstanceOf(TimeoutError);
    expect(e).toMatchObject({ timeout: 100, method: 'echo' });
    expect(e.message).toMatch(/echo: no reply from .* within 100 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('lets a call override the timeout', async () => {
    server.handler = () => 'stall';
    const t = createHttpTransport({ url: server.url, timeout: 60_000 });
    expect(await rejection(t.request({ method: 'echo' }, { timeout: 50 }))).toBeInstanceOf(TimeoutError);
  });

  it('times out even when an injected fetch ignores its AbortSignal', async () => {
    const t = createHttpTransport({ url: server.url, timeout: 50, fetch: () => new Promise(() => undefined) });
    expect(await rejection(t.request({ method: 'echo' }))).toBeInstanceOf(TimeoutError);
  });

  it('rejects with AbortError when the signal fires mid-call', async () => {
    server.handler = () => 'stall';
    const t = createHttpTransport({ url: server.url });
    const controller = new AbortController();
    const p = t.request({ method: 'echo' }, { signal: controller.signal });
    await server.next();
    controller.abort(new Error('user left'));
    const e = (await rejection(p)) as AbortError;
    expect(e).toBeInstanceOf(AbortError);
    expect(e.message).toMatch(/echo: the call was aborted by its AbortSignal \(user left\)/);
  });

  it('rejects at once with AbortError when the signal has already fired, sending nothing', async () => {
    const t = createHttpTransport({ url: server.url });
    expect(await rejection(t.request({ method: 'echo' }, { signal: AbortSignal.abort() }))).toBeInstanceOf(AbortError);
    expect(server.received).toHaveLength(0);
  });

  it('rejects with TransportError when the connection is refused', async () => {
    const port = await unusedPort();
    const e = (await rejection(createHttpTransport({ url: `http://127.0.0.1:${port}/ext/info` }).request({ method: 'info.getNodeID' }))) as TransportError;
    expect(e).toBeInstanceOf(TransportError);
    expect(e.message).toMatch(/info\.getNodeID: could not reach http:\/\/127\.0\.0\.1:\d+\/ext\/info: .*Check the URL/);
    expect(e.cause).toBeDefined();
  });

  it('rejects with TransportError when the server drops the connection', async () => {
    server.handler = () => 'destroy';
    expect(await rejection(createHttpTransport({ url: server.url }).request({ method: 'echo' }))).toBeInstanceOf(TransportError);
  });

  it('rejects calls after close(), and a call in flight when it closes', async () => {
    server.handler = () => 'stall';
    const t = createHttpTransport({ url: server.url });
    const p = t.request({ method: 'echo' });
    await server.next();
    const failed = rejection(p);
    await t.close();
    expect(await failed).toBeInstanceOf(TransportError);
    const e = await rejection(t.request({ method: 'echo' }));
    expect((e as Error).message).toMatch(/closed/);
  });

  it('refuses a URL that is not http(s)', () => {
    expect(() => createHttpTransport({ url: 'ws://127.0.0.1' })).toThrow(/http:\/\/ or https:\/\//);
  });
});

describe('createHttpTransport: explicit batches', () => {
  it('sends one array and settles each call on its own', async () => {
    const t = createHttpTransport({ url: server.url, batch: true });
    const out = await t.batch([{ method: 'add', params: [1, 1] }, { method: 'fail' }, { method: 'echo', params: ['x'] }]);
    expect(server.received).toHaveLength(1);
    expect(Array.isArray(server.received[0]!.json)).toBe(true);
    expect(out[0]).toEqual({ status: 'fulfilled', value: 2 });
    expect(out[1]!.status).toBe('rejected');
    expect((out[1] as { reason: unknown }).reason).toMatchObject({ name: 'RpcError', code: -32000, method: 'fail' });
    expect(out[2]).toEqual({ status: 'fulfilled', value: ['x'] });
  });

  it('matches replies by id whatever their order', async () => {
    server.handler = (ex) => {
      const reqs = ex.json as RpcRequest[];
      return jsonReply(reqs.map((r) => ({ jsonrpc: '2.0', id: r.id, result: r.method })).reverse());
    };
    const t = createHttpTransport({ url: server.url, batch: true });
    const out = await t.batch([{ method: 'a' }, { method: 'b' }, { method: 'c' }]);
    expect(out.map((s) => (s.status === 'fulfilled' ? s.value : s.reason))).toEqual(['a', 'b', 'c']);
  });

  it('splits at maxBatchSize, sending a lone remainder as a single request', async () => {
    const t = createHttpTransport({ url: server.url, batch: true, maxBatchSize: 2 });
    const out = await t.batch([1, 2, 3, 4, 5].map((n) => ({ method: 'add', params: [n, 0] })));
    expect(out.map((s) => (s as { value: unknown }).value)).toEqual([1, 2, 3, 4, 5]);
    const shapes = server.received.map((ex) => (Array.isArray(ex.json) ? ex.json.length : 'single')).sort();
    expect(shapes).toEqual([2, 2, 'single']);
  });

  it('gives calls missing from the reply a ProtocolError naming the server\'s complaint', async () => {
    // geth's answer to an oversized batch: one item, for the first call.
    server.handler = (ex) => {
      const [first] = ex.json as RpcRequest[];
      return jsonReply([{ jsonrpc: '2.0', id: first!.id, error: { code: -32600, message: 'batch too large' } }]);
    };
    const t = createHttpTransport({ url: server.url, batch: true });
    const out = await t.batch([{ method: 'a' }, { method: 'b' }]);
    expect((out[0] as { reason: unknown }).reason).toMatchObject({ name: 'RpcError', message: 'batch too large' });
    const missing = (out[1] as { reason: ProtocolError }).reason;
    expect(missing).toBeInstanceOf(ProtocolError);
    expect(missing.message).toMatch(/b: the batch reply has no item for id \d+ \(1 items for 2 calls; the server said: batch too large\)/);
    expect(missing.cause).toBeInstanceOf(RpcError);
  });

  it('gives every call the error when the server answers the array with one error object', async () => {
    server.handler = rpcHandler(undefined, { batch: false });
    const t = createHttpTransport({ url: server.url, batch: true });
    const out = await t.batch([{ method: 'a' }, { method: 'b' }]);
    for (const s of out) expect((s as { reason: unknown }).reason).toMatchObject({ name: 'RpcError', code: -32700 });
    expect(out.map((s) => (s as { reason: RpcError }).reason.method)).toEqual(['a', 'b']);
  });

  it('reports a string id in a batch reply, and items that are not replies', async () => {
    server.handler = (ex) => {
      const [a, b, c] = ex.json as RpcRequest[];
      return jsonReply([{ jsonrpc: '2.0', id: String(a!.id), result: 1 }, { jsonrpc: '2.0', id: b!.id }, { jsonrpc: '2.0', id: c!.id, result: 3 }]);
    };
    const out = await createHttpTransport({ url: server.url, batch: true }).batch([{ method: 'a' }, { method: 'b' }, { method: 'c' }]);
    expect((out[0] as { reason: Error }).reason.message).toMatch(/string "\d+", but the request's id is the number/);
    expect((out[1] as { reason: Error }).reason.message).toMatch(/neither a result nor an error/);
    expect(out[2]).toEqual({ status: 'fulfilled', value: 3 });
  });

  it('fails every call of a batch on HTTP errors, and on a body that is not JSON', async () => {
    const t = createHttpTransport({ url: server.url, batch: true });
    always('<html>Bad Gateway</html>', 502, 'text/html');
    for (const s of await t.batch([{ method: 'a' }, { method: 'b' }])) expect((s as { reason: unknown }).reason).toBeInstanceOf(HttpError);
    always('[{"jsonrpc"');
    for (const s of await t.batch([{ method: 'a' }, { method: 'b' }])) expect((s as { reason: unknown }).reason).toBeInstanceOf(ProtocolError);
    always('');
    for (const s of await t.batch([{ method: 'a' }, { method: 'b' }])) expect((s as { reason: unknown }).reason).toBeInstanceOf(ProtocolError);
  });

  it('fails only the call whose params cannot be serialised', async () => {
    const t = createHttpTransport({ url: server.url, batch: true });
    const out = await t.batch([{ method: 'echo', params: [1n] }, { method: 'add', params: [2, 2] }, { method: 'add', params: [3, 3] }]);
    expect((out[0] as { reason: Error }).reason.message).toMatch(/echo: the params cannot be sent as JSON/);
    expect(out.slice(1)).toEqual([
      { status: 'fulfilled', value: 4 },
      { status: 'fulfilled', value: 6 },
    ]);
  });

  it('times out a stalled batch: every call rejects with TimeoutError', async () => {
    server.handler = () => 'stall';
    const out = await createHttpTransport({ url: server.url, batch: true, timeout: 80 }).batch([{ method: 'a' }, { method: 'b' }]);
    expect(out.map((s) => (s as { reason: TimeoutError }).reason.method)).toEqual(['a', 'b']);
    for (const s of out) expect((s as { reason: unknown }).reason).toBeInstanceOf(TimeoutError);
  });

  it('fans out as concurrent single requests on an endpoint without arrays: the server never sees an array', async () => {
    server.handler = rpcHandler(undefined, { batch: false });
    const t = createHttpTransport({ url: server.url });
    const out = await t.batch([{ method: 'add', params: [1, 0] }, { method: 'fail' }, { method: 'add', params: [3, 0] }]);
    expect(server.received).toHaveLength(3);
    expect(server.received.some((ex) => Array.isArray(ex.json))).toBe(false);
    expect(out[0]).toEqual({ status: 'fulfilled', value: 1 });
    expect((out[1] as { reason: unknown }).reason).toBeInstanceOf(RpcError);
    expect(out[2]).toEqual({ status: 'fulfilled', value: 3 });
  });

  it('resolves an empty batch without a request', async () => {
    await expect(createHttpTransport({ url: server.url, batch: true }).batch([])).resolves.toEqual([]);
    expect(server.received).toHaveLength(0);
  });
});

describe('createHttpTransport: auto-batching', () => {
  it('groups calls made in the same tick into arrays of at most maxBatchSize', async () => {
    const t = createHttpTransport({ url: server.url, batch: true, maxBatchSize: 3, autoBatch: true });
    const results = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => t.request({ method: 'add', params: [n, 10] })));
    expect(results).toEqual([11, 12, 13, 14, 15, 16, 17]);
    const shapes = server.received.map((ex) => (Array.isArray(ex.json) ? ex.json.length : 'single')).sort();
    expect(shapes).toEqual([3, 3, 'single']);
  });

  it('keeps each call\'s own outcome inside an array', async () => {
    const t = createHttpTransport({ url: server.url, batch: true, autoBatch: true });
    const [a, b] = await Promise.allSettled([t.request({ method: 'add', params: [1, 1] }), t.request({ method: 'fail' })]);
    expect(a).toEqual({ status: 'fulfilled', value: 2 });
    expect((b as PromiseRejectedResult).reason).toBeInstanceOf(RpcError);
    expect(server.received).toHaveLength(1);
  });

  it('sends calls of different ticks separately, and groups within `wait`', async () => {
    const t = createHttpTransport({ url: server.url, batch: true, autoBatch: true });
    await t.request({ method: 'echo' });
    await t.request({ method: 'echo' });
    expect(server.received.map((ex) => Array.isArray(ex.json))).toEqual([false, false]);
    server.received.length = 0;
    // A long wait, so only the size limit sends the array: calls of different ticks still share it.
    const w = createHttpTransport({ url: server.url, batch: true, autoBatch: { wait: 60_000, maxSize: 2 } });
    const first = w.request({ method: 'add', params: [1, 0] });
    await new Promise((r) => setImmediate(r));
    expect(server.received).toHaveLength(0);
    const second = w.request({ method: 'add', params: [2, 0] });
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(server.received).toHaveLength(1);
    expect(server.received[0]!.json).toHaveLength(2);
  });

  it('sends what is queued when `wait` runs out', async () => {
    const w = createHttpTransport({ url: server.url, batch: true, autoBatch: { wait: 5 } });
    expect(await w.request({ method: 'add', params: [1, 1] })).toBe(2);
    expect(server.received.map((ex) => Array.isArray(ex.json))).toEqual([false]);
  });

  it('honours autoBatch.maxSize below maxBatchSize', async () => {
    const t = createHttpTransport({ url: server.url, batch: true, autoBatch: { maxSize: 2 } });
    await Promise.all([1, 2, 3, 4].map((n) => t.request({ method: 'add', params: [n, 0] })));
    expect(server.received.map((ex) => (ex.json as unknown[]).length)).toEqual([2, 2]);
  });

  it('never auto-batches on an endpoint without arrays', async () => {
    server.handler = rpcHandler(undefined, { batch: false });
    const t = createHttpTransport({ url: server.url, autoBatch: true });
    await Promise.all([1, 2, 3].map((n) => t.request({ method: 'add', params: [n, 0] })));
    expect(server.received).toHaveLength(3);
    expect(server.received.some((ex) => Array.isArray(ex.json))).toBe(false);
  });

  it('times out and aborts queued calls one by one', async () => {
    server.handler = () => 'stall';
    const t = createHttpTransport({ url: server.url, batch: true, autoBatch: true, timeout: 60_000 });
    const controller = new AbortController();
    const slow = t.request({ method: 'a' }, { timeout: 60 });
    const aborted = t.request({ method: 'b' }, { signal: controller.signal });
    controller.abort();
    expect(await rejection(aborted)).toBeInstanceOf(AbortError);
    expect(await rejection(slow)).toBeInstanceOf(TimeoutError);
  });

  it('rejects queued calls when the transport closes', async () => {
    const t = createHttpTransport({ url: server.url, batch: true, autoBatch: { wait: 1000 } });
    const p = t.request({ method: 'echo' });
    await t.close();
    expect(await rejection(p)).toBeInstanceOf(TransportError);
    expect(server.received).toHaveLength(0);
  });
});

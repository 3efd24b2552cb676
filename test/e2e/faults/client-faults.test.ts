/**
 * Fault tests of the generated client (issue #7): `createNodeClient` pointed at small local servers that
 * misbehave the way real servers and proxies do. Every case ends in the exact typed error (or a successful
 * reconnect), never a hang: each test has its own timeout, and each call is raced against a bound.
 *
 * HTTP: wrong id, string id for a number id, neither result nor error, both, truncated JSON, a body cut off
 * mid-transfer, empty body, HTML 502, HTTP 500 carrying a JSON-RPC error, stall (TimeoutError), abort
 * (AbortError), connection refused and reset (TransportError), batch replies missing an item or repeating an
 * id. WebSocket: dropped mid-subscription (reconnects, re-subscribes, keeps yielding) and dropped with
 * reconnect off (TransportError), a call in flight when the connection drops, a stalled reply, garbage.
 * Property: whatever body and status a server answers with, a call settles within its timeout, with a value
 * (never undefined) or a NodeRpcError.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { WebSocketServer, type WebSocket } from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AbortError,
  createNodeClient,
  createWebSocketTransport,
  DecodeError,
  EncodeError,
  HttpError,
  NodeRpcError,
  ProtocolError,
  ResponseValidationError,
  RpcError,
  TimeoutError,
  TransportError,
  type NodeClient,
} from '../../../generated/client/index.js';
import { validators } from '../../../generated/client/validators.js';

const SEED = 4207;
/** The bound on any single outcome: far above every timeout the tests configure. */
const SETTLE_MS = 10_000;
const TEST_TIMEOUT = 30_000;

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- requests are inspected loosely

/** What the server received. */
interface Received {
  readonly path: string;
  readonly body: string;
  readonly json: Json;
}

type Behaviour = (got: Received, res: ServerResponse, req: IncomingMessage) => void;

interface Misbehaving {
  readonly base: string;
  readonly port: number;
  readonly received: Received[];
  behave(b: Behaviour): void;
  /** Resolves with the next request the server receives. */
  next(): Promise<Received>;
  close(): Promise<void>;
}

/** An HTTP server that does whatever the current behaviour says (default: a correct eth_blockNumber). */
async function misbehaving(): Promise<Misbehaving> {
  let behaviour: Behaviour = ok;
  const received: Received[] = [];
  const waiters: ((r: Received) => void)[] = [];
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const body = Buffer.concat(parts).toString('utf8');
      let json: Json;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const got = { path: req.url ?? '/', body, json };
      received.push(got);
      for (const w of waiters.splice(0)) w(got);
      behaviour(got, res, req);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    received,
    behave: (b) => {
      behaviour = b;
    },
    next: () => new Promise((resolve) => waiters.push(resolve)),
    close: () => closeHttp(server),
  };
}

function closeHttp(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function send(res: ServerResponse, status: number, body: string | Buffer, type = 'application/json'): void {
  res.writeHead(status, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}

/** A correct reply to eth_blockNumber / eth_chainId / platform.getHeight, per call. */
function answer(call: Json): Json {
  const result = call.method === 'platform.getHeight' ? { height: '42' } : call.method === 'eth_chainId' ? '0xa86a' : '0x2a';
  return { jsonrpc: '2.0', id: call.id, result };
}
const ok: Behaviour = (got, res) => send(res, 200, JSON.stringify(Array.isArray(got.json) ? got.json.map(answer) : answer(got.json)));

/** Races a promise against SETTLE_MS: a hang fails the test with a message instead of its timeout. */
async function settle<T>(p: Promise<T>, what: string): Promise<{ value?: T; error?: unknown }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${SETTLE_MS} ms`)), SETTLE_MS);
  });
  try {
    return { value: await Promise.race([p, hang]) };
  } catch (error) {
    if (error instanceof Error && error.message.includes('did not settle')) throw error;
    return { error };
  } finally {
    clearTimeout(timer);
  }
}

/** The call's rejection, which must be an instance of exactly `cls` (not a subclass or sibling). */
async function rejection<E extends NodeRpcError>(p: Promise<unknown>, cls: abstract new (...args: never[]) => E, what = cls.name): Promise<E> {
  const r = await settle(p, what);
  if (!('error' in r) || r.error === undefined) throw new Error(`${what}: expected ${cls.name}, but the call resolved with ${String(r.value)}`);
  expect(r.error, String(r.error)).toBeInstanceOf(cls);
  expect((r.error as Error).constructor).toBe(cls);
  expect(r.error).toBeInstanceOf(NodeRpcError);
  return r.error as E;
}

describe('HTTP: a server that misbehaves', () => {
  let srv: Misbehaving;
  let node: NodeClient;
  beforeAll(async () => {
    srv = await misbehaving();
    node = createNodeClient({ url: srv.base, timeout: 5000 });
  });
  afterEach(() => srv.behave(ok));
  afterAll(async () => {
    await node.close();
    await srv.close();
  });

  it('answers correctly first (the baseline the faults are measured against)', async () => {
    expect(await node.eth.blockNumber()).toBe(42n);
    expect(await node.platform.getHeight()).toEqual({ height: 42n });
  });

  it('wrong id → ProtocolError', { timeout: TEST_TIMEOUT }, async () => {
    srv.behave((got, res) => send(res, 200, JSON.stringify({ ...answer(got.json), id: got.json.id + 1000 })));
    const e = await rejection(node.eth.blockNumber(), ProtocolError);
    expect(e.message).toMatch(/does not match the request's id/);
    expect(e.method).toBe('eth_blockNumber');
    expect(e.body).toContain('"result":"0x2a"');
  });

  it('string id for a number id → ProtocolError naming the difference', { timeout: TEST_TIMEOUT }, async () => {
    srv.behave((got, res) => send(res, 200, JSON.stringify({ ...answer(got.json), id: String(got.json.id) })));
    const e = await rejection(node.platform.getHeight(), ProtocolError);
    expect(e.message).toMatch(/the reply's id is the string "\d+", but the request's id is the number \d+/);
  });

  it('neither result nor error → ProtocolError', { timeout: TEST_TIMEOUT }, async () => {
    srv.behave((got, res) => send(res, 200, JSON.stringify({ jsonrpc: '2.0', id: got.json.id })));
    expect((await rejection(node.eth.blockNumber(), ProtocolError)).message).toMatch(/neither a result nor an error/);
  });

  it('both result and error → ProtocolError', { timeout: TEST_TIMEOUT }, async () => {
    srv.behave((got, res) =>
      send(res, 200, JSON.stringify({ jsonrpc: '2.0', id: got.json.id, result: '0x1', error: { code: -32000, message: 'no' } })),
    );
    expect((await rejection(node.eth.blockNumber(), ProtocolError)).message).toMatch(/both a result and an error/);
  });

  it('truncated JSON (complete HTTP message) → ProtocolError with the start of the body', { timeout: TEST_TIMEOUT }, async () => {
    let sent = '';
    srv.behave((got, res) => send(res, 200, (sent = JSON.stringify(answer(got.json)).slice(0, 25))));
    const e = await rejection(node.eth.blockNumber(), ProtocolError);
    expect(e.message).toMatch(/not JSON/);
    expect(e.body).toBe(sent);
    expect(sent).toMatch(/^\{"jsonrpc":"2\.0","id":\d+,/);
  });

  it('a body cut off mid-transfer (connection closed before Content-Length bytes) → TransportError', { timeout: TEST_TIMEOUT }, async () => {
    srv.behave((got, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      // Drop the connection once the partial body is on the wire.
      res.write(JSON.stringify(answer(got.json)).slice(0, 20), () => res.socket?.destroy());
    });
    const e = await rejection(node.eth.blockNumber(), TransportError);
    expect(e.message).toMatch(/failed while reading the reply/);
  });

  it('empty body → ProtocolError', { timeout: TEST_TIMEOUT }, async () => {
    srv.behave((_got, res) => send(res, 200, ''));
    expect((await rejection(node.eth.blockNumber(), ProtocolError)).message).toMatch(/empty/);
  });

  it("a proxy's HTML 502 → HttpError with status and the start of the page", { timeout: TEST_TIMEOUT }, async () => {
    const page = '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';
    srv.behave((_got, res) => send(res, 502, page, 'text/html'));
    const e = await rejection(node.platform.getHeight(), HttpError);
    expect(e.status).toBe(502);
    expect(e.statusText).toBe('Bad Gateway');
    expect(e.body).toContain('<title>502 Bad Gateway</title>');
    expect(e.message).toMatch(/HTTP 502/);
  });

  it('HTTP 500 carrying a JSON-RPC error → RpcError with code, data and status', { timeout: TEST_TIMEOUT }, async () => {
    srv.behave((got, res) => send(res, 500, JSON.stringify({ jsonrpc: '2.0', id: got.json.id, error: { code: -32000, message: 'database is locked', data: { retry: true } } })));
    const e = await rejection(node.eth.blockNumber(), RpcError);
    expect(e.code).toBe(-32000);
    expect(e.message).toBe('database is locked');
    expect(e.data).toEqual({ retry: true });
    expect(e.status).toBe(500);
  });

  it('HTTP 500 with a body that is not JSON-RPC → HttpError', { timeout: TEST_TIMEOUT }, async () => {
    srv.behave((_got, res) => send(res, 500, 'Internal Server Error', 'text/plain'));
    expect((await rejection(node.eth.blockNumber(), HttpError)).status).toBe(500);
  });

  it('a JSON-RPC error with id null (the server could not read the id) → RpcError', { timeout: TEST_TIMEOUT }, async () => {
    srv.behave((_got, res) => send(res, 200, '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}'));
    expect((await rejection(node.eth.blockNumber(), RpcError)).code).toBe(-32700);
  });

  it('a stall (headers never sent) with a client timeout → TimeoutError, promptly', { timeout: TEST_TIMEOUT }, async () => {
    srv.behave(() => undefined);
    const e = await rejection(node.eth.blockNumber({ timeout: 200 }), TimeoutError);
    expect(e.timeout).toBe(200);
  });

  it('a stall after the headers (body never finishes) → TimeoutError', { timeout: TEST_TIMEOUT }, async () => {
    srv.behave((_got, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"jsonrpc":"2.0",');
    });
    expect((await rejection(node.platform.getHeight({ timeout: 200 }), TimeoutError)).timeout).toBe(200);
  });

  it("the caller's AbortSignal while the server stalls → AbortError with the reason", { timeout: TEST_TIMEOUT }, async () => {
    srv.behave(() => undefined);
    const controller = new AbortController();
    const arrived = srv.next();
    const p = node.eth.blockNumber({ signal: controller.signal });
    await arrived;
    controller.abort(new Error('user pressed cancel'));
    const e = await rejection(p, AbortError);
    expect((e.reason as Error).message).toBe('user pressed cancel');
    // Already aborted: fails at once, nothing sent.
    const before = srv.received.length;
    await rejection(node.eth.blockNumber({ signal: AbortSignal.abort('early') }), AbortError);
    expect(srv.received.length).toBe(before);
  });

  it('the connection reset before a reply → TransportError', { timeout: TEST_TIMEOUT }, async () => {
    srv.behave((_got, _res, req) => req.socket.destroy());
    await rejection(node.eth.blockNumber(), TransportError);
  });

  it('batch: a reply missing an item → that call alone fails with ProtocolError', { timeout: TEST_TIMEOUT }, async () => {
    srv.behave((got, res) => send(res, 200, JSON.stringify((got.json as Json[]).filter((c) => c.method !== 'eth_chainId').map(answer))));
    const [a, b, c] = await node.batch((x) => [x.eth.blockNumber(), x.eth.chainId(), x.eth.blockNumber()]);
    expect(a).toEqual({ status: 'fulfilled', value: 42n });
    expect(c).toEqual({ status: 'fulfilled', value: 42n });
    expect(b.status).toBe('rejected');
    const reason = (b as { reason: unknown }).reason;
    expect((reason as Error).constructor).toBe(ProtocolError);
    expect((reason as Error).message).toMatch(/the batch reply has no item for id \d+ \(2 items for 3 calls\)/);
  });

  it('batch: a reply repeating an id → the first item answers it, the call left out fails with ProtocolError', { timeout: TEST_TIMEOUT }, async () => {
    srv.behave((got, res) => {
      const calls = got.json as Json[];
      const items = calls.map(answer);
      items[1] = { jsonrpc: '2.0', id: calls[0].id, result: '0xdead' };
      send(res, 200, JSON.stringify(items));
    });
    const [a, b, c] = await node.batch((x) => [x.eth.blockNumber(), x.eth.chainId(), x.eth.chainId()]);
    expect(a).toEqual({ status: 'fulfilled', value: 42n });
    expect(c).toEqual({ status: 'fulfilled', value: 0xa86an });
    expect(b.status).toBe('rejected');
    expect(((b as { reason: unknown }).reason as Error).constructor).toBe(ProtocolError);
  });

  it('batch: one error object instead of an array → every call fails with that RpcError', { timeout: TEST_TIMEOUT }, async () => {
    srv.behave((_got, res) => send(res, 200, '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"batch too large"}}'));
    const outcomes = await node.batch((x) => [x.eth.blockNumber(), x.eth.chainId()]);
    for (const o of outcomes) {
      expect(o.status).toBe('rejected');
      const reason = (o as { reason: unknown }).reason as RpcError;
      expect(reason.constructor).toBe(RpcError);
      expect(reason.code).toBe(-32600);
    }
  });

  it('batch: the array stalls → every call times out', { timeout: TEST_TIMEOUT }, async () => {
    srv.behave(() => undefined);
    const outcomes = await settle(node.batch((x) => [x.eth.blockNumber(), x.eth.chainId()], { timeout: 200 }), 'batch');
    for (const o of outcomes.value ?? []) expect(((o as { reason: unknown }).reason as Error).constructor).toBe(TimeoutError);
    expect(outcomes.value).toHaveLength(2);
  });
});

describe('params the node cannot take', () => {
  it('a uint64 param above 2^64-1 fails with EncodeError instead of being sent', { timeout: TEST_TIMEOUT }, async () => {
    const srv = await misbehaving();
    const node = createNodeClient({ url: srv.base, timeout: 5000, ws: { transport: createWebSocketTransport } });
    try {
      srv.behave((got, res) => send(res, 200, JSON.stringify({ jsonrpc: '2.0', id: got.json.id, result: { block: '0x00', encoding: 'hex' } })));
      const e = await rejection(node.platform.getBlockByHeight({ height: 2n ** 64n }), EncodeError);
      expect(e.path).toBe('/height');
      expect(srv.received).toEqual([]);
    } finally {
      await node.close();
      await srv.close();
    }
  });
});

describe('HTTP: nobody listening', () => {
  it('connection refused → TransportError', { timeout: TEST_TIMEOUT }, async () => {
    const srv = await misbehaving();
    const port = srv.port;
    await srv.close();
    const node = createNodeClient({ url: `http://127.0.0.1:${port}`, timeout: 5000 });
    try {
      const e = await rejection(node.eth.blockNumber(), TransportError);
      expect(e.message).toMatch(/could not reach/);
      const [b] = await node.batch((x) => [x.platform.getHeight()]);
      expect(((b as { reason: unknown }).reason as Error).constructor).toBe(TransportError);
    } finally {
      await node.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// WebSocket
// ---------------------------------------------------------------------------------------------------------

interface WsServer {
  readonly base: string;
  readonly sockets: WebSocket[];
  /** Every eth_subscribe the server confirmed: its id and connection. */
  readonly subscriptions: { id: string; socket: WebSocket }[];
  /** Custom answer to a message, or undefined for the default (subscribe / unsubscribe / blockNumber). */
  answer: ((msg: Json, socket: WebSocket) => 'default' | 'none') | undefined;
  /** Resolves once `n` subscriptions were confirmed in total. */
  subscribed(n: number): Promise<{ id: string; socket: WebSocket }>;
  notify(sub: { id: string; socket: WebSocket }, result: unknown): void;
  close(): Promise<void>;
}

async function wsServer(): Promise<WsServer> {
  const http = createServer((_req, res) => send(res, 404, ''));
  const wss = new WebSocketServer({ server: http });
  const sockets: WebSocket[] = [];
  const subscriptions: { id: string; socket: WebSocket }[] = [];
  const waiters: (() => void)[] = [];
  let counter = 0;
  const self: WsServer = {
    base: '',
    sockets,
    subscriptions,
    answer: undefined,
    subscribed: (n) =>
      new Promise((resolve) => {
        const check = (): boolean => {
          const s = subscriptions[n - 1];
          if (s) resolve(s);
          return s !== undefined;
        };
        if (!check()) waiters.push(() => void check());
      }),
    notify(sub, result) {
      sub.socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: sub.id, result } }));
    },
    async close() {
      for (const s of sockets) s.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await closeHttp(http);
    },
  };
  wss.on('connection', (socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
    socket.on('message', (data) => {
      const msg = JSON.parse(String(data)) as Json;
      if (self.answer?.(msg, socket) === 'none') return;
      if (msg.method === 'eth_subscribe') {
        const id = `0x${(++counter).toString(16).padStart(32, '0')}`;
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: id }));
        subscriptions.push({ id, socket });
        for (const w of waiters.splice(0)) w();
      } else if (msg.method === 'eth_unsubscribe') {
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: true }));
      } else {
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: '0x2a' }));
      }
    });
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const { port } = http.address() as AddressInfo;
  return Object.assign(self, { base: `http://127.0.0.1:${port}` });
}

const HASH = (n: number): `0x${string}` => `0x${n.toString(16).padStart(64, '0')}`;

describe('WebSocket: a server that drops or stalls', () => {
  let srv: WsServer;
  beforeAll(async () => {
    srv = await wsServer();
  });
  afterEach(() => {
    srv.answer = undefined;
  });
  afterAll(async () => {
    await srv.close();
  });

  it('dropped mid-subscription: the client reconnects, re-subscribes and the iterator keeps yielding', { timeout: TEST_TIMEOUT }, async () => {
    const node = createNodeClient({ url: srv.base, timeout: 5000, ws: { transport: createWebSocketTransport, reconnect: { delay: 5, maxDelay: 20 } } });
    try {
      const start = srv.subscriptions.length;
      const sub = node.eth.subscribe('newPendingTransactions');
      const first = await srv.subscribed(start + 1);
      const firstId = await sub.ready;
      expect(firstId).toBe(first.id);
      srv.notify(first, HASH(1));
      expect((await settle(sub.next(), 'first notification')).value).toEqual({ done: false, value: HASH(1) });
      // Drop the connection without a close handshake, mid-subscription.
      first.socket.terminate();
      const second = await srv.subscribed(start + 2);
      expect(second.socket).not.toBe(first.socket);
      srv.notify(second, HASH(2));
      expect((await settle(sub.next(), 'notification after the reconnect')).value).toEqual({ done: false, value: HASH(2) });
      expect(sub.id).toBe(second.id);
      expect(sub.id).not.toBe(firstId);
      // Once more, to show it is not a one-off.
      second.socket.terminate();
      const third = await srv.subscribed(start + 3);
      srv.notify(third, HASH(3));
      expect((await settle(sub.next(), 'notification after the second reconnect')).value).toEqual({ done: false, value: HASH(3) });
      await sub.unsubscribe();
      expect(await sub.next()).toEqual({ done: true, value: undefined });
    } finally {
      await node.close();
    }
  });

  it('dropped with reconnect off: the iterator ends with TransportError', { timeout: TEST_TIMEOUT }, async () => {
    const node = createNodeClient({ url: srv.base, timeout: 5000, ws: { transport: createWebSocketTransport, reconnect: false } });
    try {
      const start = srv.subscriptions.length;
      const sub = node.eth.subscribe('newPendingTransactions');
      const first = await srv.subscribed(start + 1);
      await sub.ready;
      srv.notify(first, HASH(7));
      expect((await settle(sub.next(), 'notification')).value).toEqual({ done: false, value: HASH(7) });
      const pending = sub.next();
      first.socket.terminate();
      const e = await rejection(pending, TransportError);
      expect(e.message).toMatch(/reconnect is off/);
      expect(await sub.next()).toEqual({ done: true, value: undefined });
      expect(srv.subscriptions.length).toBe(start + 1);
    } finally {
      await node.close();
    }
  });

  it('a call in flight when the connection drops → TransportError (not resent)', { timeout: TEST_TIMEOUT }, async () => {
    const node = createNodeClient({ url: srv.base, timeout: 5000, ws: { transport: createWebSocketTransport } });
    try {
      srv.answer = (msg, socket) => {
        if (msg.method !== 'eth_unsubscribe') return 'default';
        socket.terminate();
        return 'none';
      };
      const e = await rejection(node.eth.unsubscribe('0x1'), TransportError);
      expect(e.message).toMatch(/may or may not have been executed/);
    } finally {
      await node.close();
    }
  });

  it('a stalled WebSocket reply → TimeoutError; the connection then still serves', { timeout: TEST_TIMEOUT }, async () => {
    const node = createNodeClient({ url: srv.base, timeout: 5000, ws: { transport: createWebSocketTransport } });
    try {
      srv.answer = (msg) => (msg.method === 'eth_unsubscribe' && msg.params[0] === '0xstall' ? 'none' : 'default');
      expect((await rejection(node.eth.unsubscribe('0xstall', { timeout: 200 }), TimeoutError)).timeout).toBe(200);
      expect(await node.eth.unsubscribe('0x2')).toBe(true);
    } finally {
      await node.close();
    }
  });

  it('a subscribe the server never confirms, and garbage on the wire → typed errors', { timeout: TEST_TIMEOUT }, async () => {
    const node = createNodeClient({ url: srv.base, timeout: 300, ws: { transport: createWebSocketTransport } });
    try {
      srv.answer = (msg) => (msg.method === 'eth_subscribe' ? 'none' : 'default');
      const sub = node.eth.subscribe('newPendingTransactions');
      await rejection(sub.ready, TimeoutError);
      await rejection(sub.next(), TimeoutError);
      srv.answer = (_msg, socket) => {
        socket.send('<html>not json</html>');
        return 'none';
      };
      const e = await rejection(node.eth.unsubscribe('0x3'), ProtocolError);
      expect(e.message).toMatch(/not JSON/);
    } finally {
      await node.close();
    }
  });

  it('connection refused: subscribe and calls fail with TransportError', { timeout: TEST_TIMEOUT }, async () => {
    const gone = await misbehaving();
    const port = gone.port;
    await gone.close();
    const node = createNodeClient({ url: `http://127.0.0.1:${port}`, timeout: 5000, ws: { transport: createWebSocketTransport, reconnect: { delay: 5, attempts: 2 } } });
    try {
      const sub = node.eth.subscribe('newPendingTransactions');
      await rejection(sub.ready, TransportError);
      await rejection(sub.next(), TransportError);
      await rejection(node.eth.unsubscribe('0x1'), TransportError);
    } finally {
      await node.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// Property: any reply body settles the call with a value or a NodeRpcError.
// ---------------------------------------------------------------------------------------------------------

describe('property: arbitrary replies', () => {
  let srv: Misbehaving;
  let node: NodeClient;
  let runs = 0;
  const kinds = new Map<string, number>();
  beforeAll(async () => {
    srv = await misbehaving();
    // Validation per call (on or off) needs the validators given to the client.
    node = createNodeClient({ url: srv.base, timeout: 2000, validate: validators });
  });
  afterAll(async () => {
    await node.close();
    await srv.close();
    console.log(`client-faults: seed ${SEED}; ${runs} arbitrary replies; outcomes ${JSON.stringify(Object.fromEntries([...kinds].sort()))}`);
  });

  /** A reply body, possibly built from the request (its id), and the status to send it with. */
  type Reply = { status: number; type: string; body: (call: Json) => Buffer };
  const errorObject = fc.oneof(
    fc.record({ code: fc.integer({ min: -33000, max: 1000 }), message: fc.string() }),
    fc.record({ code: fc.integer(), message: fc.string(), data: fc.jsonValue({ maxDepth: 2 }) }),
    fc.jsonValue({ maxDepth: 2 }),
  );
  /** Mostly right, each part sometimes wrong: the right value is the most likely choice of every part. */
  const mostly = <T,>(right: T, ...wrong: T[]): fc.Arbitrary<T> => fc.oneof({ weight: 3 * wrong.length, arbitrary: fc.constant(right) }, fc.constantFrom(...wrong));
  const envelopeReply = fc
    .record({
      id: mostly('same', 'string', 'other', 'null', 'absent', 'float', 'object'),
      jsonrpc: mostly<string | undefined>('"2.0"', '"1.0"', undefined, '2'),
      result: fc.option(
        fc.oneof(
          { weight: 4, arbitrary: fc.constant('RIGHT') },
          fc.constantFrom('"0x2a"', '"0x0"', '"0x"', '"0X2A"', '"2a"', '42', 'null', '"0xffffffffffffffffffffffffffffffffffffffff"', '{"height":42}', '{"height":"-1"}', '{"height":null}', '{}'),
          fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
        ),
        { nil: undefined, freq: 6 },
      ),
      error: fc.option(errorObject.map((e) => JSON.stringify(e)), { nil: undefined, freq: 4 }),
      batch: mostly(false, true),
      trailing: mostly('', '\n', ' garbage', ',{}'),
    })
    .map((r) => (call: Json) => {
      const id =
        r.id === 'same' ? String(call.id) : r.id === 'string' ? JSON.stringify(String(call.id)) : r.id === 'other' ? String(call.id + 1) : r.id === 'null' ? 'null' : r.id === 'float' ? `${call.id}.0` : r.id === 'object' ? `{"id":${call.id}}` : undefined;
      const members = [
        r.jsonrpc === undefined ? undefined : `"jsonrpc":${r.jsonrpc}`,
        id === undefined ? undefined : `"id":${id}`,
        r.result === undefined ? undefined : `"result":${r.result === 'RIGHT' ? JSON.stringify(answer(call).result) : r.result}`,
        r.error === undefined ? undefined : `"error":${r.error}`,
      ].filter((m) => m !== undefined);
      const obj = `{${members.join(',')}}`;
      return Buffer.from(`${r.batch ? `[${obj}]` : obj}${r.trailing}`);
    });
  const replyArb: fc.Arbitrary<Reply> = fc.record({
    status: mostly(200, 201, 202, 204, 400, 404, 413, 429, 500, 502, 503),
    type: fc.constantFrom('application/json', 'application/json', 'text/html', 'text/plain', ''),
    body: fc.oneof(
      { weight: 6, arbitrary: envelopeReply },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((b) => () => Buffer.from(b)) },
      { weight: 1, arbitrary: fc.json({ maxDepth: 4 }).map((t) => () => Buffer.from(t)) },
      { weight: 1, arbitrary: fc.constantFrom('', ' ', 'null', '[]', '{}', '<html>502</html>', '{"jsonrpc":"2.0"').map((t) => () => Buffer.from(t)) },
    ),
  });

  it('every call settles with a value or a NodeRpcError, never undefined, never hangs', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(replyArb, fc.boolean(), fc.constantFrom('eth', 'platform'), async (reply, validate, which) => {
        runs++;
        srv.behave((got, res) => {
          const body = reply.body(got.json);
          const headers: Record<string, string> = { 'content-length': String(body.length) };
          if (reply.type) headers['content-type'] = reply.type;
          res.writeHead(reply.status, headers);
          res.end(reply.status === 204 ? undefined : body);
        });
        const call = which === 'eth' ? node.eth.blockNumber({ validate }) : node.platform.getHeight({ validate });
        const r = await settle<unknown>(call, 'a call');
        if ('error' in r && r.error !== undefined) {
          const e = r.error;
          if (!(e instanceof NodeRpcError)) throw new Error(`rejected with a non-NodeRpcError: ${String(e)}`);
          expect([RpcError, ProtocolError, HttpError, DecodeError, ResponseValidationError]).toContain((e as Error).constructor);
          kinds.set((e as Error).constructor.name, (kinds.get((e as Error).constructor.name) ?? 0) + 1);
          return;
        }
        kinds.set('value', (kinds.get('value') ?? 0) + 1);
        expect(r.value).not.toBeUndefined();
        if (validate) {
          // A validated result has the method's value form.
          if (which === 'eth') expect(typeof r.value).toBe('bigint');
          else expect(typeof (r.value as { height: unknown }).height).toBe('bigint');
        }
      }),
      { seed: SEED, numRuns: 400, endOnFailure: true },
    );
  });
});

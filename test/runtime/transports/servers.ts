/**
 * Real servers on 127.0.0.1 (port 0) for the client runtime's tests: a scriptable HTTP endpoint and a
 * WebSocket endpoint that behaves like geth for requests and subscriptions. Every test waits on events
 * (`next`, `waitFor`), never on sleeps.
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

type Json = unknown;

/** A JSON-RPC request object as the server received it. */
export interface RpcRequest {
  readonly jsonrpc?: unknown;
  readonly id?: unknown;
  readonly method: string;
  readonly params?: unknown;
}

/** A handler's answer to one call: a result, an error object, or nothing (no item in the reply). */
export type CallAnswer = { result: Json } | { error: { code: number; message: string; data?: Json } } | undefined;

/** Answers to requests the default JSON-RPC handler understands. */
export function standardAnswer(req: RpcRequest): CallAnswer {
  switch (req.method) {
    case 'echo':
      return { result: req.params ?? null };
    case 'add': {
      const p = req.params as number[];
      return { result: p.reduce((a, b) => a + b, 0) };
    }
    case 'fail':
      return { error: { code: -32000, message: 'it failed', data: { why: 'asked to' } } };
    default:
      return { error: { code: -32601, message: `the method ${req.method} does not exist/is not available` } };
  }
}

export function replyTo(req: RpcRequest, answer: CallAnswer): Json {
  if (!answer) return undefined;
  return { jsonrpc: '2.0', id: req.id ?? null, ...answer };
}

/** What the HTTP server received. */
export interface Exchange {
  readonly body: string;
  readonly json: Json;
  readonly headers: IncomingHttpHeaders;
}

/** A response to send, or `stall` (never answer), or `destroy` (drop the connection). */
export type HttpReply = { status?: number; headers?: Record<string, string>; body?: string } | 'stall' | 'destroy';

export type HttpHandler = (ex: Exchange) => HttpReply | Promise<HttpReply>;

/** A JSON-RPC endpoint: answers single requests and arrays (unless `batch: false`, where an array is a parse error, like gorilla/rpc). */
export function rpcHandler(answer: (req: RpcRequest) => CallAnswer = standardAnswer, options: { batch?: boolean } = {}): HttpHandler {
  return (ex) => {
    const json = ex.json as RpcRequest | RpcRequest[];
    if (Array.isArray(json)) {
      if (options.batch === false) {
        return jsonReply({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'json: cannot unmarshal array into Go value of type json2.serverRequest' } });
      }
      return jsonReply(json.map((r) => replyTo(r, answer(r))).filter((r) => r !== undefined));
    }
    return jsonReply(replyTo(json, answer(json)));
  };
}

export function jsonReply(value: Json, status = 200): HttpReply {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}

export interface TestHttpServer {
  readonly url: string;
  readonly received: Exchange[];
  handler: HttpHandler;
  /** Resolves with the next request the server receives. */
  next(): Promise<Exchange>;
  close(): Promise<void>;
}

export async function startHttpServer(handler: HttpHandler = rpcHandler()): Promise<TestHttpServer> {
  const received: Exchange[] = [];
  const waiters: ((ex: Exchange) => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: Json;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const ex = { body, json, headers: req.headers };
      received.push(ex);
      for (const w of waiters.splice(0)) w(ex);
      void Promise.resolve(self.handler(ex)).then((reply) => {
        if (reply === 'stall') return;
        if (reply === 'destroy') return void req.socket.destroy();
        res.writeHead(reply.status ?? 200, reply.headers ?? {});
        res.end(reply.body ?? '');
      });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const self: TestHttpServer = {
    url: `http://127.0.0.1:${port}/ext/bc/C/rpc`,
    received,
    handler,
    next: () => new Promise((resolve) => waiters.push(resolve)),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return self;
}

/** A port nothing listens on (opened, then closed). */
export async function unusedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// ---------------------------------------------------------------------------------------------------------

export interface WsMessage {
  /** Which connection (0 = the first accepted). */
  readonly connection: number;
  readonly json: Json;
}

export interface Sub {
  readonly id: string;
  readonly params: unknown[];
  readonly socket: WebSocket;
}

export interface TestWsServer {
  readonly url: string;
  readonly received: WsMessage[];
  readonly sockets: WebSocket[];
  readonly subscriptions: Map<string, Sub>;
  /** Handshake headers of each connection. */
  readonly handshakes: IncomingHttpHeaders[];
  /** Custom answers tried before the geth-like defaults; return `null` to not answer at all. */
  answer: ((req: RpcRequest, socket: WebSocket) => CallAnswer | null | 'default') | undefined;
  /** Resolves when a received message satisfies `test` (already received ones count). */
  waitFor(test: (m: WsMessage) => boolean): Promise<WsMessage>;
  /** Resolves when a subscription matching `test` exists. */
  waitForSubscription(test?: (s: Sub) => boolean): Promise<Sub>;
  notify(id: string, result: Json, method?: string): void;
  /** Drops every connection without a close handshake. */
  dropAll(): void;
  close(): Promise<void>;
}

export async function startWsServer(): Promise<TestWsServer> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(wss, 'listening');
  const { port } = wss.address() as AddressInfo;
  const received: WsMessage[] = [];
  const sockets: WebSocket[] = [];
  const handshakes: IncomingHttpHeaders[] = [];
  const subscriptions = new Map<string, Sub>();
  const waiters = new Set<() => void>();
  let counter = 0;
  const changed = (): void => {
    for (const w of [...waiters]) w();
  };

  function handle(req: RpcRequest, socket: WebSocket): Json {
    const custom = self.answer?.(req, socket);
    if (custom === null) return undefined;
    if (custom !== undefined && custom !== 'default') return replyTo(req, custom);
    switch (req.method) {
      case 'eth_subscribe': {
        const params = req.params as unknown[];
        if (params[0] === 'bogus') return replyTo(req, { error: { code: -32601, message: 'no "bogus" subscription in eth namespace' } });
        const id = `0x${(++counter).toString(16).padStart(4, '0')}`;
        subscriptions.set(id, { id, params, socket });
        queueMicrotask(changed);
        return replyTo(req, { result: id });
      }
      case 'eth_unsubscribe': {
        const id = (req.params as string[])[0]!;
        const known = subscriptions.delete(id);
        return replyTo(req, known ? { result: true } : { error: { code: -32000, message: 'subscription not found' } });
      }
      case 'drop':
        socket.terminate();
        return undefined;
      case 'stall':
        return undefined;
      default:
        return replyTo(req, standardAnswer(req));
    }
  }

  wss.on('connection', (socket, request) => {
    const index = sockets.length;
    sockets.push(socket);
    handshakes.push(request.headers);
    socket.on('close', () => {
      for (const [id, s] of subscriptions) if (s.socket === socket) subscriptions.delete(id);
    });
    socket.on('message', (data) => {
      const text = String(data);
      let json: Json;
      try {
        json = JSON.parse(text);
      } catch {
        json = text;
      }
      received.push({ connection: index, json });
      changed();
      if (Array.isArray(json)) {
        const replies = json.map((r) => handle(r as RpcRequest, socket)).filter((r) => r !== undefined);
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(replies));
      } else {
        const reply = handle(json as RpcRequest, socket);
        if (reply !== undefined && socket.readyState === socket.OPEN) socket.send(JSON.stringify(reply));
      }
    });
  });

  function until<T>(find: () => T | undefined): Promise<T> {
    return new Promise((resolve) => {
      const check = (): void => {
        const found = find();
        if (found !== undefined) {
          waiters.delete(check);
          resolve(found);
        }
      };
      waiters.add(check);
      check();
    });
  }

  const self: TestWsServer = {
    url: `ws://127.0.0.1:${port}/ext/bc/C/ws`,
    received,
    sockets,
    subscriptions,
    handshakes,
    answer: undefined,
    waitFor: (test) => until(() => received.find(test)),
    waitForSubscription: (test = () => true) => until(() => [...subscriptions.values()].find(test)),
    notify(id, result, method = 'eth_subscription') {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`no subscription ${id}`);
      sub.socket.send(JSON.stringify({ jsonrpc: '2.0', method, params: { subscription: id, result } }));
    },
    dropAll() {
      for (const s of sockets) s.terminate();
    },
    async close() {
      for (const s of sockets) s.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
  return self;
}

/** The JSON-RPC requests (flattening arrays) among received WebSocket messages. */
export function requests(messages: readonly WsMessage[]): RpcRequest[] {
  return messages.flatMap((m) => (Array.isArray(m.json) ? (m.json as RpcRequest[]) : [m.json as RpcRequest]));
}

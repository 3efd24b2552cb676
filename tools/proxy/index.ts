/**
 * A JSON-RPC proxy that checks traffic without touching it: HTTP requests (single calls and batches) and
 * WebSocket connections (calls and subscriptions) go to the upstream node and back byte for byte. Each
 * call, reply and notification is handed to an inspector after it has been passed on, so checking adds no
 * wait to the traffic; what the inspector finds is counted and reported, and each finished exchange is
 * handed to a recorder. A plain HTTP GET is checked too when the inspector says which call it stands for
 * (a method the spec also serves to GETs, as the node's health probes): its reply's status and body.
 *
 * The proxy knows JSON-RPC framing and nothing of any spec: the `noderpc proxy` command gives it an
 * inspector built from the spec (generator/conform) and a recorder writing fixtures (./record.ts).
 */
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { RawData, WebSocket } from 'ws';
import { isRecord } from '../../runtime/guards.js';
import { guardedServer } from '../../runtime/server/server.js';

/** One call as it went to the node. */
export interface ProxyCall {
  readonly transport: 'http' | 'websocket';
  /** The request path, e.g. `/ext/bc/C/rpc`. */
  readonly path: string;
  readonly method: string;
  /** As sent; absent when the request had none. */
  readonly params?: unknown;
}

/** What the node answered to a call. */
export type ProxyAnswer = { readonly result: unknown } | { readonly error: { readonly code: number; readonly message: string; readonly data?: unknown } };

/** Something an inspector found: a departure from the spec (`violation`) or a field it does not name (`extra`). */
export interface ProxyFinding {
  readonly pointer: string;
  readonly message: string;
  readonly severity: 'violation' | 'extra';
}

export interface ProxyInspector {
  request(call: ProxyCall): readonly ProxyFinding[];
  reply(call: ProxyCall, answer: ProxyAnswer): readonly ProxyFinding[];
  /** A subscription notification's payload; `subscribe` is the call that opened it, `kind` its first param. */
  notification?(subscribe: ProxyCall, kind: string, payload: unknown): readonly ProxyFinding[];
  /**
   * The call a plain HTTP GET stands for (`/ext/health/readiness?tag=C`: its path and query), or undefined
   * for a GET that is no call (passed on unchecked). Its params are checked with `request`.
   */
  getCall?(target: string): ProxyCall | undefined;
  /**
   * The reply to such a GET: its status and its body (parsed; undefined when it is not JSON). What was found,
   * and the answer it stands for when it is the method's result (then it is recorded like any other).
   */
  getReply?(call: ProxyCall, status: number, body: unknown): { readonly findings: readonly ProxyFinding[]; readonly answer?: ProxyAnswer };
}

/** A finding with where it was seen and how often so far. */
export interface ProxyReport extends ProxyFinding {
  readonly direction: 'request' | 'reply' | 'notification';
  readonly method: string;
  readonly path: string;
  /** How many times this finding (direction, method, pointer, message) has been seen, this one included. */
  readonly count: number;
}

/** A call and its answer, for recording, with what the inspector found in either. */
export interface ProxyExchange {
  readonly call: ProxyCall;
  readonly answer: ProxyAnswer;
  readonly findings: readonly ProxyFinding[];
}

export interface ProxyOptions {
  /** The node: `http://127.0.0.1:9650`. Request paths are appended to its path. */
  readonly upstream: string;
  readonly inspector?: ProxyInspector;
  /** Called for each finding as it is seen. */
  readonly onReport?: (report: ProxyReport) => void;
  /** Called with every finished exchange (call and answer). */
  readonly onExchange?: (exchange: ProxyExchange) => void;
  /** Called when the upstream cannot be reached (the client gets a 502, or a 504 when it timed out). */
  readonly onUpstreamError?: (error: Error, path: string) => void;
  /**
   * How long the upstream may stay silent: on an HTTP request (then the client gets a 504) and on a
   * WebSocket handshake (then the client's connection is closed with 1011). Default 60 s.
   */
  readonly upstreamTimeoutMs?: number;
  /**
   * How many bytes a WebSocket client may send while the upstream's handshake is pending; past it the
   * client is closed with 1013 (try again later). Default 16 MiB.
   */
  readonly maxQueuedBytes?: number;
  /** The largest HTTP request body passed on; a larger one gets a 413. Default 32 MiB. */
  readonly maxBodyBytes?: number;
  /** Replies up to this size are handed to the inspector and recorder; larger ones are passed on unchecked. Default 16 MiB. */
  readonly maxInspectedBytes?: number;
  /** A client that has not sent a request's headers within this many milliseconds gets a 408. Default 10 s. */
  readonly headersTimeoutMs?: number;
  /** The same for the whole request, body included. Default 30 s. */
  readonly requestTimeoutMs?: number;
  /** Connections open at once; more are closed as they arrive. Default 1024. */
  readonly maxConnections?: number;
}

export interface RunningProxy {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Every distinct finding so far with its count, in the order first seen. */
  reports(): readonly ProxyReport[];
  close(): Promise<void>;
}

/** Headers that belong to one hop and must not be passed on. */
const HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host', 'content-length']);

/**
 * Whether a request target is a path the proxy can append to the upstream's (origin form: `/` then no
 * space or control character, not `//`, which a URL parser reads as a host). `*`, full URLs and anything
 * else are refused: appended to the upstream's address they name another place, or no place at all.
 */
export function isOriginPath(target: string | undefined): target is string {
  return typeof target === 'string' && target.startsWith('/') && !target.startsWith('//') && !/[\s\u0000-\u001f\u007f\\]/.test(target);
}

/** A close frame may not carry 1005 (no code) or 1006 (dropped); nor codes under 1000 or 1004, 1015. */
function sendableCode(code: number | undefined): number | undefined {
  if (code === undefined || code === 1005) return undefined;
  if ((code >= 1000 && code <= 1014 && code !== 1004 && code !== 1006) || (code >= 3000 && code <= 4999)) return code;
  return 1011;
}

function forwardable(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && !HOP.has(k)) out[k] = v;
  return out;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The JSON-RPC request objects of a message (a single call or a batch). */
function requestsOf(message: unknown): Record<string, unknown>[] {
  const list = Array.isArray(message) ? message : [message];
  return list.filter((r): r is Record<string, unknown> => isRecord(r) && typeof r.method === 'string');
}

/** The JSON-RPC response objects of a message, by id. */
function responsesOf(message: unknown): Record<string, unknown>[] {
  const list = Array.isArray(message) ? message : [message];
  return list.filter((r): r is Record<string, unknown> => isRecord(r) && ('result' in r || 'error' in r) && !('method' in r));
}

function answerOf(response: Record<string, unknown>): ProxyAnswer | undefined {
  if (isRecord(response.error) && typeof response.error.code === 'number') {
    const e = response.error;
    return { error: { code: e.code as number, message: String(e.message ?? ''), ...('data' in e ? { data: e.data } : {}) } };
  }
  return 'result' in response ? { result: response.result } : undefined;
}

/** JSON-RPC ids are compared as their JSON text: `1` and `"1"` are different calls. */
function idKey(id: unknown): string {
  return JSON.stringify(id);
}

/**
 * Calls waiting for their answers, by id. Ids may repeat (two calls in flight with the same id on one
 * connection, or in one batch): each id keeps its calls in the order sent, and an answer goes to the
 * earliest still waiting. Never the latest, which paired one call's answer (a wallet's mnemonic) with
 * another call's record.
 */
class Waiting {
  private readonly byId = new Map<string, ProxyCall[]>();
  add(id: unknown, call: ProxyCall): void {
    const key = idKey(id);
    const list = this.byId.get(key);
    if (list) list.push(call);
    else this.byId.set(key, [call]);
  }
  take(id: unknown): ProxyCall | undefined {
    const key = idKey(id);
    const list = this.byId.get(key);
    const call = list?.shift();
    if (list && list.length === 0) this.byId.delete(key);
    return call;
  }
}

export async function startProxy(options: ProxyOptions & { readonly port?: number; readonly host?: string }): Promise<RunningProxy> {
  const upstream = new URL(options.upstream);
  const seen = new Map<string, ProxyReport>();
  const report = (direction: ProxyReport['direction'], call: ProxyCall, findings: readonly ProxyFinding[]) => {
    for (const f of findings) {
      const key = JSON.stringify([direction, call.method, f.pointer, f.message]);
      const count = (seen.get(key)?.count ?? 0) + 1;
      const r: ProxyReport = { ...f, direction, method: call.method, path: call.path, count };
      seen.set(key, r);
      options.onReport?.(r);
    }
  };
  const inspect = options.inspector;
  /** Checks run after the traffic has moved on; a throwing inspector or recorder must not take the proxy down. */
  const later = (fn: () => void) =>
    setImmediate(() => {
      try {
        fn();
      } catch (e) {
        options.onUpstreamError?.(e as Error, '(inspector)');
      }
    });
  // What each call's request got from the inspector, until its answer comes.
  const asked = new WeakMap<ProxyCall, readonly ProxyFinding[]>();
  const onCall = (call: ProxyCall) => {
    if (!inspect) return;
    const found = inspect.request(call);
    asked.set(call, found);
    report('request', call, found);
  };
  const onAnswer = (call: ProxyCall, answer: ProxyAnswer) => {
    const found = inspect ? inspect.reply(call, answer) : [];
    report('reply', call, found);
    options.onExchange?.({ call, answer, findings: [...(asked.get(call) ?? []), ...found] });
  };
  const onGet = (target: string, status: number, reply: Buffer) => {
    const call = inspect?.getCall?.(target);
    if (!call || !inspect?.getReply) return;
    onCall(call);
    const { findings: found, answer } = inspect.getReply(call, status, parse(reply.toString('utf8')));
    report('reply', call, found);
    if (answer) options.onExchange?.({ call, answer, findings: [...(asked.get(call) ?? []), ...found] });
  };

  const core: ProxyCore = {
    options,
    upstream,
    base: upstream.pathname.replace(/\/+$/, ''),
    timeoutMs: options.upstreamTimeoutMs ?? 60_000,
    maxBody: options.maxBodyBytes ?? 32 * 1024 * 1024,
    maxInspected: options.maxInspectedBytes ?? 16 * 1024 * 1024,
    maxQueued: options.maxQueuedBytes ?? 16 * 1024 * 1024,
    inspect,
    pairs: new Set(),
    later,
    onCall,
    onAnswer,
    onGet,
    report,
  };

  // The server's own guards against slow clients (runtime/server: 408 past the times, a connection cap).
  const server: Server = guardedServer(options, (req, res) => handleHttp(core, req, res));
  const sockets = new Set<Duplex>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => upgrade(core, req, socket, head));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'}:${port}`,
    port,
    reports: () => [...seen.values()],
    close: async () => {
      for (const { client, node } of core.pairs) {
        client.terminate();
        node.terminate();
      }
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}


/** A relayed WebSocket connection: the client's side and the node's. */
interface RelayPair {
  readonly client: WebSocket;
  readonly node: WebSocket;
}

/** What the proxy's HTTP and WebSocket relays share: the upstream, the limits, and where calls are reported. */
interface ProxyCore {
  readonly options: ProxyOptions;
  readonly upstream: URL;
  /** The upstream's path, without a trailing slash: the proxied path is appended to it. */
  readonly base: string;
  readonly timeoutMs: number;
  readonly maxBody: number;
  readonly maxInspected: number;
  readonly maxQueued: number;
  readonly inspect: ProxyInspector | undefined;
  readonly pairs: Set<RelayPair>;
  /** The ws module and one upgrade handler for every connection, loaded on the first upgrade. */
  ws?: Promise<{ mod: typeof import('ws'); wss: import('ws').WebSocketServer }>;
  later(fn: () => void): void;
  onCall(call: ProxyCall): void;
  onAnswer(call: ProxyCall, answer: ProxyAnswer): void;
  /** A plain GET's reply (its request target as sent), checked when the inspector knows the call it stands for. */
  onGet(target: string, status: number, reply: Buffer): void;
  report(direction: ProxyReport['direction'], call: ProxyCall, findings: readonly ProxyFinding[]): void;
}

function refuse(res: ServerResponse, status: number, text: string): void {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
  res.end(`noderpc proxy: ${text}\n`);
}


function handleHttp(core: ProxyCore, req: IncomingMessage, res: ServerResponse): void {
  const path = req.url;
  if (!isOriginPath(path)) {
    req.resume();
    return refuse(res, 400, 'the request target must be a path starting with /');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (c: Buffer) => {
    size += c.length;
    if (size <= core.maxBody) chunks.push(c);
  });
  req.on('error', () => res.destroy());
  req.on('end', () => {
    if (size > core.maxBody) return refuse(res, 413, `the request body is over the limit of ${core.maxBody} bytes`);
    try {
      forward(core, req, res, path, Buffer.concat(chunks));
    } catch (e) {
      core.options.onUpstreamError?.(e as Error, path);
      refuse(res, 400, 'the request cannot be passed on');
    }
  });
}


function forward(core: ProxyCore, req: IncomingMessage, res: ServerResponse, path: string, body: Buffer): void {
  const send = core.upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  let timedOut = false;
  const out = send(
    {
      protocol: core.upstream.protocol,
      hostname: core.upstream.hostname,
      port: core.upstream.port,
      path: `${core.base}${path}`,
      method: req.method,
      headers: { ...forwardable(req.headers), host: core.upstream.host, 'content-length': String(body.length) },
      timeout: core.timeoutMs,
    },
    (up) => {
      const status = up.statusCode ?? 502;
      const headers = forwardable(up.headers);
      // A reply with no body (204, 304, HEAD) gets no length; others keep the upstream's, or are chunked.
      const bodiless = status === 204 || status === 304 || (status >= 100 && status < 200) || req.method === 'HEAD';
      if (!bodiless && up.headers['content-length'] !== undefined) headers['content-length'] = up.headers['content-length'];
      if (up.headers.trailer !== undefined) headers.trailer = up.headers.trailer;
      res.writeHead(status, headers);
      // Passed on as it comes (with backpressure); a copy is kept for the inspector while it is small.
      const kept: Buffer[] = [];
      let keptBytes = 0;
      up.on('data', (c: Buffer) => {
        if (keptBytes <= core.maxInspected) kept.push(c);
        keptBytes += c.length;
      });
      up.pipe(res, { end: false });
      up.on('end', () => {
        if (Object.keys(up.trailers).length) res.addTrailers(up.trailers);
        res.end();
        if ((req.method === 'POST' || req.method === 'GET') && keptBytes <= core.maxInspected) {
          const reply = Buffer.concat(kept);
          if (req.method === 'POST') core.later(() => inspectHttp(core, path, body, status, reply));
          else core.later(() => core.onGet(path, status, reply));
        }
      });
      up.on('error', () => res.destroy());
      up.on('aborted', () => res.destroy());
    },
  );
  out.on('timeout', () => {
    timedOut = true;
    out.destroy(new Error(`the upstream did not answer within ${core.timeoutMs} ms`));
  });
  out.on('error', (e) => {
    core.options.onUpstreamError?.(e, path);
    if (!res.headersSent) {
      res.writeHead(timedOut ? 504 : 502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`noderpc proxy: the upstream ${core.options.upstream} did not answer (${timedOut ? 'timeout' : ((e as NodeJS.ErrnoException).code ?? e.message)})\n`);
    } else res.destroy();
  });
  res.on('close', () => {
    if (!res.writableFinished) out.destroy();
  });
  out.end(body);
}


function inspectHttp(core: ProxyCore, path: string, body: Buffer, status: number, reply: Buffer): void {
  const calls = requestsOf(parse(body.toString('utf8')));
  const waiting = new Waiting();
  for (const r of calls) {
    const call: ProxyCall = { transport: 'http', path, method: r.method as string, ...('params' in r ? { params: r.params } : {}) };
    core.onCall(call);
    if ('id' in r) waiting.add(r.id, call);
  }
  if (status !== 200 || !calls.length) return;
  for (const response of responsesOf(parse(reply.toString('utf8')))) {
    const call = waiting.take(response.id);
    const answer = answerOf(response);
    if (call && answer) core.onAnswer(call, answer);
  }
}


// WebSocket: one upstream connection per client connection, messages relayed as they are.
function upgrade(core: ProxyCore, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  // Whatever the socket does from here on, it is this connection's problem, never the process's.
  socket.on('error', () => socket.destroy());
  const path = req.url;
  if (!isOriginPath(path)) {
    socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    return;
  }
  core.ws ??= import('ws').then((mod) => ({ mod, wss: new mod.WebSocketServer({ noServer: true, maxPayload: 256 * 1024 * 1024 }) }));
  void core.ws
    .then(({ mod, wss }) =>
      wss.handleUpgrade(req, socket, head, (client) => {
        try {
          relay(core, mod, req, path, client);
        } catch (e) {
          core.options.onUpstreamError?.(e as Error, path);
          client.terminate();
        }
      }),
    )
    .catch((e: unknown) => {
      core.options.onUpstreamError?.(e instanceof Error ? e : new Error(String(e)), path);
      socket.destroy();
    });
}

function relay(core: ProxyCore, mod: typeof import('ws'), req: IncomingMessage, path: string, client: WebSocket): void {
  const target = `${core.upstream.protocol === 'https:' ? 'wss:' : 'ws:'}//${core.upstream.host}${core.base}${path}`;
  const protocols = req.headers['sec-websocket-protocol']?.split(',').map((p) => p.trim()).filter(Boolean);
  const node = new mod.WebSocket(target, protocols, {
    headers: pickHeaders(req.headers, ['authorization', 'origin', 'user-agent', 'cookie']),
    maxPayload: 256 * 1024 * 1024,
    handshakeTimeout: core.timeoutMs,
  });
  const pair = { client, node };
  core.pairs.add(pair);
  // Messages sent before the upstream's handshake completes wait here, up to core.maxQueued bytes.
  const queued: { data: RawData; binary: boolean }[] = [];
  let queuedBytes = 0;
  const pending = new Waiting();
  const subscriptions = new Map<string, { call: ProxyCall; kind: string }>();

  client.on('message', (data, binary) => {
    if (node.readyState === node.OPEN) node.send(data, { binary });
    else {
      queuedBytes += rawLength(data);
      if (queuedBytes > core.maxQueued) {
        queued.length = 0;
        closeBoth(1013, Buffer.from('the node is not connected yet; too much was sent meanwhile'));
        return;
      }
      queued.push({ data, binary });
    }
    if (binary) return;
    const text = data.toString();
    core.later(() => {
      for (const r of requestsOf(parse(text))) {
        const call: ProxyCall = { transport: 'websocket', path, method: r.method as string, ...('params' in r ? { params: r.params } : {}) };
        core.onCall(call);
        if ('id' in r) pending.add(r.id, call);
      }
    });
  });
  let opened = false;
  node.on('open', () => {
    opened = true;
    for (const q of queued.splice(0)) node.send(q.data, { binary: q.binary });
    queuedBytes = 0;
  });
  node.on('message', (data, binary) => {
    if (client.readyState === client.OPEN) client.send(data, { binary });
    if (binary) return;
    const text = data.toString();
    core.later(() => {
      const message = parse(text);
      // A subscription notification: `{ method: '<ns>_subscription', params: { subscription, result } }`.
      if (isRecord(message) && typeof message.method === 'string' && !('id' in message) && isRecord(message.params)) {
        const sub = subscriptions.get(idKey(message.params.subscription));
        if (sub && core.inspect?.notification) core.report('notification', sub.call, core.inspect.notification(sub.call, sub.kind, message.params.result));
        return;
      }
      for (const response of responsesOf(message)) {
        const call = pending.take(response.id);
        const answer = answerOf(response);
        if (!call || !answer) continue;
        if ('result' in answer && /_subscribe$/.test(call.method) && Array.isArray(call.params) && typeof call.params[0] === 'string')
          subscriptions.set(idKey(answer.result), { call, kind: call.params[0] });
        core.onAnswer(call, answer);
      }
    });
  });
  const closeBoth = (code?: number, reason?: Buffer) => closePair(core, pair, code, reason);
  client.on('close', (code, reason) => closeBoth(code, reason));
  node.on('close', (code, reason) => closeBoth(code, reason));
  node.on('error', (e) => {
    core.options.onUpstreamError?.(e, path);
    // A broken frame from the node, or a handshake that failed: the client's connection is dropped too.
    closeBoth(opened ? 1006 : 1011);
  });
  // A protocol error from a client (bad frame) ends its side; ws closes it and 'close' follows.
  client.on('error', () => closeBoth(1006));
  node.on('unexpected-response', (_req, res) => {
    core.options.onUpstreamError?.(new Error(`the upstream answered the WebSocket upgrade with HTTP ${res.statusCode}`), path);
    closeBoth(1011);
  });
}


/** Closes both sides of a relayed connection, passing on the close code (a drop as a drop). */
function closePair(core: ProxyCore, pair: RelayPair, code?: number, reason?: Buffer): void {
  const { client, node } = pair;
  core.pairs.delete(pair);
  for (const ws of [client, node]) {
    if (ws.readyState === ws.CONNECTING) ws.terminate();
    else if (ws.readyState !== ws.OPEN) continue;
    // A drop (1006: no close frame) is passed on as a drop; "no code" (1005) as a close frame without one.
    else if (code === 1006) ws.terminate();
    else {
      const sendable = sendableCode(code);
      if (sendable === undefined) ws.close();
      else ws.close(sendable, reason && reason.length <= 123 ? reason : undefined);
    }
  }
}

function rawLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((n, b) => n + b.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

function pickHeaders(headers: IncomingHttpHeaders, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) {
    const v = headers[n];
    if (typeof v === 'string') out[n] = v;
  }
  return out;
}

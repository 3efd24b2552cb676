/**
 * Test clients that send exactly what they are given: raw HTTP (node:http, no added content type, one
 * connection per request) and a WebSocket with a message queue. Every wait is bounded.
 */
import { request } from 'node:http';
import WebSocket from 'ws';

export interface RawRequest {
  readonly method: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
}

export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/** Sends one request on a fresh connection; resolves with status, headers and the body as text. */
export function rawRequest(base: string, req: RawRequest, timeoutMs = 10_000): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const r = request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        headers: req.headers ?? {},
        agent: false,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    r.on('timeout', () => r.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    r.on('error', reject);
    if (req.body !== undefined) r.end(req.body);
    else r.end();
  });
}

/** POSTs a JSON-RPC body (an object is serialised) with `content-type: application/json`. */
export function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawRequest(base, {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export interface WsClient {
  readonly ws: WebSocket;
  send(message: unknown): void;
  /** The next message, parsed (raw text with `raw`). */
  next(timeoutMs?: number): Promise<unknown>;
  nextRaw(timeoutMs?: number): Promise<string>;
  /** Resolves when the server closes the connection, with the close code. */
  closed(timeoutMs?: number): Promise<number>;
  close(): Promise<void>;
}

function bounded<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
    }),
  ]);
}

export async function openWs(url: string, options: WebSocket.ClientOptions = {}): Promise<WsClient> {
  const ws = new WebSocket(url, options);
  const queue: string[] = [];
  const waiters: ((text: string) => void)[] = [];
  ws.on('message', (data) => {
    const text = data.toString();
    const w = waiters.shift();
    if (w) w(text);
    else queue.push(text);
  });
  const closedP = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await bounded(
    new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused with ${res.statusCode}`)));
    }),
    5000,
    'open',
  );
  const nextRaw = (timeoutMs = 5000): Promise<string> => {
    const q = queue.shift();
    if (q !== undefined) return Promise.resolve(q);
    return bounded(new Promise<string>((resolve) => waiters.push(resolve)), timeoutMs, 'message');
  };
  return {
    ws,
    send: (m) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)),
    nextRaw,
    next: async (timeoutMs) => JSON.parse(await nextRaw(timeoutMs)) as unknown,
    closed: (timeoutMs = 5000) => bounded(closedP, timeoutMs, 'close'),
    close: async () => {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await bounded(closedP, 5000, 'close').catch(() => ws.terminate());
    },
  };
}

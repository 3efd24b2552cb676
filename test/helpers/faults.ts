/**
 * A fault-injecting JSON-RPC server on 127.0.0.1 and a fetch for it, for the retry and fallback tests.
 *
 * The server plays a script: the n-th request gets the n-th step (the last step repeats). Every request is
 * recorded with the (possibly fake) clock's time, so a test asserts the exact number of attempts and the
 * delays between them.
 *
 * The fetch is built on node:http rather than the global fetch because undici schedules its own timers
 * with the global setTimeout: under fake timers they would mix with the retry layer's. node:http keeps its
 * socket timers internal, so with a transport timeout of 0 the only timers are the retry layer's waits.
 */
import { once } from 'node:events';
import { createServer, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { FetchLike, FetchResponseLike } from '../../runtime/transports/http.js';

type Json = unknown;
interface Call {
  readonly id?: unknown;
  readonly method: string;
  readonly params?: unknown;
}

/** How the server answers one call (inside a single request or an array). */
export type ItemStep = { result: Json } | { error: { code: number; message: string; data?: Json } };

/** One step of a script: what the server does with one HTTP request. */
export type Step =
  /** Every call answered with `result` (default `"0x1"`). */
  | 'ok'
  /** The connection is dropped after the request was read. */
  | 'reset'
  /** Never answered. */
  | 'hang'
  /** Status and headers sent, then part of the body, then nothing more. */
  | 'slow-body'
  | { readonly status: number; readonly headers?: Record<string, string>; readonly body?: string }
  /** Each call answered by its own function (batch items may differ); `undefined`: no item for it. */
  | { readonly each: (call: Call, index: number) => ItemStep | undefined }
  /** A JSON-RPC error for every call, with HTTP 200. */
  | { readonly rpcError: number; readonly message?: string }
  /** Another step, played after `after` ms (a slow node). */
  | { readonly after: number; readonly step: Step }
  /** Decided from the request itself. */
  | ((attempt: Attempt) => Step);

export interface Attempt {
  /** `Date.now()` when the request arrived (the fake clock under fake timers). */
  readonly at: number;
  readonly body: Json;
  readonly headers: Record<string, string | string[] | undefined>;
  /** How many calls the request carried (1 for a single call). */
  readonly calls: number;
}

export interface FaultServer {
  readonly url: string;
  readonly attempts: Attempt[];
  /** Requests held open on purpose (`hang`, `slow-body`) whose connection is still open. */
  held: number;
  script: Step[];
  close(): Promise<void>;
}

const reply = (call: Call, answer: ItemStep | undefined): Json => (answer ? { jsonrpc: '2.0', id: call.id ?? null, ...answer } : undefined);

function answerAll(json: Json, answer: (call: Call, index: number) => ItemStep | undefined): string {
  if (Array.isArray(json)) return JSON.stringify((json as Call[]).map((c, i) => reply(c, answer(c, i))).filter((r) => r !== undefined));
  return JSON.stringify(reply(json as Call, answer(json as Call, 0)));
}

function play(step: Exclude<Step, ((attempt: Attempt) => Step) | { readonly after: number }>, json: Json, res: ServerResponse, socket: Socket, server: FaultServer): void {
  if (step === 'reset') return void socket.destroy();
  if (step === 'hang' || step === 'slow-body') {
    server.held++;
    res.on('close', () => server.held--);
  }
  if (step === 'hang') return;
  if (step === 'slow-body') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"jsonrpc":"2.0",');
    return;
  }
  let status = 200;
  let headers: Record<string, string> = { 'content-type': 'application/json' };
  let body: string;
  if (step === 'ok') body = answerAll(json, () => ({ result: '0x1' }));
  else if ('each' in step) body = answerAll(json, step.each);
  else if ('rpcError' in step) body = answerAll(json, () => ({ error: { code: step.rpcError, message: step.message ?? `error ${step.rpcError}` } }));
  else {
    status = step.status;
    headers = step.headers ?? { 'content-type': 'text/plain' };
    body = step.body ?? '';
  }
  res.writeHead(status, headers);
  res.end(body);
}

export async function startFaultServer(script: Step[] = ['ok']): Promise<FaultServer> {
  const sockets = new Set<Socket>();
  const self: FaultServer = { url: '', attempts: [], held: 0, script, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let json: Json;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const n = self.attempts.length;
      self.attempts.push({ at: Date.now(), body: json, headers: req.headers, calls: Array.isArray(json) ? json.length : 1 });
      const run = (step: Step): void => {
        while (typeof step === 'function') step = step(self.attempts[n]!);
        if (typeof step === 'object' && 'after' in step) {
          const next = step.step;
          setTimeout(() => run(next), step.after);
          return;
        }
        play(step, json, res, req.socket, self);
      };
      run(self.script[Math.min(n, self.script.length - 1)] ?? 'ok');
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  Object.assign(self, {
    url: `http://127.0.0.1:${port}/rpc`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
  return self;
}

/** A fetch on node:http that counts its calls and the ones still in flight (until the body is read). */
export interface CountingFetch extends FetchLike {
  /** `Date.now()` of each call. */
  readonly calls: number[];
  /** Calls whose response body is not fully read yet. */
  inFlight: number;
}

export function nodeFetch(): CountingFetch {
  const self = (async (url, init) => {
    self.calls.push(Date.now());
    self.inFlight++;
    let done = false;
    const finish = (): void => {
      if (!done) self.inFlight--;
      done = true;
    };
    try {
      return await new Promise<FetchResponseLike>((resolve, reject) => {
        const req = httpRequest(url, { method: init.method, headers: init.headers, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          const body = new Promise<string>((ok, fail) => {
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => ok(Buffer.concat(chunks).toString('utf8')));
            res.on('error', fail);
            res.on('close', () => (res.complete ? undefined : fail(new Error('the response was cut short'))));
          });
          body.then(finish, finish);
          const headers = res.headers;
          resolve({
            ok: res.statusCode! >= 200 && res.statusCode! < 300,
            status: res.statusCode!,
            statusText: res.statusMessage ?? '',
            headers: { get: (name: string) => (headers[name.toLowerCase()] as string | undefined) ?? null },
            text: () => body,
          });
        });
        req.on('error', (e) => {
          finish();
          reject(new TypeError('fetch failed', { cause: e }));
        });
        const abort = (): void => {
          finish();
          req.destroy(new Error('aborted'));
        };
        if (init.signal.aborted) abort();
        else init.signal.addEventListener('abort', abort, { once: true });
        req.end(init.body);
      });
    } catch (e) {
      finish();
      throw e;
    }
  }) as CountingFetch;
  Object.assign(self, { calls: [] as number[], inFlight: 0 });
  return self;
}

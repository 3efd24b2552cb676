/**
 * HTTP framing around the engine: one core that takes (method, url, headers) then the body text and returns
 * (status, headers, body), and two thin adapters, node:http (no Request/Response objects on that path, it
 * is the benchmarked one) and fetch.
 *
 * What each flavor answers before the body is read:
 * - standard: unknown path 404, not POST 405 (`Allow: POST`), not `application/json` 415, body over the
 *   limit 413; every reply is `application/json` with a JSON-RPC error body.
 * - geth: an empty GET is a health check (200, empty); PUT/DELETE 405; over the limit 413; content type
 *   `application/json`, `application/json-rpc` or `application/jsonrequest`, else 415; plain-text bodies
 *   (Go's `http.Error`).
 * - gorilla: not POST 405 `rpc: POST method required, received GET`; content type other than
 *   `application/json` (also none) 415 `rpc: unrecognized Content-Type: <ct>`; plain text.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Engine } from './engine.js';
import type { ServiceTable, Site } from './tables.js';
import type { RouteMatch, Router } from './route.js';
import type { RequestHeaders } from './types.js';
import { answerGet, getRouter, type GetMatch, type GetTarget } from './http-get.js';

export interface HttpReply {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export type Match = RouteMatch<ServiceTable>;

/** What `begin` routes a request to: an endpoint, or a plain GET of a method the spec serves that way (`x-http-get`). */
export type Begun = Match | GetMatch;

function isGet(match: Begun): match is GetMatch {
  return (match as GetMatch).query !== undefined;
}

const JSON_TYPE = 'application/json';
const GO_JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

function jsonError(status: number, code: number, message: string, extra?: Record<string, string>): HttpReply {
  return {
    status,
    headers: { 'content-type': JSON_TYPE, ...extra },
    body: `{"jsonrpc":"2.0","id":null,"error":{"code":${code},"message":${JSON.stringify(message)}}}`,
  };
}

/** Go's `http.Error`: plain text, `nosniff`, a newline after the message. */
function goHttpError(status: number, message: string, extra?: Record<string, string>): HttpReply {
  return { status, headers: { 'content-type': TEXT_TYPE, 'x-content-type-options': 'nosniff', ...extra }, body: `${message}\n` };
}

function header(headers: RequestHeaders, name: string): string | undefined {
  const v = headers[name];
  return typeof v === 'string' ? v : v === undefined ? undefined : v.join(', ');
}

/** The media type of a Content-Type value, lower-cased, parameters dropped. */
function mediaType(ct: string): string {
  const semi = ct.indexOf(';');
  return (semi < 0 ? ct : ct.slice(0, semi)).trim().toLowerCase();
}

const GETH_TYPES = new Set(['application/json', 'application/json-rpc', 'application/jsonrequest']);

export class HttpCore {
  readonly engine: Engine;
  private readonly http: Router<ServiceTable>;
  private readonly ws: Router<ServiceTable>;
  private readonly gets: Router<GetTarget> | undefined;
  readonly maxBodyBytes: number;

  constructor(engine: Engine, http: Router<ServiceTable>, ws: Router<ServiceTable>) {
    this.engine = engine;
    this.http = http;
    this.ws = ws;
    this.gets = getRouter(engine.services);
    this.maxBodyBytes = engine.options.maxBodyBytes;
  }

  /** Routes and checks a request before its body is read: the endpoint, or the reply to send now. */
  begin(method: string, url: string, headers: RequestHeaders): Begun | HttpReply {
    if (method === 'OPTIONS' && this.engine.options.cors !== undefined) return this.preflight(url, headers);
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    if (method === 'GET' && this.gets) {
      const get = this.gets.match(path);
      if (get !== null) return { ...get, query: q < 0 ? '' : url.slice(q + 1) };
    }
    const match = this.http.match(path);
    if (match === null) return this.unrouted(path);
    const flavor = match.service.flavor;
    const length = header(headers, 'content-length');
    const declared = length === undefined ? -1 : Number(length);
    const max = this.maxBodyBytes;
    if (flavor === 'standard') {
      if (method !== 'POST')
        return jsonError(405, -32600, `Invalid Request: JSON-RPC requests are sent with POST, not ${method}`, { allow: 'POST' });
      const ct = header(headers, 'content-type');
      if (ct !== JSON_TYPE && (ct === undefined || mediaType(ct) !== JSON_TYPE)) {
        return jsonError(
          415,
          -32600,
          `Invalid Request: the content type must be application/json${ct === undefined ? ' (none was sent)' : `, not ${ct}`}`,
        );
      }
      if (declared > max) return this.tooLarge(match, declared);
      return match;
    }
    if (flavor === 'geth') {
      if (method === 'GET' && declared <= 0 && header(headers, 'transfer-encoding') === undefined && q < 0) {
        return { status: 200, headers: {}, body: '' };
      }
      if (method === 'PUT' || method === 'DELETE') return goHttpError(405, 'method not allowed');
      if (declared > max) return this.tooLarge(match, declared);
      if (method === 'OPTIONS') return match;
      const ct = header(headers, 'content-type');
      if (ct === undefined || !GETH_TYPES.has(mediaType(ct)))
        return goHttpError(415, 'invalid content type, only application/json is supported');
      return match;
    }
    // gorilla
    if (method !== 'POST')
      return { status: 405, headers: { 'content-type': TEXT_TYPE }, body: `rpc: POST method required, received ${method}` };
    const raw = header(headers, 'content-type') ?? '';
    const semi = raw.indexOf(';');
    const ct = semi < 0 ? raw : raw.slice(0, semi);
    if (ct.toLowerCase() !== JSON_TYPE)
      return { status: 415, headers: { 'content-type': TEXT_TYPE }, body: `rpc: unrecognized Content-Type: ${ct}` };
    if (declared > max) return this.tooLarge(match, declared);
    return match;
  }

  /**
   * A CORS preflight to a JSON-RPC endpoint: 204 with what a browser may send (the allowed origin comes with
   * every reply's headers). A path no endpoint serves gets the usual 404.
   */
  private preflight(url: string, headers: RequestHeaders): HttpReply {
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    if (this.http.match(path) === null) return this.unrouted(path);
    const cors = this.engine.options.cors!;
    const asked = header(headers, 'access-control-request-headers');
    const allow = cors.allowHeaders ?? asked;
    return {
      status: 204,
      headers: {
        'access-control-allow-methods': 'POST, GET, OPTIONS',
        ...(allow ? { 'access-control-allow-headers': allow } : {}),
        'access-control-max-age': String(cors.maxAgeSeconds),
      },
      body: '',
    };
  }

  /** The reply to a body over the limit (`size`: its declared length, or the bytes read so far). */
  tooLarge(match: Begun, size: number): HttpReply {
    const max = this.maxBodyBytes;
    switch (isGet(match) ? match.service.service.flavor : match.service.flavor) {
      case 'standard':
        return jsonError(413, -32600, `Invalid Request: the request body is over the limit of ${max} bytes`);
      case 'geth':
        return goHttpError(413, `content length too large (${size}>${max})`);
      case 'gorilla':
        return {
          status: 413,
          headers: { 'content-type': GO_JSON_TYPE },
          body: `{"jsonrpc":"2.0","error":{"code":-32600,"message":"request body over the limit of ${max} bytes","data":null},"id":null}\n`,
        };
    }
  }

  /** Runs the body and frames the reply. */
  finish(match: Begun, headers: RequestHeaders, text: string, signal: AbortSignal | undefined): HttpReply | Promise<HttpReply> {
    if (isGet(match)) return answerGet(this.engine, match, headers, signal);
    const service = match.service;
    const site: Site = { service, transport: 'http', path: match.path, variables: match.variables, headers, signal };
    if (service.flavor === 'standard') {
      // Synchronous all the way when the handler is: no promise per request on the common path.
      const body = this.engine.standardBody(site, text);
      return isThenable(body) ? body.then(standardReply) : standardReply(body);
    }
    return this.finishNode(site, text);
  }

  private async finishNode(site: Site, text: string): Promise<HttpReply> {
    const engine = this.engine;
    switch (site.service.flavor) {
      case 'standard':
        return standardReply(await engine.standardBody(site, text));
      case 'geth':
        return { status: 200, headers: { 'content-type': JSON_TYPE }, body: (await engine.gethBody(site, text)) ?? '' };
      case 'gorilla': {
        const r = await engine.gorillaBody(site, text);
        const h: Record<string, string> = r.body === null ? {} : { 'content-type': GO_JSON_TYPE };
        if (r.ran) h['x-content-type-options'] = 'nosniff';
        return { status: 200, headers: h, body: r.body ?? '' };
      }
    }
  }

  /** A path no HTTP endpoint serves: a WebSocket-only endpoint, or nothing at all. */
  private unrouted(path: string): HttpReply {
    const node = this.engine.options.mode === 'node';
    const ws = this.ws.match(path);
    if (ws !== null) {
      // gorilla/websocket's answer to a request that is not an upgrade.
      if (node) return goHttpError(400, 'Bad Request', { 'sec-websocket-version': '13' });
      return jsonError(426, -32600, `Invalid Request: ${path} speaks JSON-RPC over WebSocket; connect with a WebSocket client`, {
        upgrade: 'websocket',
        connection: 'Upgrade',
      });
    }
    if (node) return goHttpError(404, '404 page not found');
    return jsonError(404, -32600, `Invalid Request: no JSON-RPC endpoint at ${path}; endpoints: ${this.endpoints()}`);
  }

  private endpoints(): string {
    return this.http.templates().join(', ');
  }

  /** The WebSocket endpoint serving `path`, if any. */
  wsMatch(path: string): Match | null {
    return this.ws.match(path);
  }
}

function standardReply(body: string | null): HttpReply {
  return body === null ? { status: 204, headers: { 'content-type': JSON_TYPE }, body: '' } : { status: 200, headers: { 'content-type': JSON_TYPE }, body };
}

function isThenable<T>(x: T | Promise<T>): x is Promise<T> {
  return typeof (x as { then?: unknown } | null)?.then === 'function';
}

function isReply(x: Begun | HttpReply): x is HttpReply {
  return (x as HttpReply).status !== undefined;
}

/**
 * The extra headers of every reply (the user's `headers`, the CORS origin), prepared once: whether they can
 * go into writeHead's header object (node:http's fast case) or must be set one by one first (two of them,
 * or one of them and a reply header, differing only in case: setHeader lets the later one win).
 */
interface Extra {
  readonly names: readonly string[];
  readonly values: Readonly<Record<string, string>>;
  /** Lower-cased names, when no two extra names collide. */
  readonly lower: ReadonlySet<string> | undefined;
}

function prepareExtra(extra: Readonly<Record<string, string>> | undefined): Extra | undefined {
  if (extra === undefined) return undefined;
  const names = Object.keys(extra);
  if (names.length === 0) return undefined;
  const lower = new Set(names.map((n) => n.toLowerCase()));
  return { names, values: extra, lower: lower.size === names.length ? lower : undefined };
}

function send(res: ServerResponse, reply: HttpReply, extra: Extra | undefined): void {
  if (res.headersSent || res.destroyed) return;
  let headers = reply.headers;
  // No Content-Length on a 204 (RFC 9110 §8.6).
  if (reply.status !== 204) headers['content-length'] = String(Buffer.byteLength(reply.body));
  if (extra !== undefined) {
    let merge = extra.lower !== undefined;
    for (const k in headers) if (merge && extra.lower!.has(k)) merge = false;
    if (merge) {
      // One header object (node:http's fast case), the extra headers first, then the reply's, as setHeader
      // followed by writeHead would order them.
      const all: Record<string, string> = {};
      for (const k of extra.names) all[k] = extra.values[k] as string;
      for (const k in headers) all[k] = headers[k] as string;
      headers = all;
    } else for (const k of extra.names) res.setHeader(k, extra.values[k] as string);
  }
  res.writeHead(reply.status, headers);
  res.end(reply.body);
}

const INTERNAL: HttpReply = { status: 500, headers: { 'content-type': TEXT_TYPE }, body: 'internal server error' };

/** The node:http request listener. */
export function nodeListener(core: HttpCore): (req: IncomingMessage, res: ServerResponse) => void {
  const extra = prepareExtra(core.engine.options.headers);
  const max = core.maxBodyBytes;
  return (req, res) => {
    const begun = core.begin(req.method ?? 'GET', req.url ?? '/', req.headers);
    if (isReply(begun)) {
      // Node discards the unread body once the response is finished.
      send(res, begun, extra);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > max) {
        over = true;
        chunks.length = 0;
        send(res, core.tooLarge(begun, size), extra);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (over) return;
      const text =
        chunks.length === 0
          ? ''
          : chunks.length === 1
            ? (chunks[0] as Buffer).toString('utf8')
            : Buffer.concat(chunks, size).toString('utf8');
      let reply: HttpReply | Promise<HttpReply>;
      try {
        reply = core.finish(begun, req.headers, text, undefined);
      } catch (e) {
        reply = Promise.reject(e);
      }
      if (!isThenable(reply)) {
        send(res, reply, extra);
        return;
      }
      reply.then(
        (r) => send(res, r, extra),
        (e: unknown) => {
          core.engine.log({
            level: 'error',
            event: 'server-failed',
            message: `the server failed on a request: ${e instanceof Error ? e.message : String(e)}`,
          });
          send(res, { ...INTERNAL, headers: { ...INTERNAL.headers } }, extra);
        },
      );
    });
    req.on('error', () => {
      // The client went away; there is nobody to answer.
    });
  };
}

/** Reads a fetch body up to `max` bytes: the text, or the size at which it went over. */
async function readLimited(request: Request, max: number): Promise<string | { over: number }> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return { over: size };
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(all);
}

function toResponse(reply: HttpReply, extra: Readonly<Record<string, string>> | undefined): Response {
  const headers = extra ? { ...reply.headers, ...extra } : reply.headers;
  return new Response(reply.body === '' ? null : reply.body, { status: reply.status, headers });
}

/** The fetch-style handler. */
export function fetchHandler(core: HttpCore): (request: Request) => Promise<Response> {
  const extra = core.engine.options.headers;
  return async (request) => {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    const begun = core.begin(request.method, url.pathname + url.search, headers);
    if (isReply(begun)) return toResponse(begun, extra);
    const text = await readLimited(request, core.maxBodyBytes);
    if (typeof text !== 'string') return toResponse(core.tooLarge(begun, text.over), extra);
    return toResponse(await core.finish(begun, headers, text, request.signal), extra);
  };
}

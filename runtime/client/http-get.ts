/**
 * Methods the spec also serves to plain HTTP GET requests (`x-http-get`, as the node's health probes): the
 * params go in the query string, the reply's body is the method's result, and its HTTP status says something
 * of its own (the node answers 503 when a health report is unhealthy). So the call resolves with the status
 * beside the decoded body for every status the spec lists, and rejects with an HttpError for any other.
 */
import { encodeWire, finish, secretValues, type CallOptions } from './call.js';
import { Unencodable } from './unencodable.js';
import type { HttpGetMeta, MethodMeta } from './meta.js';
import type { Transport } from '../transports/transport.js';

/** What a GET call resolves with: the HTTP status the spec lists for it and the body in value form. */
export interface HttpGetResult<T> {
  /** The HTTP status: one of those the spec lists for this GET (the health reports: 200 or 503). */
  readonly status: number;
  /** Whether the status is 2xx: for the health reports, whether the node reports itself healthy. */
  readonly ok: boolean;
  readonly body: T;
}

const forms = (): Promise<typeof import('../errors/forms.js')> => import('../errors/forms.js');
const transportErrors = (): Promise<typeof import('../errors/transport.js')> => import('../errors/transport.js');

/** `?tag=a&tag=b` from the wire-form params: each query parameter from its param, a list repeated. */
export function queryString(get: HttpGetMeta, wire: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  for (const [name, { param }] of Object.entries(get.query)) {
    const value = Object.prototype.hasOwnProperty.call(wire, param) ? wire[param] : undefined;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(typeof item === 'string' ? item : JSON.stringify(item))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * One GET of a method's first `x-http-get` path: params encoded and put in the query string, sent with the
 * transport's fetch, headers, middleware and timeout (and, over the node client, its retries: a GET that got
 * no answer is tried again like a read), the body validated (when asked) and decoded as the method's result.
 */
export async function callHttpGet<R>(transport: Transport, meta: MethodMeta, params?: unknown, options?: CallOptions): Promise<HttpGetResult<R>> {
  const get = meta.httpGet;
  if (!get) throw new TypeError(`${meta.name} is not served to plain HTTP GET requests (the spec gives it no x-http-get)`);
  if (!transport.httpGet) throw new TypeError(`${meta.name}: a plain HTTP GET needs the service's HTTP transport, and this ${transport.kind} transport cannot send one`);
  const wire = encodeWire(meta, params);
  if (wire instanceof Unencodable) throw (await forms()).unencodable(meta.name, wire, secretValues(meta, params));
  const path = `${get.paths[0] ?? ''}${queryString(get, wire as Record<string, unknown>)}`;
  const reply = await transport.httpGet(path, options);
  const context = { method: `GET ${meta.name}`, url: reply.url, ...(reply.headers ? { headers: reply.headers } : {}) };
  if (!get.status.some((s) => s.code === reply.status)) {
    const { HttpError } = await transportErrors();
    throw new HttpError(reply.status, reply.statusText, reply.text, context);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(reply.text);
  } catch {
    const { ProtocolError } = await transportErrors();
    throw new ProtocolError(`the body of HTTP ${reply.status} is not JSON where ${meta.name}'s result was expected`, { ...context, body: reply.text });
  }
  const body = await finish<R>(meta, transport, raw, options?.validate ?? transport.validate ?? false);
  return { status: reply.status, ok: reply.status >= 200 && reply.status < 300, body };
}

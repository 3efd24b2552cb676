/**
 * Middleware for the HTTP transport: an ordered chain of `(request, next) => response` functions around
 * every POST (every attempt of a retried call goes through it again). A middleware can read and change the
 * outgoing request (headers for auth, signing, tracing), call `next` with it, and see or replace the
 * response. It is a fetch wrapper, so the transport itself carries none of this.
 */
import type { FetchLike, FetchResponseLike } from './http.js';

/** One outgoing HTTP request, as a middleware sees it. */
export interface HttpRequest {
  readonly url: string;
  readonly method: string;
  /** Lower-case names. */
  readonly headers: Record<string, string>;
  /** The JSON-RPC request (or array) as sent; `''` for a plain GET. */
  readonly body: string;
  readonly signal: AbortSignal;
}

export type Next = (request: HttpRequest) => Promise<FetchResponseLike>;

/** Returns the response; call `next(request)` (with the request as given or changed) to send it on. */
export type Middleware = (request: HttpRequest, next: Next) => Promise<FetchResponseLike>;

/**
 * A fetch that runs `middleware` in order (the first is the outermost) before `fetch` (default
 * `globalThis.fetch`). The list is read at each request, so middleware added later applies to later calls.
 */
export function withMiddleware(middleware: readonly Middleware[], fetch?: FetchLike): FetchLike {
  for (const m of middleware) if (typeof m !== 'function') throw new TypeError(`middleware must be functions (request, next) => response, got ${typeof m}`);
  return (url, init) => {
    const send = fetch ?? (globalThis.fetch as unknown as FetchLike);
    const at = (i: number): Next => (request) => {
      const m = middleware[i];
      if (m) return m(request, at(i + 1));
      // A GET has no body (fetch refuses one): middleware sees `''`.
      const init = { method: request.method, headers: request.headers, body: request.body, signal: request.signal };
      if (request.method === 'GET' || request.method === 'HEAD') delete (init as { body?: string }).body;
      return send(request.url, init);
    };
    return at(0)({ url, ...init, body: (init.body as string | undefined) ?? '' });
  };
}

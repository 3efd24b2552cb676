/**
* Methods the spec also serves to plain HTTP GET requests (`x-http-get`, as the node's health probes): the
* params go in the query string, the reply's body is the method's result, and its HTTP status says something
* of its own (the node answers 503 when a health report is unhealthy). So the call resolves with the status
* beside the decoded body for every status the spec lists, and rejects with an HttpError for any other.
*/
import { type CallOptions } from "./call.js";
import type { HttpGetMeta, MethodMeta } from "./meta.js";
import type { Transport } from "../transports/transport.js";
/** What a GET call resolves with: the HTTP status the spec lists for it and the body in value form. */
export interface HttpGetResult<T> {
	/** The HTTP status: one of those the spec lists for this GET (the health reports: 200 or 503). */
	readonly status: number;
	/** Whether the status is 2xx: for the health reports, whether the node reports itself healthy. */
	readonly ok: boolean;
	readonly body: T;
}
/** `?tag=a&tag=b` from the wire-form params: each query parameter from its param, a list repeated. */
export declare function queryString(get: HttpGetMeta, wire: Readonly<Record<string, unknown>>): string;
/**
* One GET of a method's first `x-http-get` path: params encoded and put in the query string, sent with the
* transport's fetch, headers, middleware and timeout (and, over the node client, its retries: a GET that got
* no answer is tried again like a read), the body validated (when asked) and decoded as the method's result.
*/
export declare function callHttpGet<R>(transport: Transport, meta: MethodMeta, params?: unknown, options?: CallOptions): Promise<HttpGetResult<R>>;

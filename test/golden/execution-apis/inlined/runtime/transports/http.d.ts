import { type FetchLike } from "./http-post.js";
import type { ValidatorTable } from "../client/meta.js";
import type { HttpGetReply, RequestOptions, Transport } from "./transport.js";
export type { FetchLike, FetchResponseLike } from "./http-post.js";
export interface AutoBatchOptions {
	/** Milliseconds to wait for more calls before sending (default 0: calls made in the same tick). */
	readonly wait?: number;
	/** Calls per JSON-RPC array (default and cap: `maxBatchSize`). */
	readonly maxSize?: number;
}
export interface HttpTransportOptions {
	/** The endpoint's URL, e.g. `http://127.0.0.1:8545/rpc`. */
	readonly url: string;
	/** Sent with every request (`content-type: application/json` always is). */
	readonly headers?: Readonly<Record<string, string>>;
	/** Default: `globalThis.fetch`. */
	readonly fetch?: FetchLike;
	/** Milliseconds per request, body included (default 30 000; 0 or Infinity: none). */
	readonly timeout?: number;
	/** Whether the endpoint accepts JSON-RPC arrays (the spec's `x-jsonrpc.batch`); default false. */
	readonly batch?: boolean;
	/** Calls per JSON-RPC array (default 40). */
	readonly maxBatchSize?: number;
	/** Group calls made close together into arrays (only where `batch` is true). */
	readonly autoBatch?: boolean | AutoBatchOptions;
	/**
	* Validate results against the spec by default: the package's `validators` (validation on, every
	* method), or `true` (methods whose meta carries its validator: the per-method modules).
	*/
	readonly validate?: boolean | ValidatorTable;
}
export interface HttpTransport extends Transport {
	readonly kind: "http";
	httpGet(path: string, options?: RequestOptions): Promise<HttpGetReply>;
}
export declare function createHttpTransport(options: HttpTransportOptions): HttpTransport;

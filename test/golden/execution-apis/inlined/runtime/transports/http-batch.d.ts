/**
* JSON-RPC arrays over HTTP: explicit batches (here), automatic batching (http-autobatch.ts), both sending
* their arrays through http-array.ts. Loaded by the HTTP transport on first use (a dynamic import, so a
* bundler puts it in its own chunk): an app that sends single calls never loads it.
*/
import type { HttpCore } from "./frame.js";
import type { RequestOptions, RpcCall, Settled } from "./transport.js";
/** What the HTTP transport delegates to this module. */
export interface Batcher {
	batch(calls: readonly RpcCall[], opts?: RequestOptions): Promise<Settled<unknown>[]>;
	enqueue(call: RpcCall, opts: RequestOptions | undefined): Promise<unknown>;
	/** Settles every queued call with the transport's closed error. */
	close(): void;
}
export declare function createBatcher(core: HttpCore): Batcher;

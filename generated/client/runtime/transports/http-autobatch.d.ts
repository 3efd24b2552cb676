import type { HttpCore } from "./frame.js";
import type { RequestOptions, RpcCall } from "./transport.js";
export interface AutoBatch {
	enqueue(call: RpcCall, opts: RequestOptions | undefined): Promise<unknown>;
	/** Settles every queued call with the transport's closed error. */
	close(): void;
}
export declare function createAutoBatch(core: HttpCore): AutoBatch;

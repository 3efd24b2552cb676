/**
* Hedged reads for the fallback transport (fallback.ts): a read sent to the next node whenever `delay` ms
* pass without an answer (or the current node fails), the first answer winning and the others aborted.
*/
import type { RequestOptions, RpcCall } from "./transport.js";
/**
* Sends `call` to the nodes in `tried` (indexes) through `attempt`, one more every `delay` ms; `movesOn`
* says whether a failure sends it on to the next node.
*/
export declare function hedged(tried: readonly number[], call: RpcCall, opts: RequestOptions | undefined, delay: number, attempt: (i: number, call: RpcCall, opts: RequestOptions) => Promise<unknown>, movesOn: (error: unknown) => boolean): Promise<unknown>;

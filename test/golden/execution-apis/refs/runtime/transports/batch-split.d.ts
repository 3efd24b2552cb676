import type { RequestOptions, RpcCall, Settled, Transport } from "./transport.js";
/**
* Sends a batch; when the server refuses some of it for its size, sends again only the calls without an
* answer that the rule lets go again (resend.ts: a call it refused surely never ran; a call that ran keeps
* its answer), as one smaller batch, or in halves when all of it was refused, recursively.
*/
export declare function sendSplitting(transport: Transport, calls: readonly RpcCall[], opts: RequestOptions | undefined): Promise<Settled<unknown>[]>;

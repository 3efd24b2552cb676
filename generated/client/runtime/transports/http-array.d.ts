import type { HttpCore, PostLimits } from "./frame.js";
import { type Outcome } from "./jsonrpc.js";
import type { RpcCall } from "./transport.js";
export declare function chunks<T>(items: readonly T[], size: number): T[][];
/** One JSON-RPC array; one outcome per call, in order; never rejects. */
export declare function sendArray(core: HttpCore, calls: readonly RpcCall[], limits: PostLimits): Promise<Outcome[]>;

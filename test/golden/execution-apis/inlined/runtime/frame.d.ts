/** JSON-RPC 2.0 request objects and their ids: all a transport needs to send a call. */
export type JsonRpcId = number | string;
export interface JsonRpcRequest {
	readonly jsonrpc: "2.0";
	readonly id: JsonRpcId;
	readonly method: string;
	readonly params?: unknown;
}
/** A fresh source of request ids: 1, 2, 3, ... (one per transport, so ids never repeat on a connection). */
export declare function createIdSource(start?: number): () => number;
/** The request object; `params` is left out when undefined. */
export declare function frame(id: JsonRpcId, method: string, params?: unknown): JsonRpcRequest;

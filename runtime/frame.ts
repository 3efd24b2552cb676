/** JSON-RPC 2.0 request objects and their ids: all a transport needs to send a call. */

export type JsonRpcId = number | string;

export interface JsonRpcRequest {
  readonly jsonrpc: '2.0';
  readonly id: JsonRpcId;
  readonly method: string;
  readonly params?: unknown;
}

/** A fresh source of request ids: 1, 2, 3, ... (one per transport, so ids never repeat on a connection). */
export function createIdSource(start: number = 1): () => number {
  let next = start;
  return () => {
    const id = next;
    next = next >= Number.MAX_SAFE_INTEGER ? 1 : next + 1;
    return id;
  };
}

/** The request object; `params` is left out when undefined. */
export function frame(id: JsonRpcId, method: string, params?: unknown): JsonRpcRequest {
  return params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
}


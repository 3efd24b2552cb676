/**
 * JSON-RPC 2.0 request objects and their ids: all a transport needs to send a call. Also what the HTTP
 * transport shares with its batching and failure modules (how a POST is bounded, its raw answer, why it got
 * none): kept out of http.ts, whose exports are public names only.
 */
import type { HeadersLike, RequestOptions, ResponseInfo, RpcCall } from './transport.js';

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

/** What the batching module (http-batch.ts) uses of a transport. */
export interface HttpCore {
  readonly url: string;
  readonly defaultTimeout: number;
  readonly maxBatchSize: number;
  readonly autoWait: number;
  readonly autoSize: number;
  readonly batching: boolean;
  closed(): boolean;
  nextId(): number;
  post(body: string, limits: PostLimits): Promise<RawReply>;
  single(call: RpcCall, opts: RequestOptions | undefined): Promise<unknown>;
}

/** The raw HTTP answer. */
export interface RawReply {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly text: string;
  readonly headers?: HeadersLike;
}

/** How one POST is bounded. */
export interface PostLimits {
  readonly timeout: number;
  readonly signal?: AbortSignal;
  readonly headers?: Readonly<Record<string, string>>;
  readonly onResponse?: (response: ResponseInfo) => void;
}

/** Why a POST got no answer; turned into an error per call (a batch's calls each get their own). */
export type PostFailure =
  | { readonly kind: 'timeout'; readonly timeout: number }
  | { readonly kind: 'abort'; readonly reason: unknown }
  | { readonly kind: 'closed' }
  | { readonly kind: 'network'; readonly stage: 'connect' | 'read'; readonly cause: unknown };

export class PostFailed {
  constructor(readonly failure: PostFailure) {}
}

/**
* What the HTTP transport does when a call does not simply succeed: errors for failed POSTs, HTTP failures,
* replies that are JSON-RPC errors or not JSON-RPC at all. Loaded on the first failure (a dynamic import,
* its own chunk for bundlers): a program whose calls succeed never loads it.
*/
import { NodeRpcError, type JsonRpcErrorObject } from "../errors/base.js";
import { HttpError, ProtocolError, TransportError } from "../errors/transport.js";
import { EncodeError } from "../errors/forms.js";
import { type RawReply } from "./frame.js";
import { type Expected, type Outcome } from "./jsonrpc.js";
import type { RpcCall } from "./transport.js";
export declare function errorMessage(e: unknown): string;
/** A JSON-RPC error object inside a failed (non-2xx) response, read leniently. */
export declare function errorObjectIn(body: unknown): JsonRpcErrorObject | undefined;
export declare function tryParse(text: string): unknown;
export declare function serialize(id: number, call: RpcCall): string | EncodeError;
/** Params that JSON cannot carry (a bigint left in wire form, a cycle). */
export declare function unserializable(call: RpcCall, e: unknown): EncodeError;
export declare function closedError(call: RpcCall, url: string): TransportError;
/** A POST failure, as the error of one call. */
export declare function errorFor(e: unknown, call: RpcCall, url: string): NodeRpcError;
export declare function emptyReply(raw: RawReply, call: RpcCall, what: string, url: string): ProtocolError;
export declare function httpError(raw: RawReply, call: RpcCall, url: string): HttpError;
/** A reply to one call that is not a plain success, interpreted in full. */
export declare function interpretSingle(raw: RawReply, expected: Expected, url: string): Outcome;

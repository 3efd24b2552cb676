/**
* Calls over the WebSocket transport's connection: each sent with a fresh id (alone, or with others in one
* JSON-RPC array), bounded by its timeout from the moment it is made (connecting included), and matched to
* its reply by id. A call in flight on a connection that drops rejects with TransportError: it is not
* resent, as the server may have executed it.
*/
import { NodeRpcError } from "../../errors/index.js";
import { type Outcome } from "../jsonrpc.js";
import type { RequestOptions, RpcCall, Settled } from "../transport.js";
import type { Connection } from "./connection.js";
import { type Settings, type WebSocketLike } from "./options.js";
export declare class Calls {
	private readonly settings;
	private readonly connection;
	/** A message with a method and no id: a subscription's notification. */
	private readonly notification;
	private readonly nextId;
	private readonly pending;
	constructor(settings: Settings, connection: Connection, notification: (message: Record<string, unknown>) => void);
	request(call: RpcCall, opts?: RequestOptions): Promise<unknown>;
	batch(calls: readonly RpcCall[], opts?: RequestOptions): Promise<Settled<unknown>[]>;
	/**
	* Sends calls (as one array when `asArray`, else as separate messages) and reports each outcome through
	* `finish`, synchronously from the message handler, so a subscription is routed before the next message.
	*/
	dispatch(calls: readonly RpcCall[], opts: RequestOptions | undefined, asArray: boolean, finish: (index: number, o: Outcome) => void): void;
	/** Sends the calls not ended yet on `ws`, the connection just opened (or already open). */
	private send;
	/** Ends every call sent on `ws` with the error `make` gives. */
	failSentOn(ws: WebSocketLike, make: (call: RpcCall) => NodeRpcError): void;
	/** Ends every call in flight: the transport is closed. */
	closeAll(): void;
	received(ws: WebSocketLike, data: unknown): void;
	private reply;
}

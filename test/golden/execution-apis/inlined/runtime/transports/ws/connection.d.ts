import type { RequestOptions, RpcCall } from "../transport.js";
import { type Settings, type WebSocketLike } from "./options.js";
/**
* The wait before reconnect attempt `attempt` (0-based): exponential, capped, with "equal jitter" (between
* half and all of the capped value) so many clients dropped at once do not come back in step.
*/
export declare function backoff(attempt: number, delay: number, maxDelay: number, random?: () => number): number;
/** What the connection tells its owner. */
export interface ConnectionEvents {
	/** A message arrived on `ws`, the open connection. */
	message(ws: WebSocketLike, data: unknown): void;
	/** The open connection `ws` went away (`why` says how): what was sent on it has no answer coming. */
	dropped(ws: WebSocketLike, why: string, cause: unknown): void;
	/** Whether any subscription waits for a reconnect. */
	waiting(): boolean;
	/** A new connection is open. */
	opened(): void;
	/** No reconnect will come: `reason` says why. */
	abandoned(reason: string, cause?: unknown): void;
	/** Sends a keep-alive ping. */
	ping(call: RpcCall, opts: RequestOptions): Promise<unknown>;
}
export declare class Connection {
	private readonly settings;
	private readonly events;
	/** The open connection, if any. */
	socket: WebSocketLike | undefined;
	closed: boolean;
	/** Reconnect attempts in a row; a confirmed subscription resets it. */
	attempt: number;
	private opening;
	private ctorPromise;
	private reconnectTimer;
	private pingTimer;
	constructor(settings: Settings, events: ConnectionEvents);
	connect(): Promise<WebSocketLike>;
	private resolveCtor;
	private open;
	private afterOpen;
	/** Pings `ws` every `interval` ms while it is the connection; a ping without a reply drops it. */
	private startKeepAlive;
	private stopTimers;
	/** The open connection went away. */
	private dropped;
	private scheduleReconnect;
	/** Stops reconnecting and pinging for good; `close()` then closes the socket. */
	shut(): void;
	/** Closes the open connection, waiting a second at most for it to close. */
	close(): Promise<void>;
}

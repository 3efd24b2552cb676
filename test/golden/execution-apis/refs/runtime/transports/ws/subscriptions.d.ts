import type { Outcome } from "../jsonrpc.js";
import type { SubscribeOptions, Subscription, SubscriptionTarget } from "../transport.js";
import type { Calls } from "./calls.js";
import type { Connection } from "./connection.js";
import { type Settings } from "./options.js";
type SubStatus = "subscribing" | "live" | "lost" | "ended";
/** The live subscriptions and the routes from the server's ids to them. */
export declare class Subscriptions {
	readonly settings: Settings;
	readonly connection: Connection;
	readonly calls: Calls;
	readonly all: Set<Sub>;
	readonly routes: Map<string, Sub>;
	constructor(settings: Settings, connection: Connection, calls: Calls);
	subscribe(target: SubscriptionTarget, params: readonly unknown[], options: SubscribeOptions): Subscription<unknown>;
	/** Sends `sub`'s subscribe call (again, after a reconnect). */
	start(sub: Sub): void;
	notification(message: Record<string, unknown>): void;
	/** The connection dropped: the server forgot every subscription. */
	loseAll(): void;
	/** Whether any subscription waits for a reconnect. */
	waiting(): boolean;
	/** A new connection is open: subscribe again. */
	resubscribe(): void;
	/** No reconnect will come: the subscriptions waiting for one end. */
	abandon(reason: string, cause?: unknown): void;
	/** The transport is closed: every subscription ends, dropping what it buffered. */
	closeAll(): void;
}
export declare class Sub implements Subscription<unknown> {
	private readonly owner;
	readonly target: SubscriptionTarget;
	readonly params: readonly unknown[];
	readonly options: SubscribeOptions;
	status: SubStatus;
	private serverId;
	private currentId;
	private confirmed;
	private readonly queue;
	private readonly waiters;
	private endError;
	private errorDelivered;
	private resolveReady;
	private rejectReady;
	readonly ready: Promise<string>;
	private readonly maxBuffered;
	/** Removes the AbortSignal listener once the subscription ends. */
	private detach;
	constructor(owner: Subscriptions, target: SubscriptionTarget, params: readonly unknown[], options: SubscribeOptions);
	get id(): string | undefined;
	describe(): string;
	/** The server confirmed (or refused) the subscribe call. Runs inside the message handler. */
	subscribed(o: Outcome): void;
	/** The connection dropped: the server forgot this subscription. */
	lose(): void;
	push(payload: unknown): void;
	private deliver;
	/** Ends the iteration: buffered payloads are still read (unless `drop`), then the error (if any), then done. */
	end(error?: unknown, drop?: boolean): void;
	/** Best effort: tell the server to stop sending (waiting for its answer a few seconds at most). */
	private cancelOnServer;
	unsubscribe(): Promise<void>;
	next(): Promise<IteratorResult<unknown, undefined>>;
	return(): Promise<IteratorResult<unknown, undefined>>;
	[Symbol.asyncIterator](): this;
}
export {};

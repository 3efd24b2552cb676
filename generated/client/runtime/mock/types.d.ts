/** What generated code gives the mock per service: the spec's examples, in wire form. */
import type { CorsOptions, Logger, ServerLimits, ServerMode, ServerProfile, ServerServiceDef } from "../server/types.js";
import type { Recording } from "./replay.js";
/** One example pairing of a method: its params (by name, in declaration order) and its result. */
export interface MockExample {
	readonly name: string;
	readonly params: readonly {
		readonly name: string;
		readonly value: unknown;
	}[];
	/** The result in wire form; absent for an example without one (answered `null`). */
	readonly result?: unknown;
}
/** One example of a subscription kind: its params after the kind, and the notifications it pushes. */
export interface MockSubscriptionExample {
	readonly name: string;
	readonly params: readonly {
		readonly name: string;
		readonly value: unknown;
	}[];
	readonly notifications: readonly unknown[];
}
export interface MockServiceData {
	readonly service: string;
	/** By wire method name. */
	readonly examples: Readonly<Record<string, readonly MockExample[]>>;
	/** By wire subscribe method, then by kind. */
	readonly subscriptions?: Readonly<Record<string, Readonly<Record<string, readonly MockSubscriptionExample[]>>>>;
}
export interface MockOptions {
	readonly services: readonly ServerServiceDef[];
	readonly data: readonly MockServiceData[];
	/** Default 0: any free port. */
	readonly port?: number;
	/** Default `127.0.0.1`. */
	readonly host?: string;
	readonly mode?: ServerMode;
	readonly profile?: ServerProfile;
	/** Default `'all'`: every method answers, including those off by default on a real node. */
	readonly enable?: readonly string[] | "all";
	/** Node mode: answer removed methods from their examples too (see `ServerOptions.serveRemoved`). Default false. */
	readonly serveRemoved?: boolean;
	readonly limits?: ServerLimits;
	readonly logger?: Logger;
	/** Typed handlers that take over from the examples for the methods they implement. */
	readonly handlers?: object;
	readonly validateResults?: boolean;
	/** CORS for browsers on other origins (a docs site's console); default on, `false` turns it off. */
	readonly cors?: boolean | CorsOptions;
	/**
	* A new block every so many milliseconds, as on a node: subscriptions (`newHeads`, `logs`, pending
	* transactions, every kind with examples) push their example notifications as each new block's, and
	* `eth_blockNumber` and `eth_getBlockByNumber` follow the head. Default 0: the examples as they are, each
	* subscription pushing its examples once.
	*/
	readonly blockTimeMs?: number;
	/** Recorded exchanges answered before the examples (see `loadRecordings`). */
	readonly recordings?: readonly Recording[];
}

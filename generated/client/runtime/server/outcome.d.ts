/**
* What one call comes to (the result's JSON text, or a failure), and what each flavor's body handler needs
* of the engine to get there: the seam between the flavors (standard-body.ts, geth-body.ts,
* gorilla-body.ts), subscriptions (subscribe.ts) and the engine that runs calls (engine.ts).
*/
import type { Entry, ResolvedOptions, ServiceTable, Site } from "./tables.js";
import type { WireError } from "./types.js";
/** A call that failed: its error, and whether it failed before any handler ran (`early`). */
export declare class Failure {
	readonly error: WireError;
	readonly early: boolean;
	constructor(error: WireError, early: boolean);
}
/** The outcome of one call: the result's JSON text, or a failure. */
export type Outcome = string | Failure;
/** What the flavors and subscriptions call on the engine. */
export interface Calls {
	readonly options: ResolvedOptions;
	/** A call by method name: looked up, run, logged. */
	dispatch(site: Site, method: string, params: unknown): Outcome | Promise<Outcome>;
	/** A call of a method already looked up. */
	call(site: Site, method: string, entry: Entry, params: unknown): Outcome | Promise<Outcome>;
	/** The service's OpenRPC document, as `rpc.discover`'s result. */
	discover(svc: ServiceTable): Outcome;
	/** What a handler threw, as the error the client gets (logged when it is not a JSON-RPC error). */
	thrown(site: Site, method: string, e: unknown, needles: readonly string[]): WireError;
}
/** No secrets to scrub (one shared empty list: most calls have none). */
export declare const NO_NEEDLES: readonly string[];
export declare function isThenable(value: unknown): value is PromiseLike<unknown>;
/** Any object with an integer `code` and a string `message` is a JSON-RPC error to send as is. */
export declare function asWireError(e: unknown): WireError | undefined;
/** What was thrown, for the log, with every secret of the call scrubbed from it. */
export declare function errorInfo(e: unknown, needles: readonly string[]): {
	name: string;
	message: string;
	stack?: string;
};

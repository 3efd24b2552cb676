import type { ResolvedOptions, ServiceTable, Site } from "./tables.js";
import { type Flavor } from "./texts.js";
import type { LogEntry, ServerServiceDef } from "./types.js";
/** Reply of a gorilla endpoint: the body (or none) and whether the method ran (gorilla then adds `nosniff`). */
export interface GorillaReply {
	readonly body: string | null;
	readonly ran: boolean;
}
/** `0x` + 16 random bytes in hex, leading zeros trimmed (go-ethereum's subscription ids). */
export declare function newSubscriptionId(): string;
export declare class Engine {
	readonly options: ResolvedOptions;
	readonly services: readonly ServiceTable[];
	constructor(services: readonly ServerServiceDef[], options: ResolvedOptions);
	log(entry: LogEntry): void;
	/** The reply to a body of this site's flavor, as it goes on the wire (`null`: nothing to send). */
	reply(site: Site, text: string): Promise<string | null>;
	/** A subscription notification in this site's flavor. */
	notification(flavor: Flavor, method: string, subscription: string, resultJson: string): string;
	/** A standard-mode body's reply; synchronous when every handler it runs answers synchronously. */
	standardBody(site: Site, text: string): string | null | Promise<string | null>;
	/**
	* Batch items run one after the other, in order, in one loop; an item that answers synchronously costs no
	* promise and no tick. From the first item that answers later on, the rest wait their turn.
	*/
	private standardBatch;
	private standardRest;
	private standardOne;
	gethBody(site: Site, text: string): Promise<string | null>;
	private gethOne;
	gorillaBody(site: Site, text: string): Promise<GorillaReply>;
	private gorillaOut;
	private gorillaLookup;
	private discover;
	private dispatch;
	/** Runs one call; logs it when a logger is set. */
	private call;
	private logged;
	private run;
	/**
	* A handler's value → the reply's result JSON: a typed handler's value encoded to the wire form and
	* stringified in one walk (see serialize.ts), a raw handler's as it is; checked against the result schema
	* first when results are validated.
	*/
	private answer;
	private checked;
	private stringified;
	/** A thrown JSON-RPC error passes through (secrets scrubbed); anything else is logged and hidden. */
	private thrown;
	private checkResult;
	/**
	* Params in the structure the validator and handler expect: an object (by name) or an array (by
	* position), or the problem with what was sent. What each flavor accepts:
	* - standard: omitted/`null` → empty; by name also `[]` and `[{...}]`; by position also `{}`;
	* - geth: by position only arrays (or omitted/`null`): an object is `non-array args`;
	* - gorilla: an object, or an array whose first element is the object (Go's fallback), extra ignored.
	*/
	private shape;
	private subscribe;
}

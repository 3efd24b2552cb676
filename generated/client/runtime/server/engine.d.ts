import { type GorillaReply } from "./gorilla-body.js";
import { type Calls, type Outcome } from "./outcome.js";
import type { Entry, ResolvedOptions, ServiceTable, Site } from "./tables.js";
import { type Flavor } from "./texts.js";
import type { LogEntry, ServerServiceDef, WireError } from "./types.js";
export type { GorillaReply } from "./gorilla-body.js";
export declare class Engine implements Calls {
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
	gethBody(site: Site, text: string): Promise<string | null>;
	gorillaBody(site: Site, text: string): Promise<GorillaReply>;
	discover(svc: ServiceTable): Outcome;
	dispatch(site: Site, method: string, params: unknown): Promise<Outcome> | Outcome;
	/** Runs one call; logs it when a logger is set. */
	call(site: Site, method: string, entry: Entry, params: unknown): Outcome | Promise<Outcome>;
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
	thrown(site: Site, method: string, e: unknown, needles: readonly string[]): WireError;
	private checkResult;
}

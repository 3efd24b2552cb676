/** What stands in for a secret in a fixture. */
export declare const REDACTED = "***";
export interface Fixture {
	/** The request path, e.g. `/ext/bc/C/rpc`. */
	readonly path: string;
	readonly transport?: "http" | "websocket";
	readonly method: string;
	readonly params?: unknown;
	readonly result?: unknown;
	readonly error?: {
		readonly code: number;
		readonly message: string;
		readonly data?: unknown;
	};
	/** Pointers (`/params/1`, `/result`) of values replaced by `***`. */
	readonly redacted?: readonly string[];
}
/** A fixture with the file it came from. */
export interface Recording extends Fixture {
	readonly file: string;
}
/** A fixture file that cannot be used; the message names the file and what is wrong. */
export declare class FixtureError extends Error {
	readonly file: string;
	readonly problems: readonly string[];
	constructor(file: string, problems: readonly string[]);
}
/**
* Every fixture (`*.json`) in `dir`, sorted by file name, each checked: its shape here, its params and
* result by `check` (against the spec). The first file that fails stops the load with a FixtureError
* naming it; nothing is half-loaded.
*/
export declare function loadRecordings(dir: string, check: (fixture: Fixture) => readonly string[]): Recording[];
/** Recordings by method, for lookups by method, params and path. */
export declare class Replay {
	private readonly byMethod;
	constructor(recordings: readonly Recording[]);
	/**
	* The recording of this call: same method and params, preferring one made on the same path (a chain's
	* endpoint). Undefined when none was recorded, or when the one recorded had its result redacted.
	*/
	find(method: string, params: unknown, path: string, byName: boolean): Recording | undefined;
}

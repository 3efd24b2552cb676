import type { WireError } from "./types.js";
/** Lazily found raw id texts of one body (only needed for ids no JS number holds exactly). */
export interface IdSource {
	readonly text: string;
	/** Index of the body's first non-blank character, -1 when not known yet. */
	readonly start: number;
	readonly caseInsensitive: boolean;
	raw: (string | undefined)[] | undefined;
	/** Where to look for the next request's `"id"` (requests are read in order); absent: not tracked. */
	cursor?: number;
}
export declare function rawIdText(ids: IdSource, index: number, fallback: unknown): string;
/** The id as JSON text, exactly as it came (`1`, `"1"`, `null`, `12345678901234567890`). */
export declare function idText(id: unknown, ids: IdSource, index: number): string;
export declare function stdError(idJson: string, error: WireError): string;
export declare function gorillaError(idJson: string, error: WireError, dataJson?: string): string;
/** gorilla json2's `serverRequest` as Go's decoder fills it (keys matched case-insensitively, last wins). */
export interface GoRequest {
	version: string;
	method: string;
	/** `undefined` = Go's nil pointer (absent or `null`). */
	params: unknown;
	id: unknown;
	error: string | undefined;
}
export declare function goServerRequest(value: unknown): GoRequest;
/** go-ethereum's `jsonrpcMessage` as Go's decoder fills it. */
export interface GethMessage {
	version: string;
	method: string;
	hasId: boolean;
	id: unknown;
	hasParams: boolean;
	params: unknown;
	isResponse: boolean;
}
export declare function gethMessage(value: unknown): GethMessage | undefined;
export declare function gethValidId(m: GethMessage): boolean;
/**
* The first JSON value of a body, read the way Go's decoder reads it. A body JSON.parse accepts whole is
* one value Go accepts too (only the depth needs checking), so the JS scanner runs only on the rare bodies
* JSON.parse refuses: to word the error as Go does, or to find a first value followed by trailing text.
*/
export declare function goParse(text: string, maxDepth: number): {
	ok: true;
	value: unknown;
	start: number;
} | {
	ok: false;
	message: string;
	eof: boolean;
};

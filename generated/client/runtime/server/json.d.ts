/**
* Whether a parsed JSON value nests arrays/objects deeper than `max`. It stops at the first node past the
* limit, so a hostile value costs no more than `max` levels of a walk. (V8's JSON.parse is itself iterative:
* parsing first is safe, and far faster than scanning the text.) Recursive up to a limit of 256 levels, which
* no stack minds and which allocates nothing; iterative above it.
*/
export declare function valueDepthExceeds(value: unknown, max: number): boolean;
/** Whether `text` nests arrays/objects deeper than `max` (strings skipped). Linear, no recursion. */
export declare function depthExceeds(text: string, max: number): boolean;
/** Go's `strconv.Quote`, for the ASCII and Latin-1 range the node's messages need. */
export declare function goQuote(s: string): string;
export type GoScan = {
	readonly ok: true;
	readonly start: number;
	readonly end: number;
} | {
	readonly ok: false;
	readonly message: string;
	readonly eof: boolean;
};
/**
* Validates the first JSON value of `text` as Go's `json.Decoder.Decode` does, with its error messages
* (`invalid character 'x' looking for beginning of value`, `unexpected EOF`, `EOF`, `exceeded max depth`).
* Like the decoder, it stops after the first value: trailing text is not looked at.
*/
export declare function goScan(text: string, maxDepth: number): GoScan;
/**
* The raw text of each message's `id` in an already validated body: one entry for a single message, one
* per element for a batch. `start` is the index of the body's first non-blank character.
*/
export declare function rawIds(text: string, start: number, caseInsensitive: boolean): (string | undefined)[];
/** JSON text without insignificant whitespace (what Go's encoder does to a raw message it re-emits). */
export declare function compactJson(raw: string): string;
/**
* JSON text as Go's `json.Encoder` writes it: `<`, `>`, `&`, U+2028 and U+2029 escaped inside strings (they
* cannot occur outside strings in JSON text).
*/
export declare function goEscape(json: string): string;
/** A plain JSON object (not an array, not null). */
export declare const hasOwn: (o: object, k: PropertyKey) => boolean;

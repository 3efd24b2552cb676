import type { CodecError } from "./codec.js";
/**
* Why params cannot be encoded, as `encodeWire` reports it (errors/forms.ts turns it into an EncodeError):
* a value the codec refused, or params of the wrong shape for the method (`params` holds them).
*/
export declare class Unencodable {
	readonly problem: CodecError | "by-position" | "by-name";
	readonly params?: unknown | undefined;
	constructor(problem: CodecError | "by-position" | "by-name", params?: unknown | undefined);
}

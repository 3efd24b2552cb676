/**
* The errors of a call that fails on this side of the transport: params that cannot be encoded, a result
* that does not decode or does not match the spec, a method the transport cannot carry. call.ts loads this
* module on the first such failure (a dynamic import, its own chunk for bundlers); the synchronous entry
* points (batch.ts, subscribe.ts) import it.
*/
import { type Unencodable } from "./call.js";
import type { CodecError } from "./codec.js";
import { DecodeError, EncodeError, ResponseValidationError, UnsupportedError } from "./error-forms.js";
import type { MethodMeta, ValidationIssue } from "./meta.js";
import type { Transport } from "./transport.js";
/** A value the codec refused, in a call's params (`label`: the method, or the subscription). */
export declare function encodeError(label: string, e: CodecError, secrets: readonly string[]): EncodeError;
/** What encodeWire reported, for the params the caller gave. */
export declare function unencodable(meta: MethodMeta, u: Unencodable, params: unknown): EncodeError;
export declare function unsupported(transport: Transport, meta: MethodMeta): UnsupportedError;
export declare function undecodable(label: string, e: CodecError, url: string): DecodeError;
export declare function invalidResult(label: string, issues: readonly ValidationIssue[], url: string): ResponseValidationError;

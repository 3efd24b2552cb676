/**
* Errors of the value and wire forms and of what a transport cannot do; `formatIssues`, which writes the
* message of a list of validation issues (ResponseValidationError's); and the errors of a call that fails on
* this side of the transport, built from what call.ts found. call.ts, which holds the success path only,
* loads this module on the first such failure (a dynamic import, its own chunk for bundlers); call-api.ts,
* whose entry points report at once, imports it.
*/
import type { CodecError } from "../client/codec.js";
import type { Unencodable } from "../client/unencodable.js";
import { NodeRpcError, type ErrorContext } from "./base.js";
import type { MethodMeta, ValidationIssue } from "../client/meta.js";
import type { Transport } from "../transports/transport.js";
/** The result does not match the method's result schema (only with `validate: true`). */
export declare class ResponseValidationError extends NodeRpcError {
	readonly issues: readonly ValidationIssue[];
	constructor(method: string, issues: readonly ValidationIssue[], context?: ErrorContext);
}
/** The result could not be converted to its value form (for example a 64-bit amount that is not a number). */
export declare class DecodeError extends NodeRpcError {
	/** JSON pointer inside the result. */
	readonly path: string;
	constructor(method: string, cause: CodecError, context?: ErrorContext);
}
/** The params could not be converted to their wire form (a negative amount, a number that is too large...). */
export declare class EncodeError extends NodeRpcError {
	/** JSON pointer inside the params. */
	readonly path: string;
	constructor(method: string, message: string, context?: ErrorContext & {
		readonly path?: string;
	});
}
/** The transport cannot do what was asked (a WebSocket-only method over HTTP, a subscription over HTTP). */
export declare class UnsupportedError extends NodeRpcError {}
/** A subscription's consumer fell too far behind: more than `maxBuffered` notifications were waiting. */
export declare class BufferOverflowError extends NodeRpcError {
	readonly limit: number;
	constructor(limit: number, context?: ErrorContext);
}
/** `/validators/3/nodeID` → `.validators[3].nodeID`: how a TypeScript user would write the path. */
export declare function pointerToAccessor(pointer: string): string;
/**
* One message for a list of issues, naming the method, where each problem is (`params.addresses[0]`,
* `result.validators[3].weight`) and what was expected.
*/
export declare function formatIssues(method: string, direction: "params" | "result", issues: readonly ValidationIssue[]): string;
/** A value the codec refused, in a call's params (`label`: the method, or the subscription). */
export declare function encodeError(label: string, e: CodecError, secrets: readonly string[]): EncodeError;
/** What encodeWire reported (`secrets`: the secret values of the params the caller gave). */
export declare function unencodable(method: string, u: Unencodable, secrets: readonly string[]): EncodeError;
export declare function unsupported(transport: Transport, meta: MethodMeta): UnsupportedError;
export declare function undecodable(label: string, e: CodecError, url: string): DecodeError;
export declare function invalidResult(label: string, issues: readonly ValidationIssue[], url: string): ResponseValidationError;

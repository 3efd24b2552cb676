/**
* Validation issues: the generated standalone ajv validators turn ajv's error objects into
* `ValidationIssue`s with `toIssues`; errors render them with `formatIssues` (error-forms.ts, beside the
* error whose message it writes: this module is all the validators load).
*/
import type { ValidationIssue } from "./meta.js";
/** The parts of an ajv `ErrorObject` the runtime reads. */
export interface AjvErrorLike {
	readonly instancePath: string;
	readonly keyword: string;
	readonly message?: string;
	readonly params?: Readonly<Record<string, unknown>>;
}
/**
* `to` with `from`'s errors added at its end (`from` itself when `to` is null): what ajv's standalone code
* does with `to.concat(from)`, in place, so that collecting n errors costs n steps, not n²/2 copies.
*/
export declare function appendErrors<T>(to: T[] | null, from: readonly T[] | null | undefined): T[] | null;
/**
* ajv errors → issues. Adds what ajv leaves in `params` to the message (the allowed values of an enum, the
* unexpected property's name), and drops exact duplicates (anyOf/oneOf branches repeat themselves).
*/
export declare function toIssues(errors: readonly AjvErrorLike[] | null | undefined): ValidationIssue[];

/**
* Validation issues: the generated standalone ajv validators turn ajv's error objects into
* `ValidationIssue`s with `toIssues`, and errors render them with `formatIssues`.
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
* ajv errors → issues. Adds what ajv leaves in `params` to the message (the allowed values of an enum, the
* unexpected property's name), and drops exact duplicates (anyOf/oneOf branches repeat themselves).
*/
export declare function toIssues(errors: readonly AjvErrorLike[] | null | undefined): ValidationIssue[];
/** `/validators/3/nodeID` → `.validators[3].nodeID`: how a TypeScript user would write the path. */
export declare function pointerToAccessor(pointer: string): string;
/**
* One message for a list of issues, naming the method, where each problem is (`params.addresses[0]`,
* `result.validators[3].weight`) and what was expected.
*/
export declare function formatIssues(method: string, direction: "params" | "result", issues: readonly ValidationIssue[]): string;

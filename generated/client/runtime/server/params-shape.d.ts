import type { Entry } from "./tables.js";
import type { Flavor, ParamsProblem } from "./texts.js";
/** A params structure problem (a class, so it cannot be mistaken for params that are an object). */
export declare class Problem {
	readonly problem: ParamsProblem;
	constructor(problem: ParamsProblem);
}
/**
* An object (by name) or an array (by position), or the problem with what was sent. What each flavor accepts:
* - standard: omitted/`null` → empty; by name also `[]` and `[{...}]`; by position also `{}`;
* - geth: by position only arrays (or omitted/`null`): an object is `non-array args`;
* - gorilla: an object, or an array whose first element is the object (Go's fallback), extra ignored.
*/
export declare function shapeParams(flavor: Flavor, entry: Entry, params: unknown): unknown[] | Record<string, unknown> | Problem;

/** A scalar conversion: see spec/README.md, "Codecs". */
export type ScalarPlan = "u64" | "u64n" | "u32" | "f" | "q";
/** Named properties (`o`) and, for maps, the plan of every other property's value (`m`). */
export interface ObjectPlan {
	readonly o?: {
		readonly [key: string]: Plan;
	};
	readonly m?: Plan;
}
export interface ArrayPlan {
	readonly a: Plan;
}
/** Positional items (`0` = unchanged), then `r` for any further items. */
export interface TuplePlan {
	readonly t: readonly (Plan | 0)[];
	readonly r?: Plan;
}
/** The first branch whose guard accepts the value decides; `0` = unchanged. */
export interface UnionPlan {
	readonly u: readonly (readonly [Guard, Plan | 0])[];
}
/** A plan defined later (recursive schemas). */
export interface LazyPlan {
	readonly l: () => Plan;
}
export type Plan = ScalarPlan | ObjectPlan | ArrayPlan | TuplePlan | UnionPlan | LazyPlan;
export type JsonType = "string" | "number" | "integer" | "boolean" | "null" | "object" | "array";
/** A cheap structural test on the wire form, derived from a union branch's schema. */
export interface Guard {
	/** JSON types the branch allows. */
	readonly ty?: readonly JsonType[];
	/** A pattern strings must match. */
	readonly p?: string;
	/** Allowed values (enum / const). */
	readonly e?: readonly unknown[];
	/** Keys an object must have. */
	readonly r?: readonly string[];
	/** A pattern every key of an object must match. */
	readonly k?: string;
	/** Tests of an object's properties, each applied when the property is present (types, constants). */
	readonly pr?: {
		readonly [key: string]: Guard;
	};
	/** A test of an array's items, applied to the first item (arrays are homogeneous). */
	readonly it?: Guard;
}
/** A value that does not have the wire (or value) form its plan expects. */
export declare class CodecError extends Error {
	readonly path: string;
	readonly expected: string;
	readonly value: unknown;
	constructor(path: string, expected: string, value: unknown);
}
/** Wire form → value form. Throws CodecError when a value cannot be converted. */
export declare function decode(plan: Plan | 0 | undefined, value: unknown, path?: string): unknown;
/** Value form → wire form. Throws CodecError when a value cannot be converted. */
export declare function encode(plan: Plan | 0 | undefined, value: unknown, path?: string): unknown;

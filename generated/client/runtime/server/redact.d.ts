export declare const MASK = "***";
/**
* A copy of `params` with the secret ones replaced by `***`: by name in an object (also an object wrapped in
* a one-element array), by position (through `order`, the declared param names) in an array.
*/
export declare function maskParams(params: unknown, secrets: readonly string[] | undefined, order: readonly string[]): unknown;
/** The values of the secret params present in `params`, as text to scrub (with their JSON-escaped form). */
export declare function secretValues(params: unknown, secrets: readonly string[] | undefined, order: readonly string[]): string[];
/** A deep copy of `value` with every occurrence of a needle inside its strings replaced by `***`. */
export declare function scrub<T>(value: T, needles: readonly string[]): T;

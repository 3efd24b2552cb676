export declare const MASK = "***";
/**
* A copy of `params` with the secrets replaced by `***`, whatever shape the request gave them: by name (any
* case) in an object, in an object nested at any depth or wrapped in an array, and by position (through
* `order`, the declared param names) in an array. Masking too much costs a log line some detail; too little
* leaks a password.
*/
export declare function maskParams(params: unknown, secrets: readonly string[] | undefined, order: readonly string[]): unknown;
/**
* The values of the secret params present in `params`, in any of the shapes `maskParams` knows, as text to
* scrub from replies and logs (with their JSON-escaped form).
*/
export declare function secretValues(params: unknown, secrets: readonly string[] | undefined, order: readonly string[]): string[];
/** A deep copy of `value` with every occurrence of a needle inside its strings replaced by `***`. */
export declare function scrub<T>(value: T, needles: readonly string[]): T;

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
/**
* A deep copy of `value` with every needle that stands as a value inside its strings replaced by `***`: a
* whole string, or an occurrence not run into a letter, digit or `_` on either side. A secret inside a
* longer word is left: a user named `u` must not turn "couldn't unmarshal" into "co***ldn't ***nmarshal"
* (whose gaps spell the secret). Needles come longest first (`secretValues`), so a secret containing
* another is masked whole. (The client's `redact`, error-base.ts, masks every occurrence: it scrubs what a
* node echoed of the request, where a secret may sit inside any text.)
*/
export declare function scrub<T>(value: T, needles: readonly string[]): T;

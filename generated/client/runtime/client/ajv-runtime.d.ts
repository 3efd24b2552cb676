/**
* The two helpers ajv's standalone validators may call, so the generated package needs no ajv at run time.
* Same contracts as ajv's own runtime modules.
*/
/** Length of a string in Unicode code points (a surrogate pair counts once), as JSON Schema defines it. */
export declare function ucs2length(str: string): number;
/** Deep equality of JSON values (enum, const, uniqueItems). */
export declare function equal(a: unknown, b: unknown): boolean;

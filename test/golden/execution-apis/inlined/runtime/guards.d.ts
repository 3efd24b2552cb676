/** The one test for "a JSON object" (not null, not an array) that the client, server and mock share. */
export declare function isRecord(value: unknown): value is Record<string, unknown>;
/** `target[key] = value` as an own, enumerable property, also for `__proto__` (which assignment would take as the prototype). */
export declare function setOwn(target: Record<string, unknown>, key: string, value: unknown): void;

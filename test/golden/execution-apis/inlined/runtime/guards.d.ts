/** The one test for "a JSON object" (not null, not an array) that the client, server and mock share. */
export declare function isRecord(value: unknown): value is Record<string, unknown>;

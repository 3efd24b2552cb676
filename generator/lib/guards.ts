/** The one test for "a JSON object" (not null, not an array) that every stage of the generator uses. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The members every object has (`constructor`, `toString`, `hasOwnProperty`, `__proto__`, ...): as names
 * from a document (properties, methods) they need care wherever code reads `obj[name]`.
 */
export const PROTOTYPE_MEMBERS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

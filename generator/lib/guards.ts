/** The one test for "a JSON object" (not null, not an array) that every stage of the generator uses. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The one test for "a JSON object" (not null, not an array) that the client, server and mock share. */
export function isRecord(value) {
	return value !== null && typeof value === "object" && !Array.isArray(value);
}

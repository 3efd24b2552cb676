/** The one test for "a JSON object" (not null, not an array) that the client, server and mock share. */
export function isRecord(value) {
	return value !== null && typeof value === "object" && !Array.isArray(value);
}
/** `target[key] = value` as an own, enumerable property, also for `__proto__` (which assignment would take as the prototype). */
export function setOwn(target, key, value) {
	Object.defineProperty(target, key, {
		value,
		enumerable: true,
		writable: true,
		configurable: true
	});
}

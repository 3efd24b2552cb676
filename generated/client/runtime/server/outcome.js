import { scrub } from "./redact.js";
/** A call that failed: its error, and whether it failed before any handler ran (`early`). */
export class Failure {
	error;
	early;
	constructor(error, early) {
		this.error = error;
		this.early = early;
	}
}
/** No secrets to scrub (one shared empty list: most calls have none). */
export const NO_NEEDLES = Object.freeze([]);
export function isThenable(value) {
	return (typeof value === "object" || typeof value === "function") && value !== null && typeof value.then === "function";
}
/** Any object with an integer `code` and a string `message` is a JSON-RPC error to send as is. */
export function asWireError(e) {
	if (typeof e !== "object" || e === null) return undefined;
	const { code, message } = e;
	if (typeof code !== "number" || !Number.isInteger(code) || typeof message !== "string") return undefined;
	const data = e.data;
	return data === undefined ? {
		code,
		message
	} : {
		code,
		message,
		data
	};
}
/** What was thrown, for the log, with every secret of the call scrubbed from it. */
export function errorInfo(e, needles) {
	if (e instanceof Error) {
		const info = {
			name: e.name,
			message: e.message,
			...e.stack !== undefined ? { stack: e.stack } : {}
		};
		return scrub(info, needles);
	}
	let text;
	try {
		text = typeof e === "string" ? e : JSON.stringify(e) ?? String(e);
	} catch {
		text = String(e);
	}
	return scrub({
		name: typeof e,
		message: text
	}, needles);
}

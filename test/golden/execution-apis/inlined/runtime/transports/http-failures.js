/**
* What the HTTP transport does when a call does not simply succeed: errors for failed POSTs, HTTP failures,
* replies that are JSON-RPC errors or not JSON-RPC at all. Loaded on the first failure (a dynamic import,
* its own chunk for bundlers): a program whose calls succeed never loads it.
*/
import { NodeRpcError, RpcError } from "../errors/base.js";
import { AbortError, HttpError, ProtocolError, TimeoutError, TransportError } from "../errors/transport.js";
import { EncodeError } from "../errors/forms.js";
import { frame, PostFailed } from "./frame.js";
import { matchSingle, parseBody } from "./jsonrpc.js";
import { isRecord } from "../guards.js";
export function errorMessage(e) {
	if (e instanceof Error) {
		const cause = e.cause;
		const detail = cause instanceof Error && cause.message && cause.message !== e.message ? ` (${cause.message})` : "";
		return `${e.message}${detail}`;
	}
	return String(e);
}
/** A JSON-RPC error object inside a failed (non-2xx) response, read leniently. */
export function errorObjectIn(body) {
	if (!isRecord(body) || !isRecord(body.error)) return undefined;
	const { code, message, data } = body.error;
	if (typeof code !== "number" || !Number.isInteger(code) || typeof message !== "string") return undefined;
	return "data" in body.error ? {
		code,
		message,
		data
	} : {
		code,
		message
	};
}
export function tryParse(text) {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}
export function serialize(id, call) {
	try {
		return JSON.stringify(frame(id, call.method, call.params));
	} catch (e) {
		return unserializable(call, e);
	}
}
/** Params that JSON cannot carry (a bigint left in wire form, a cycle). */
export function unserializable(call, e) {
	return new EncodeError(call.method, `the params cannot be sent as JSON (${errorMessage(e)}); pass them in wire form`, { cause: e });
}
export function closedError(call, url) {
	return new TransportError(`${call.method}: the transport for ${url} is closed; create a new one`, {
		method: call.method,
		url
	});
}
/** A POST failure, as the error of one call. */
export function errorFor(e, call, url) {
	const ctx = {
		method: call.method,
		url
	};
	if (!(e instanceof PostFailed)) return e instanceof NodeRpcError ? e : new TransportError(`${call.method}: ${errorMessage(e)}`, {
		...ctx,
		cause: e
	});
	const f = e.failure;
	switch (f.kind) {
		case "timeout": return new TimeoutError(f.timeout, ctx);
		case "abort": return new AbortError(f.reason, ctx);
		case "closed": return new TransportError(`${call.method}: the transport for ${url} was closed during the call`, ctx);
		case "network": return f.stage === "connect" ? new TransportError(`${call.method}: could not reach ${url}: ${errorMessage(f.cause)}. Check the URL and that the node is running.`, {
			...ctx,
			cause: f.cause
		}) : new TransportError(`${call.method}: the connection to ${url} failed while reading the reply: ${errorMessage(f.cause)}`, {
			...ctx,
			cause: f.cause
		});
	}
}
export function emptyReply(raw, call, what, url) {
	return new ProtocolError(`the reply ${what} is empty (HTTP ${raw.status}) where a JSON-RPC reply was expected`, {
		method: call.method,
		url
	});
}
export function httpError(raw, call, url) {
	return new HttpError(raw.status, raw.statusText, raw.text, {
		method: call.method,
		url,
		redact: call.redact,
		headers: raw.headers
	});
}
/** A reply to one call that is not a plain success, interpreted in full. */
export function interpretSingle(raw, expected, url) {
	const call = expected.call;
	const ctx = {
		url,
		status: raw.status
	};
	if (!raw.ok) {
		// A JSON-RPC error behind a failure status (a 500 from some servers) is the more precise report.
		const error = errorObjectIn(tryParse(raw.text));
		return {
			ok: false,
			error: error ? new RpcError(error, {
				method: call.method,
				url,
				status: raw.status,
				redact: call.redact,
				headers: raw.headers
			}) : httpError(raw, call, url)
		};
	}
	if (raw.text.trim() === "") return {
		ok: false,
		error: emptyReply(raw, call, "to the call", url)
	};
	let body;
	try {
		body = parseBody(raw.text, call, ctx);
	} catch (e) {
		return {
			ok: false,
			error: e
		};
	}
	return matchSingle(body, expected, ctx, raw.text);
}

/** Errors of the way to the server and back: no answer, an HTTP failure, a reply that is not JSON-RPC. */
import { excerpt, NodeRpcError, redact, where } from "./base.js";
/** The request never got an answer: connection refused or reset, DNS failure, socket closed mid-call. */
export class TransportError extends NodeRpcError {
	static {
		this.prototype.name = "TransportError";
	}
}
/** No reply within the time allowed. The request was cancelled; the server may still have executed it. */
export class TimeoutError extends NodeRpcError {
	static {
		this.prototype.name = "TimeoutError";
	}
	/** The limit that was hit, in milliseconds. */
	timeout;
	constructor(timeout, context = {}) {
		super(`${where(context)}no reply${context.url ? ` from ${context.url}` : ""} within ${timeout} ms. ` + "The node may be slow or unreachable: raise `timeout` (per call or on the transport) or try again.", context);
		this.timeout = timeout;
	}
}
/** The caller's AbortSignal fired. `reason` is the signal's reason. */
export class AbortError extends NodeRpcError {
	static {
		this.prototype.name = "AbortError";
	}
	reason;
	constructor(reason, context = {}) {
		super(`${where(context)}the call was aborted by its AbortSignal${describeReason(reason)}.`, {
			...context,
			cause: reason
		});
		this.reason = reason;
	}
}
function describeReason(reason) {
	if (reason === undefined) return "";
	if (reason instanceof Error) return ` (${reason.message})`;
	return typeof reason === "string" ? ` (${reason})` : "";
}
/** The server answered with a non-2xx HTTP status and no JSON-RPC error object (a proxy's error page, 413, 429...). */
export class HttpError extends NodeRpcError {
	static {
		this.prototype.name = "HttpError";
	}
	status;
	statusText;
	/** The start of the body (at most BODY_EXCERPT_LENGTH characters), secrets redacted. */
	body;
	/** The response headers (`Retry-After`, ...), when the fetch implementation gave them. */
	headers;
	constructor(status, statusText, body, context = {}) {
		const text = redact(excerpt(body), context.redact);
		super(`${where(context)}HTTP ${status}${statusText ? ` ${statusText}` : ""}${context.url ? ` from ${context.url}` : ""}` + `${text ? `: ${excerpt(text, 120)}` : ""}. ${httpAdvice(status)}`, context);
		this.status = status;
		this.statusText = statusText;
		this.body = text;
		this.headers = context.headers;
	}
}
function httpAdvice(status) {
	if (status === 404) return "Check the URL: the endpoint path or the chain ID may be wrong.";
	if (status === 405 || status === 415) return "The endpoint expects a POST with content-type application/json.";
	if (status === 401 || status === 403) return "The endpoint needs credentials: pass them in `headers`.";
	if (status === 413) return "The request is too large: send fewer calls per batch (`maxBatchSize`).";
	if (status === 429) return "Rate limited: slow down or retry later.";
	if (status === 503) return "The node is not ready (still bootstrapping?): retry later.";
	if (status >= 500) return "The node or a proxy in front of it failed: retry later.";
	return "The endpoint did not accept the request.";
}
/** The reply is not a valid JSON-RPC 2.0 answer to what was sent. */
export class ProtocolError extends NodeRpcError {
	static {
		this.prototype.name = "ProtocolError";
	}
	/** The start of the offending body, when there is one, secrets redacted. */
	body;
	constructor(message, context = {}) {
		const body = context.body === undefined ? undefined : redact(excerpt(context.body), context.redact);
		super(`${where(context)}${redact(message, context.redact)}${context.url ? ` (from ${context.url})` : ""}. ` + "The endpoint is probably not a JSON-RPC 2.0 server for this API, or a proxy rewrote the reply: check the URL.", context);
		this.body = body;
	}
}

/**
* Logging for any transport: each attempt of each call (method, URL, HTTP status, duration, outcome), with
* the values of `x-secret` params replaced by `***`. Results are never logged (a result may be a secret
* too). Its own module: a client without a logger carries none of this; `createNodeClient` takes it from
* its `log` option (`log: createLogging({ logger: console })`), so a program that logs nothing never bundles it.
*/
import { redact } from "../errors/base.js";
import { wrapTransport } from "./wrap.js";
const LEVELS = {
	debug: 0,
	info: 1,
	warn: 2,
	error: 3,
	silent: 4
};
/** Writes one record at a level, if the level is on. */
export function createLog(options) {
	const min = LEVELS[options.level ?? "info"];
	if (min === undefined) throw new RangeError(`level must be one of ${Object.keys(LEVELS).join(", ")}, got ${String(options.level)}`);
	return (level, message, record) => {
		if (LEVELS[level] >= min) options.logger[level]?.call(options.logger, message, record);
	};
}
/** A retry layer's `onRetry`, writing each retry at `info`. */
export function logRetries(options) {
	const log = createLog(options);
	return (e) => log("info", `${e.method} ${e.url}: retrying in ${e.delay} ms (attempt ${e.attempt} failed: ${e.reason})`, {
		method: e.method,
		url: e.url,
		duration: 0,
		ok: false,
		error: e.error instanceof Error ? e.error.message : String(e.error),
		retry: {
			attempt: e.attempt,
			delay: e.delay,
			reason: e.reason
		}
	});
}
/** `transport`, writing a record for each request and batch that goes through it. */
export function withLogging(transport, options) {
	const log = createLog(options);
	const debug = LEVELS[options.level ?? "info"] === 0;
	function observe(opts) {
		let status;
		return {
			opts: {
				...opts,
				onResponse: (r) => {
					status = r.status;
					opts?.onResponse?.(r);
				}
			},
			status: () => status
		};
	}
	function write(call, started, status, outcome) {
		const duration = Math.round(Date.now() - started);
		const base = {
			method: call.method,
			url: transport.url,
			duration,
			...status === undefined ? {} : { status }
		};
		const params = debug && call.params !== undefined ? { params: redact(call.params, call.redact) } : {};
		const shown = status === undefined ? "" : ` ${status}`;
		if (outcome.status === "fulfilled") log("debug", `${call.method} ${transport.url}${shown} ok in ${duration} ms`, {
			...base,
			...params,
			ok: true
		});
		else {
			const error = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
			log("warn", `${call.method} ${transport.url}${shown} failed in ${duration} ms: ${error}`, {
				...base,
				...params,
				ok: false,
				error
			});
		}
	}
	return wrapTransport(transport, {
		async request(call, opts) {
			const started = Date.now();
			const o = observe(opts);
			try {
				const value = await transport.request(call, o.opts);
				write(call, started, o.status(), {
					status: "fulfilled",
					value
				});
				return value;
			} catch (reason) {
				write(call, started, o.status(), {
					status: "rejected",
					reason
				});
				throw reason;
			}
		},
		async batch(calls, opts) {
			const started = Date.now();
			const o = observe(opts);
			const settled = await transport.batch(calls, o.opts);
			calls.forEach((c, i) => write(c, started, o.status(), settled[i]));
			return settled;
		},
		close: () => transport.close()
	});
}
/** Logging to `options.logger` at `options.level`, for `createNodeClient({ log: createLogging({ logger: console }) })`. */
export function createLogging(options) {
	createLog(options);
	return {
		wrap: (transport) => withLogging(transport, options),
		onRetry: logRetries(options)
	};
}

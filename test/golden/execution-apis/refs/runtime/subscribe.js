/**
* Subscriptions from generated code: the kind's params encoded, each notification decoded (and validated
* when asked), `backfill` after a reconnect. Its own module, so a program that only makes calls carries
* none of it.
*/
import { positional } from "./call.js";
import { encodeError, invalidResult, undecodable } from "./call-failures.js";
import { CodecError, decode, encode } from "./codec.js";
import { UnsupportedError } from "./error-forms.js";
import { withBackfill } from "./backfill.js";
/**
* Starts a subscription of one kind (`newHeads`, `logs`, ...): the params after the kind are encoded with
* the kind's plan, and each notification's payload is decoded (a payload that cannot be decoded ends the
* subscription with DecodeError). Throws UnsupportedError on a transport without subscriptions (HTTP).
*/
export function subscribe(transport, meta, args = [], options) {
	const label = `${meta.subscribe}(${JSON.stringify(meta.kind)})`;
	if (!transport.subscribe) {
		throw new UnsupportedError(`${label} needs a WebSocket transport: subscriptions cannot be delivered over HTTP (${transport.url}). ` + "Configure a WebSocket endpoint (the `ws` option) and subscribe there.", {
			method: meta.subscribe,
			url: transport.url
		});
	}
	let encoded;
	try {
		encoded = encode(meta.encode, [...args]);
	} catch (e) {
		if (e instanceof CodecError) throw encodeError(label, e, []);
		throw e;
	}
	const params = [meta.kind, ...positional(encoded)];
	const map = (payload) => {
		try {
			return decode(meta.decode, payload);
		} catch (e) {
			if (e instanceof CodecError) throw undecodable(label, e, transport.url);
			throw e;
		}
	};
	const { validate, backfill, ...transportOptions } = options ?? {};
	const check = (validate ?? transport.validate) && meta.notificationValidator;
	if (backfill && (meta.kind === "newHeads" || meta.kind === "logs")) {
		const filled = withBackfill(transport.subscribe(meta, params, transportOptions), transport, meta.kind, params[1], backfill === true ? {} : backfill);
		const validator = check ? meta.notificationValidator() : Promise.resolve({ validate: () => null });
		validator.catch(() => undefined);
		return validating(filled, validator, map, label, transport.url);
	}
	if (!check) return transport.subscribe(meta, params, {
		...transportOptions,
		map
	});
	const validator = meta.notificationValidator();
	validator.catch(() => undefined);
	return validating(transport.subscribe(meta, params, transportOptions), validator, map, label, transport.url);
}
/**
* A subscription whose payloads are checked against the spec before they are decoded: the first payload
* that does not match ends the subscription (unsubscribing) with ResponseValidationError.
*/
function validating(inner, validator, map, label, url) {
	const self = {
		get id() {
			return inner.id;
		},
		ready: inner.ready,
		unsubscribe: () => inner.unsubscribe(),
		async next() {
			const r = await inner.next();
			if (r.done) return {
				done: true,
				value: undefined
			};
			const { validate } = await validator;
			const issues = validate(r.value);
			if (issues && issues.length > 0) {
				await inner.return();
				throw invalidResult(label, issues, url);
			}
			return {
				done: false,
				value: map(r.value)
			};
		},
		return: async () => {
			await inner.return();
			return {
				done: true,
				value: undefined
			};
		},
		[Symbol.asyncIterator]() {
			return self;
		}
	};
	return self;
}

/**
* JSON-RPC over one WebSocket connection: requests and batches matched by id, subscriptions as async
* iterators, reconnection with exponential backoff and jitter that re-subscribes every live subscription.
* Split by concern under ws/: the options and their defaults (options.ts), the connection and reconnection
* (connection.ts), calls matched to replies (calls.ts), subscriptions (subscriptions.ts); this module wires
* them together.
*
* Rules that keep anything from hanging:
* - a request is bounded by its timeout from the moment it is made (connecting included);
* - requests in flight on a connection that drops reject with TransportError (they are not resent: the
*   server may have executed them);
* - a subscription the server has not confirmed yet fails on any error; a confirmed one survives drops
*   while reconnection is on, and ends with TransportError when it is off or gives up.
*/
import { TransportError } from "../errors/index.js";
import { withBackfill } from "../client/backfill.js";
import { Calls } from "./ws/calls.js";
import { Connection } from "./ws/connection.js";
import { OPEN, resolveSettings } from "./ws/options.js";
import { Subscriptions } from "./ws/subscriptions.js";
export { backoff } from "./ws/connection.js";
export function createWebSocketTransport(options) {
	const settings = resolveSettings(options);
	const { url } = settings;
	// The three parts call one another through these late-bound names (the connection is made first).
	let calls;
	let subs;
	const connection = new Connection(settings, {
		message: (ws, data) => calls.received(ws, data),
		dropped(ws, why, cause) {
			subs.loseAll();
			calls.failSentOn(ws, (call) => new TransportError(`${call.method}: ${why} before the reply; the call may or may not have been executed`, {
				method: call.method,
				url,
				cause
			}));
		},
		waiting: () => subs.waiting(),
		opened: () => subs.resubscribe(),
		abandoned: (reason, cause) => subs.abandon(reason, cause),
		ping: (call, opts) => calls.request(call, opts)
	});
	calls = new Calls(settings, connection, (message) => subs.notification(message));
	subs = new Subscriptions(settings, connection, calls);
	return {
		kind: "websocket",
		url,
		backfill: withBackfill,
		validate: options.validate === undefined ? undefined : options.validate !== false,
		validators: typeof options.validate === "object" ? options.validate : undefined,
		batching: settings.batching,
		get connected() {
			return connection.socket !== undefined && connection.socket.readyState === OPEN;
		},
		request: (call, opts) => calls.request(call, opts),
		batch: (list, opts) => calls.batch(list, opts),
		subscribe: (target, params, subscribeOptions = {}) => subs.subscribe(target, params, subscribeOptions),
		async close() {
			connection.shut();
			subs.closeAll();
			calls.closeAll();
			await connection.close();
		}
	};
}

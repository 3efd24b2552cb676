/**
* The methods of a generated namespace, built from their metas. A namespace module lists its metas and this
* makes each member, so that a method costs the client its meta and nothing else: the whole-node client has
* some three hundred of them, and a browser program loads them all.
*
* A member's arguments follow from its meta, as the generated declarations print them:
* - no params: `(options?)`;
* - by name: `(params, options?)`;
* - by position (or either way): one argument per param, then `(…, options?)`.
*/
import { setOwn } from "../guards.js";
const entry = (member, prefix) => Array.isArray(member) ? member : [member.name.slice(prefix.length), member];
/** A namespace's methods, as an object of functions. */
export function bindMethods(transports, invoke, groups) {
	const out = {};
	for (const [service, prefix, members] of groups) {
		for (const member of members) {
			const [name, meta] = entry(member, prefix);
			setOwn(out, name, bound(transports, invoke, service, meta));
		}
	}
	return out;
}
/** The method of a client's namespaces with this wire name, and its service (`request()` looks methods up by it). */
export function findMethod(namespaces, name) {
	for (const groups of namespaces) {
		for (const [service, prefix, members] of groups) {
			for (const member of members) {
				const meta = entry(member, prefix)[1];
				if (meta.name === name) return {
					service,
					meta
				};
			}
		}
	}
	return undefined;
}
function bound(transports, invoke, service, meta) {
	const transport = () => meta.wsOnly ? transports.ws(service) : transports.http(service);
	const count = meta.params.length;
	if (count === 0) return (options) => invoke(transport(), meta, undefined, options);
	if (meta.structure === "by-name") return (params, options) => invoke(transport(), meta, params, options);
	return (...args) => invoke(transport(), meta, Array.from({ length: count }, (_, i) => args[i]), args[count]);
}

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
/** Each table's entries, worked out once per table (a client makes its namespaces again for every scope). */
const ENTRIES = new WeakMap();
function entriesOf(groups) {
	let entries = ENTRIES.get(groups);
	if (entries) return entries;
	const made = [];
	for (const [service, prefix, members] of groups) {
		for (const m of members) {
			if (Array.isArray(m)) made.push({
				name: m[0],
				meta: m[1],
				service
			});
			else made.push({
				name: m.name.slice(prefix.length),
				meta: m,
				service
			});
		}
	}
	entries = made;
	ENTRIES.set(groups, entries);
	return entries;
}
/** A namespace's methods, as an object of functions. */
export function bindMethods(transports, invoke, groups) {
	const out = {};
	for (const { name, meta, service } of entriesOf(groups)) {
		const fn = bound(transports, invoke, service, meta);
		// Assignment would take `__proto__` as the prototype: that member is defined as an own method.
		if (name === "__proto__") setOwn(out, name, fn);
		else out[name] = fn;
	}
	return out;
}
/** A client's methods by wire name, with their services, made once per client table. */
const BY_NAME = new WeakMap();
/** The method of a client's namespaces with this wire name, and its service (`request()` looks methods up by it). */
export function findMethod(namespaces, name) {
	let byName = BY_NAME.get(namespaces);
	if (!byName) {
		const made = new Map();
		// The first of two methods with one wire name wins, as a search in order would find it.
		for (const groups of namespaces) for (const { service, meta } of entriesOf(groups)) if (!made.has(meta.name)) made.set(meta.name, {
			service,
			meta
		});
		BY_NAME.set(namespaces, byName = made);
	}
	return byName.get(name);
}
/** The transport a method's calls go over: the service's WebSocket one for a WebSocket-only method, else HTTP. */
export function transportOf(transports, service, meta) {
	return meta.wsOnly ? transports.ws(service) : transports.http(service);
}
function bound(transports, invoke, service, meta) {
	const count = meta.params.length;
	if (count === 0) return (options) => invoke(transportOf(transports, service, meta), meta, undefined, options);
	if (meta.structure === "by-name") return (params, options) => invoke(transportOf(transports, service, meta), meta, params, options);
	return (...args) => {
		const params = [];
		for (let i = 0; i < count; i++) params.push(args[i]);
		return invoke(transportOf(transports, service, meta), meta, params, args[count]);
	};
}
/**
* An object whose members are made on first use, each once, and are then plain own properties: a client's
* namespaces, so that making a client (or a scope of one, or a batch) costs nothing for the namespaces a
* program never touches.
*/
export function lazyMembers(make) {
	const out = {};
	for (const key of Object.keys(make)) {
		Object.defineProperty(out, key, {
			enumerable: true,
			configurable: true,
			get() {
				const value = make[key]();
				setOwn(out, key, value);
				return value;
			}
		});
	}
	return out;
}
/** How many scopes a client keeps per variable; past it, the kept ones are dropped and made again on use. */
const KEPT_SCOPES = 64;
/**
* The scope of a client for one value of a server variable (`node.chain('C')`), made once and kept: a program
* that scopes every call (`node.chain(id).eth.blockNumber()`) gets the same scope, its namespaces made once.
*/
export function keptScope(kept, variable, value, make) {
	let byValue = kept.get(variable);
	if (!byValue) kept.set(variable, byValue = new Map());
	let scope = byValue.get(value);
	if (scope === undefined) {
		if (byValue.size >= KEPT_SCOPES) byValue.clear();
		scope = make();
		byValue.set(value, scope);
	}
	return scope;
}

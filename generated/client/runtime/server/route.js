function split(path) {
	return path.split("/").slice(1);
}
function compile(service, endpoint) {
	// An endpoint without a path (the default server of a document without `servers`) is served at `/`.
	const segments = split(endpoint.path || "/").map((s) => {
		const m = /^\{([^{}]+)\}$/.exec(s);
		return m ? { variable: m[1] } : { literal: s };
	});
	return {
		service,
		endpoint,
		segments,
		rank: segments.map((s) => "literal" in s ? "L" : "V").join("")
	};
}
const CACHE_LIMIT = 1024;
export class Router {
	routes;
	cache = new Map();
	constructor(entries) {
		const compiled = entries.map((e) => compile(e.service, e.endpoint));
		// Stable sort: among equally literal templates the declaration order decides.
		this.routes = compiled.map((route, index) => ({
			route,
			index
		})).sort((a, b) => a.route.rank < b.route.rank ? -1 : a.route.rank > b.route.rank ? 1 : a.index - b.index).map((x) => x.route);
	}
	/** Every endpoint path template, for messages. */
	templates() {
		return [...new Set(this.routes.map((r) => r.endpoint.path || "/"))];
	}
	/** The endpoint that serves `path` (no query string), or null. Results are cached per path. */
	match(path) {
		const hit = this.cache.get(path);
		if (hit !== undefined) return hit;
		const found = this.find(path);
		if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
		this.cache.set(path, found);
		return found;
	}
	find(path) {
		if (path.charCodeAt(0) !== 47) return null;
		let parts = split(path);
		if (path.includes("%")) {
			try {
				parts = parts.map((p) => decodeURIComponent(p));
			} catch {
				return null;
			}
		}
		for (const route of this.routes) {
			if (route.segments.length !== parts.length) continue;
			let variables;
			let ok = true;
			for (let i = 0; i < parts.length && ok; i++) {
				const seg = route.segments[i];
				const part = parts[i];
				if ("literal" in seg) ok = seg.literal === part;
				else {
					const allowed = route.endpoint.variables[seg.variable]?.enum;
					ok = part !== "" && (!allowed || allowed.includes(part));
					// Variable names come from the spec's templates, never from the request.
					if (ok) (variables ??= {})[seg.variable] = part;
				}
			}
			if (ok) return {
				service: route.service,
				endpoint: route.endpoint,
				path,
				variables: variables ?? {}
			};
		}
		return null;
	}
}

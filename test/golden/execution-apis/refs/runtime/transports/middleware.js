/**
* A fetch that runs `middleware` in order (the first is the outermost) before `fetch` (default
* `globalThis.fetch`). The list is read at each request, so middleware added later applies to later calls.
*/
export function withMiddleware(middleware, fetch) {
	for (const m of middleware) if (typeof m !== "function") throw new TypeError(`middleware must be functions (request, next) => response, got ${typeof m}`);
	return (url, init) => {
		const send = fetch ?? globalThis.fetch;
		const at = (i) => (request) => {
			const m = middleware[i];
			if (m) return m(request, at(i + 1));
			// A GET has no body (fetch refuses one): middleware sees `''`.
			const init = {
				method: request.method,
				headers: request.headers,
				body: request.body,
				signal: request.signal
			};
			if (request.method === "GET" || request.method === "HEAD") delete init.body;
			return send(request.url, init);
		};
		return at(0)({
			url,
			...init,
			body: init.body ?? ""
		});
	};
}

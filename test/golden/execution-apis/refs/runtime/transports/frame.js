/** A fresh source of request ids: 1, 2, 3, ... (one per transport, so ids never repeat on a connection). */
export function createIdSource(start = 1) {
	let next = start;
	return () => {
		const id = next;
		next = next >= Number.MAX_SAFE_INTEGER ? 1 : next + 1;
		return id;
	};
}
/** The request object; `params` is left out when undefined. */
export function frame(id, method, params) {
	return params === undefined ? {
		jsonrpc: "2.0",
		id,
		method
	} : {
		jsonrpc: "2.0",
		id,
		method,
		params
	};
}
export class PostFailed {
	failure;
	constructor(failure) {
		this.failure = failure;
	}
}

function json(value) {
	return JSON.stringify(value, (_, v) => typeof v === "bigint" ? `${v}n` : v) ?? String(value);
}
function defaultKey(item) {
	return typeof item === "string" ? item : json(item);
}
/** Every item of every page, each once, in the order first seen. `break` stops fetching. */
export async function* paginate(options) {
	const key = options.key ?? defaultKey;
	const cursorKey = options.cursorKey ?? json;
	const maxPages = options.maxPages ?? Infinity;
	const seen = new Set();
	const cursorsSeen = new Set();
	let cursor = options.start;
	if (cursor !== undefined) cursorsSeen.add(cursorKey(cursor));
	for (let pages = 0; pages < maxPages; pages++) {
		const page = await options.fetchPage(cursor, options.limit);
		let fresh = 0;
		for (const item of options.items(page) ?? []) {
			const k = key(item);
			if (seen.has(k)) continue;
			seen.add(k);
			fresh++;
			yield item;
		}
		if (options.done?.(page, options.limit)) return;
		const next = options.next(page);
		if (next === undefined || next === null || fresh === 0) return;
		const k = cursorKey(next);
		if (cursorsSeen.has(k)) return;
		cursorsSeen.add(k);
		cursor = next;
	}
}
/** The node's UTXO listings (`platform.getUTXOs`, `native.getUTXOs`). */
export const UTXO_PAGINATION = {
	items: "utxos",
	count: "numFetched",
	cursor: "endIndex",
	start: "startIndex",
	limit: "limit",
	maxLimit: 1024
};
function asNumber(value) {
	if (typeof value === "number") return value;
	if (typeof value === "bigint") return Number(value);
	if (typeof value === "string" && /^[0-9]+$/.test(value)) return Number(value);
	return undefined;
}
function field(page, name) {
	return page !== null && typeof page === "object" ? page[name] : undefined;
}
/**
* Every item of an index-paginated listing, following the node's rules: the page size defaults to and is
* capped at `maxLimit` (a limit of 0 means the default, as on the node); the reply's cursor (`endIndex`) is
* sent back as the next `startIndex`; a page with fewer items than asked for is the last; items repeated
* across pages come out once. `params` are the method's own (value form); a `startIndex` in them resumes.
*/
export function paginateByIndex(fetchPage, params, fields = UTXO_PAGINATION) {
	const max = fields.maxLimit ?? Infinity;
	const limitParam = fields.limit || undefined;
	const asked = limitParam === undefined ? undefined : asNumber(params[limitParam]);
	// Without a limit param the server's page size is unknown, so only maxLimit (if given) says a page is short.
	const limit = asked === undefined || asked <= 0 || asked > max ? Number.isFinite(max) ? max : undefined : asked;
	const start = params[fields.start];
	return paginate({
		fetchPage: (cursor) => {
			const p = { ...params };
			if (limit !== undefined && limitParam !== undefined) p[limitParam] = limit;
			if (cursor === undefined) delete p[fields.start];
			else p[fields.start] = cursor;
			return fetchPage(p);
		},
		items: (page) => {
			const items = field(page, fields.items);
			return Array.isArray(items) ? items : [];
		},
		next: (page) => field(page, fields.cursor),
		done: (page, requested) => {
			const items = field(page, fields.items);
			const count = (fields.count ? asNumber(field(page, fields.count)) : undefined) ?? (Array.isArray(items) ? items.length : 0);
			return requested !== undefined && count < requested;
		},
		limit,
		start: start === undefined || start === null ? undefined : start
	});
}

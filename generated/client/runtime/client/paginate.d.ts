/**
* Async iteration over cursor-paginated listings. The node's UTXO listings (`platform.getUTXOs`,
* `native.getUTXOs`) promise little: a page may repeat items of earlier pages and the set may change between
* calls, so the iterator de-duplicates, and it stops whenever a page brings nothing new or the cursor does
* not move, so it can never loop forever.
*/
export interface PaginateOptions<
	Page,
	Item,
	Cursor
> {
	/** Fetches the page after `cursor` (undefined: the first page), asking for `limit` items. */
	readonly fetchPage: (cursor: Cursor | undefined, limit: number | undefined) => Promise<Page>;
	/** The items a page holds. */
	readonly items: (page: Page) => readonly Item[];
	/** The cursor to fetch the next page with; undefined when there is none. */
	readonly next: (page: Page) => Cursor | undefined;
	/** Whether the page is the last one (for example: fewer items than asked for). */
	readonly done?: (page: Page, requestedLimit: number | undefined) => boolean;
	/** Identity of an item, for de-duplication across pages (default: the string itself, or its JSON). */
	readonly key?: (item: Item) => string;
	/** Identity of a cursor, to notice one that does not advance (default: its JSON). */
	readonly cursorKey?: (cursor: Cursor) => string;
	/** The page size asked for, passed to `fetchPage` and `done`. */
	readonly limit?: number;
	/** Where to start (a cursor from an earlier listing). */
	readonly start?: Cursor;
	/** Stop after this many pages (default: no limit). */
	readonly maxPages?: number;
}
/** Every item of every page, each once, in the order first seen. `break` stops fetching. */
export declare function paginate<
	Item,
	Page = unknown,
	Cursor = unknown
>(options: PaginateOptions<Page, Item, Cursor>): AsyncGenerator<Item, void, undefined>;
/** Field and param names of an index-paginated listing (the spec's `x-pagination`). */
export interface IndexPagination {
	/** The reply's list of items: `utxos`. */
	readonly items: string;
	/** The reply's count of items returned: `numFetched` (absent or `''`: the length of the items). */
	readonly count?: string;
	/** The reply's cursor: `endIndex`. */
	readonly cursor: string;
	/** The param the cursor goes back in as: `startIndex`. */
	readonly start: string;
	/** The page-size param: `limit` (absent or `''`: the listing takes none, so no page size is sent). */
	readonly limit?: string;
	/** The largest page the server gives (and the default): 1024 for UTXOs. */
	readonly maxLimit?: number;
}
/** The node's UTXO listings (`platform.getUTXOs`, `native.getUTXOs`). */
export declare const UTXO_PAGINATION: IndexPagination;
/**
* Every item of an index-paginated listing, following the node's rules: the page size defaults to and is
* capped at `maxLimit` (a limit of 0 means the default, as on the node); the reply's cursor (`endIndex`) is
* sent back as the next `startIndex`; a page with fewer items than asked for is the last; items repeated
* across pages come out once. `params` are the method's own (value form); a `startIndex` in them resumes.
*/
export declare function paginateByIndex<
	Item = string,
	Params extends object = Record<string, unknown>
>(fetchPage: (params: Params) => Promise<unknown>, params: Params, fields?: IndexPagination): AsyncGenerator<Item, void, undefined>;

/**
 * Async iteration over cursor-paginated listings. The node's UTXO listings (`platform.getUTXOs`,
 * `native.getUTXOs`) promise little: a page may repeat items of earlier pages and the set may change between
 * calls, so the iterator de-duplicates, and it stops whenever a page brings nothing new or the cursor does
 * not move, so it can never loop forever.
 */

export interface PaginateOptions<Page, Item, Cursor> {
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

function json(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) ?? String(value);
}

function defaultKey(item: unknown): string {
  return typeof item === 'string' ? item : json(item);
}

/** Every item of every page, each once, in the order first seen. `break` stops fetching. */
export async function* paginate<Item, Page = unknown, Cursor = unknown>(
  options: PaginateOptions<Page, Item, Cursor>,
): AsyncGenerator<Item, void, undefined> {
  const key = options.key ?? defaultKey;
  const cursorKey = options.cursorKey ?? json;
  const maxPages = options.maxPages ?? Infinity;
  const seen = new Set<string>();
  const cursorsSeen = new Set<string>();
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
export const UTXO_PAGINATION: IndexPagination = {
  items: 'utxos',
  count: 'numFetched',
  cursor: 'endIndex',
  start: 'startIndex',
  limit: 'limit',
  maxLimit: 1024,
};

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && /^[0-9]+$/.test(value)) return Number(value);
  return undefined;
}

function field(page: unknown, name: string): unknown {
  return page !== null && typeof page === 'object' ? (page as Record<string, unknown>)[name] : undefined;
}

/**
 * Every item of an index-paginated listing, following the node's rules: the page size defaults to and is
 * capped at `maxLimit` (a limit of 0 means the default, as on the node); the reply's cursor (`endIndex`) is
 * sent back as the next `startIndex`; a page with fewer items than asked for is the last; items repeated
 * across pages come out once. `params` are the method's own (value form); a `startIndex` in them resumes.
 */
export function paginateByIndex<Item = string, Params extends object = Record<string, unknown>>(
  fetchPage: (params: Params) => Promise<unknown>,
  params: Params,
  fields: IndexPagination = UTXO_PAGINATION,
): AsyncGenerator<Item, void, undefined> {
  const max = fields.maxLimit ?? Infinity;
  const limitParam = fields.limit || undefined;
  const asked = limitParam === undefined ? undefined : asNumber((params as Record<string, unknown>)[limitParam]);
  // Without a limit param the server's page size is unknown, so only maxLimit (if given) says a page is short.
  const limit = asked === undefined || asked <= 0 || asked > max ? (Number.isFinite(max) ? max : undefined) : asked;
  const start = (params as Record<string, unknown>)[fields.start];
  return paginate<Item, unknown, unknown>({
    fetchPage: (cursor) => {
      const p: Record<string, unknown> = { ...(params as Record<string, unknown>) };
      if (limit !== undefined && limitParam !== undefined) p[limitParam] = limit;
      if (cursor === undefined) delete p[fields.start];
      else p[fields.start] = cursor;
      return fetchPage(p as Params);
    },
    items: (page) => {
      const items = field(page, fields.items);
      return Array.isArray(items) ? (items as Item[]) : [];
    },
    next: (page) => field(page, fields.cursor),
    done: (page, requested) => {
      const items = field(page, fields.items);
      const count = (fields.count ? asNumber(field(page, fields.count)) : undefined) ?? (Array.isArray(items) ? items.length : 0);
      return requested !== undefined && count < requested;
    },
    limit,
    start: start === undefined || start === null ? undefined : start,
  });
}

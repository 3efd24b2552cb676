/** The public part of paginate.ts. */
export { UTXO_PAGINATION, paginate, paginateByIndex } from "../paginate.js";
export type { IndexPagination, PaginateOptions } from "../paginate.js";

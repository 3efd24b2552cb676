/** The public part of paginate.ts. */
export { UTXO_PAGINATION, paginate, paginateByIndex } from "../paginate.js";

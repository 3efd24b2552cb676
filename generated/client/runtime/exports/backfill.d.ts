/** The public part of backfill.ts. */
export { withBackfill } from "../backfill.js";
export type { BackfillOptions } from "../backfill.js";

/** The public part of backfill.ts. */
export { withBackfill } from "../backfill.js";

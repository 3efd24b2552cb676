/** The public part of middleware.ts. */
export { withMiddleware } from "../middleware.js";

/** The public part of middleware.ts. */
export { withMiddleware } from "../middleware.js";
export type { HttpRequest, Middleware, Next } from "../middleware.js";

/** The public part of log.ts. */
export { createLog, logRetries, withLogging } from "../log.js";

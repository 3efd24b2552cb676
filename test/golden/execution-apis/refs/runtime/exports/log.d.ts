/** The public part of log.ts. */
export { createLog, logRetries, withLogging } from "../log.js";
export type { LogLevel, LogOptions, LogRecord, Logger } from "../log.js";

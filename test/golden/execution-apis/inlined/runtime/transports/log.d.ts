import type { RetryEvent } from "./retry.js";
import type { Transport } from "./transport.js";
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
/** What is logged about one attempt. */
export interface LogRecord {
	readonly method: string;
	readonly url: string;
	/** The HTTP status of the attempt's response, when there was one. */
	readonly status?: number;
	/** Milliseconds from sending to the outcome. */
	readonly duration: number;
	readonly ok: boolean;
	/** The params as sent, secrets replaced by `***` (only at level `debug`). */
	readonly params?: unknown;
	/** The error's message (already free of secrets), when the attempt failed. */
	readonly error?: string;
	/** For a retry notice: why, and after how long. */
	readonly retry?: {
		readonly attempt: number;
		readonly delay: number;
		readonly reason: string;
	};
}
/** `console` fits; any method may be missing. */
export interface Logger {
	debug?(message: string, record: LogRecord): void;
	info?(message: string, record: LogRecord): void;
	warn?(message: string, record: LogRecord): void;
	error?(message: string, record: LogRecord): void;
}
export interface LogOptions {
	readonly logger: Logger;
	/** The least severe level written (default `info`): successes are `debug`, failures `warn`. */
	readonly level?: LogLevel;
}
/** Writes one record at a level, if the level is on. */
export declare function createLog(options: LogOptions): (level: Exclude<LogLevel, "silent">, message: string, record: LogRecord) => void;
/** A retry layer's `onRetry`, writing each retry at `info`. */
export declare function logRetries(options: LogOptions): (event: RetryEvent) => void;
/** `transport`, writing a record for each request and batch that goes through it. */
export declare function withLogging<T extends Transport>(transport: T, options: LogOptions): T;
/** What `createNodeClient`'s `log` option takes: a wrapper for each node's transport and a retry listener. */
export interface Logging {
	/** `transport`, its requests and batches logged. */
	wrap<T extends Transport>(transport: T): T;
	/** Told about each retry, written at `info`. */
	readonly onRetry: (event: RetryEvent) => void;
}
/** Logging to `options.logger` at `options.level`, for `createNodeClient({ log: createLogging({ logger: console }) })`. */
export declare function createLogging(options: LogOptions): Logging;

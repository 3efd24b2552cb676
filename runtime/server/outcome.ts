/**
 * What one call comes to (the result's JSON text, or a failure), and what each flavor's body handler needs
 * of the engine to get there: the seam between the flavors (standard-body.ts, geth-body.ts,
 * gorilla-body.ts), subscriptions (subscribe.ts) and the engine that runs calls (engine.ts).
 */
import type { Entry, ResolvedOptions, ServiceTable, Site } from './tables.js';
import type { WireError } from './types.js';
import { scrub } from './redact.js';

/** A call that failed: its error, and whether it failed before any handler ran (`early`). */
export class Failure {
  readonly error: WireError;
  readonly early: boolean;
  constructor(error: WireError, early: boolean) {
    this.error = error;
    this.early = early;
  }
}

/** The outcome of one call: the result's JSON text, or a failure. */
export type Outcome = string | Failure;

/** What the flavors and subscriptions call on the engine. */
export interface Calls {
  readonly options: ResolvedOptions;
  /** A call by method name: looked up, run, logged. */
  dispatch(site: Site, method: string, params: unknown): Outcome | Promise<Outcome>;
  /** A call of a method already looked up. */
  call(site: Site, method: string, entry: Entry, params: unknown): Outcome | Promise<Outcome>;
  /** The service's OpenRPC document, as `rpc.discover`'s result. */
  discover(svc: ServiceTable): Outcome;
  /** What a handler threw, as the error the client gets (logged when it is not a JSON-RPC error). */
  thrown(site: Site, method: string, e: unknown, needles: readonly string[]): WireError;
}

/** No secrets to scrub (one shared empty list: most calls have none). */
export const NO_NEEDLES: readonly string[] = Object.freeze([]);

export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function'
  );
}

/** Any object with an integer `code` and a string `message` is a JSON-RPC error to send as is. */
export function asWireError(e: unknown): WireError | undefined {
  if (typeof e !== 'object' || e === null) return undefined;
  const { code, message } = e as { code?: unknown; message?: unknown };
  if (typeof code !== 'number' || !Number.isInteger(code) || typeof message !== 'string') return undefined;
  const data = (e as { data?: unknown }).data;
  return data === undefined ? { code, message } : { code, message, data };
}

/** What was thrown, for the log, with every secret of the call scrubbed from it. */
export function errorInfo(e: unknown, needles: readonly string[]): { name: string; message: string; stack?: string } {
  if (e instanceof Error) {
    const info = { name: e.name, message: e.message, ...(e.stack !== undefined ? { stack: e.stack } : {}) };
    return scrub(info, needles);
  }
  let text: string;
  try {
    text = typeof e === 'string' ? e : (JSON.stringify(e) ?? String(e));
  } catch {
    text = String(e);
  }
  return scrub({ name: typeof e, message: text }, needles);
}

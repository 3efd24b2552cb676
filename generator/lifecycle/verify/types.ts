/** The shape of a verify run's report: stable, documented (README "Checking a node"), printed by `--json`. */
import type { Problem } from '../conform/index.js';

export type { Problem } from '../conform/index.js';

/**
 * - `ok`: the reply conforms to the spec.
 * - `drift`: the reply departs from the spec (each problem: pointer, what the spec says, what came).
 * - `extra-fields`: the reply conforms but carries fields the spec does not name.
 * - `not-served`: the node has no such method (problems say so when the spec says it serves it).
 * - `disabled`: the node has no such method, and the spec says it is off unless switched on.
 * - `unreadable`: the node answered with something that is not a JSON-RPC reply one can check (not JSON,
 *   not a response object, nested deeper than the parser's limit).
 * - `error`: no usable reply (transport, timeout, HTTP status, a JSON-RPC error of the method).
 * - `skipped`: not called (not a read, not on this profile, no params to be found, the call cap).
 */
export type Status = 'ok' | 'drift' | 'extra-fields' | 'not-served' | 'unreadable' | 'disabled' | 'error' | 'skipped';

/** Report order: what needs attention first. */
export const STATUSES: readonly Status[] = ['drift', 'not-served', 'unreadable', 'extra-fields', 'error', 'disabled', 'ok', 'skipped'];

export interface MethodReport {
  readonly method: string;
  /** The spec document (service) the method belongs to. */
  readonly service: string;
  readonly status: Status;
  readonly problems: readonly Problem[];
  /** Why a method was skipped, disabled, not served or failed, in words. */
  readonly reason?: string;
  /** The params sent (secret params masked), when the method was called. */
  readonly params?: unknown;
  /**
   * For a method also served to plain HTTP GETs (`x-http-get`): the path of the GET this entry checks
   * (`/ext/health/readiness`), one entry per path beside the method's JSON-RPC entry. Its `reason` names
   * the HTTP status the node answered.
   */
  readonly get?: string;
}

/** What `rpc.discover` told about an endpoint, where the node serves it. */
export interface DiscoverReport {
  readonly service: string;
  readonly url: string;
  readonly served: boolean;
  /** Methods the node lists that the spec lacks. */
  readonly notInSpec: readonly string[];
  /** Methods the spec has that the node does not list. */
  readonly notOnNode: readonly string[];
}

export interface VerifyReport {
  readonly node: { readonly url: string; readonly version?: string };
  readonly methods: readonly MethodReport[];
  readonly discover: readonly DiscoverReport[];
  readonly summary: Readonly<Record<Status, number>> & { readonly calls: number };
}

/** Whether the run found something the spec gets wrong: drift, or a method it says is served that is not. */
export function failed(report: VerifyReport): boolean {
  return report.methods.some((m) => m.status === 'drift' || (m.status === 'not-served' && m.problems.length > 0));
}

/**
 * The command's exit status: 1 when the spec is wrong about the node ({@link failed}); else 2 when a reply
 * could not be read, so the check is incomplete and says nothing of those methods; else 0.
 */
export function exitStatus(report: VerifyReport): 0 | 1 | 2 {
  if (failed(report)) return 1;
  return report.methods.some((m) => m.status === 'unreadable') ? 2 : 0;
}

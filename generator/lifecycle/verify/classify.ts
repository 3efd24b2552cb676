/**
 * From a node's answer to a verdict on the method: pure. What "the node has no such method" looks like
 * depends on the server: geth answers -32601 (the same for a namespace left out of `eth-apis` and for a
 * method that does not exist); gorilla/rpc answers -32000 `rpc: can't find method` (or `service`); an
 * endpoint the node did not mount at all (the C-Chain admin API when `admin-api-enabled` is off) is an HTTP
 * 404. None of them says why, so whether that is `disabled` or `not-served` is read from `x-availability`.
 */
import type { Conformance } from '../conform/index.js';
import type { Availability, MethodModel } from '../../model/index.js';
import type { MethodReport, Problem, Status } from './types.js';

/** What came back from one call. */
export type Answer =
  | { readonly kind: 'result'; readonly result: unknown }
  | { readonly kind: 'error'; readonly code: number; readonly message: string; readonly data?: unknown }
  | { readonly kind: 'http'; readonly status: number; readonly body: string }
  | { readonly kind: 'failed'; readonly reason: string }
  /** An answer that is not a JSON-RPC reply one can check. */
  | { readonly kind: 'unreadable'; readonly reason: string };

/** A JSON-RPC error or HTTP answer that means "no such method (here)". */
export function isNotFound(answer: Answer): boolean {
  if (answer.kind === 'http') return answer.status === 404;
  if (answer.kind !== 'error') return false;
  return answer.code === -32601 || (answer.code === -32000 && /^rpc: can't find (method|service) /.test(answer.message));
}

export function describeAnswer(answer: Answer): string {
  switch (answer.kind) {
    case 'result':
      return 'a result';
    case 'error':
      return `error ${answer.code} ${JSON.stringify(answer.message)}`;
    case 'http':
      return `HTTP ${answer.status}${answer.body ? ` ${JSON.stringify(answer.body.trim().slice(0, 120))}` : ''}`;
    case 'failed':
    case 'unreadable':
      return answer.reason;
  }
}

/** `disabled` or `not-served`, by what the spec says of the method's availability. */
export function whenMissing(availability: Availability, answer: Answer): { status: Status; reason: string; problems: Problem[] } {
  const said = describeAnswer(answer);
  if (!availability.served) return { status: 'not-served', reason: `${said}; the spec says this node does not serve it`, problems: [] };
  if (availability.removedIn) return { status: 'not-served', reason: `${said}; the spec says it was removed in ${availability.removedIn}`, problems: [] };
  if (!availability.enabledByDefault)
    return { status: 'disabled', reason: `${said}; the spec says it is off by default${availability.enableWith ? ` (turned on with ${availability.enableWith})` : ''}`, problems: [] };
  return {
    status: 'not-served',
    reason: said,
    problems: [
      {
        pointer: '/x-availability',
        message: `the spec says the node serves ${availability.enableWith ? `it (on by default with ${availability.enableWith})` : 'it'}, but the node has no such method`,
        expected: 'served',
        received: said,
      },
    ],
  };
}

/** The verdict on one method from its answer. */
export function classify(conformance: Conformance, service: string, method: MethodModel, answer: Answer): Pick<MethodReport, 'status' | 'problems' | 'reason'> {
  if (isNotFound(answer)) return whenMissing(method.availability, answer);
  if (answer.kind === 'unreadable') return { status: 'unreadable', problems: [], reason: answer.reason };
  if (answer.kind !== 'result') return { status: 'error', problems: [], reason: describeAnswer(answer) };
  const checker = conformance.method(method.name, service);
  const verdict = checker ? checker.result(answer.result) : { problems: [], extra: [] };
  if (verdict.problems.length) return { status: 'drift', problems: [...verdict.problems, ...verdict.extra] };
  if (verdict.extra.length) return { status: 'extra-fields', problems: verdict.extra };
  return { status: 'ok', problems: [] };
}

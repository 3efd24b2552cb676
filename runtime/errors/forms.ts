/**
 * Errors of the value and wire forms and of what a transport cannot do; `formatIssues`, which writes the
 * message of a list of validation issues (ResponseValidationError's); and the errors of a call that fails on
 * this side of the transport, built from what call.ts found. call.ts, which holds the success path only,
 * loads this module on the first such failure (a dynamic import, its own chunk for bundlers); call-api.ts,
 * whose entry points report at once, imports it.
 */
import type { CodecError } from '../client/codec.js';
import type { Unencodable } from '../client/unencodable.js';
import { NodeRpcError, redact, where, type ErrorContext } from './base.js';
import type { MethodMeta, ValidationIssue } from '../client/meta.js';
import type { Transport } from '../transports/transport.js';

/** The result does not match the method's result schema (only with `validate: true`). */
export class ResponseValidationError extends NodeRpcError {
  static {
    this.prototype.name = 'ResponseValidationError';
  }
  readonly issues: readonly ValidationIssue[];
  constructor(method: string, issues: readonly ValidationIssue[], context: ErrorContext = {}) {
    super(
      `${formatIssues(method, 'result', issues)}\nThe node sent a result this client does not expect: ` +
        'the node may be a different version than the spec, or the spec is wrong.',
      { ...context, method },
    );
    this.issues = issues;
  }
}

/** The result could not be converted to its value form (for example a 64-bit amount that is not a number). */
export class DecodeError extends NodeRpcError {
  static {
    this.prototype.name = 'DecodeError';
  }
  /** JSON pointer inside the result. */
  readonly path: string;
  constructor(method: string, cause: CodecError, context: ErrorContext = {}) {
    super(
      `${method}: the result cannot be decoded at ${cause.path || 'the top level'}: expected ${cause.expected}. ` +
        'The node sent a form this client does not expect; `validate: true` reports every difference.',
      { ...context, method, cause },
    );
    this.path = cause.path;
  }
}

/** The params could not be converted to their wire form (a negative amount, a number that is too large...). */
export class EncodeError extends NodeRpcError {
  static {
    this.prototype.name = 'EncodeError';
  }
  /** JSON pointer inside the params. */
  readonly path: string;
  constructor(method: string, message: string, context: ErrorContext & { readonly path?: string } = {}) {
    super(`${method}: ${message}`, { ...context, method });
    this.path = context.path ?? '';
  }
}

/** The transport cannot do what was asked (a WebSocket-only method over HTTP, a subscription over HTTP). */
export class UnsupportedError extends NodeRpcError {
  static {
    this.prototype.name = 'UnsupportedError';
  }
}

/** A subscription's consumer fell too far behind: more than `maxBuffered` notifications were waiting. */
export class BufferOverflowError extends NodeRpcError {
  static {
    this.prototype.name = 'BufferOverflowError';
  }
  readonly limit: number;
  constructor(limit: number, context: ErrorContext = {}) {
    super(
      `${where(context)}more than ${limit} notifications were waiting to be read, so the subscription was ended. ` +
        'Read faster (do slow work outside the loop) or raise `maxBuffered`.',
      context,
    );
    this.limit = limit;
  }
}

/** `/validators/3/nodeID` → `.validators[3].nodeID`: how a TypeScript user would write the path. */
export function pointerToAccessor(pointer: string): string {
  if (pointer === '') return '';
  return pointer
    .split('/')
    .slice(1)
    .map((raw) => raw.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((seg) => (/^(0|[1-9][0-9]*)$/.test(seg) ? `[${seg}]` : /^[A-Za-z_$][\w$]*$/.test(seg) ? `.${seg}` : `[${JSON.stringify(seg)}]`))
    .join('');
}

/** How many issues a message lists before summarising the rest. */
const MAX_LISTED = 10;

/**
 * One message for a list of issues, naming the method, where each problem is (`params.addresses[0]`,
 * `result.validators[3].weight`) and what was expected.
 */
export function formatIssues(method: string, direction: 'params' | 'result', issues: readonly ValidationIssue[]): string {
  const what = direction === 'params' ? 'params' : 'result';
  if (issues.length === 0) return `${method}: the ${what} did not pass validation.`;
  const lines = issues.slice(0, MAX_LISTED).map((i) => `  - ${what}${pointerToAccessor(i.path)} ${i.message}`);
  if (issues.length > MAX_LISTED) lines.push(`  ... and ${issues.length - MAX_LISTED} more`);
  const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
  return `${method}: the ${what} ${direction === 'params' ? 'do' : 'does'} not match the spec (${count}):\n${lines.join('\n')}`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'string') return 'a string';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

/** A value the codec refused, in a call's params (`label`: the method, or the subscription). */
export function encodeError(label: string, e: CodecError, secrets: readonly string[]): EncodeError {
  return new EncodeError(
    label,
    redact(`params${pointerToAccessor(e.path)} must be ${e.expected}, got ${describeValue(e.value)}. Fix the argument.`, secrets),
    { path: e.path },
  );
}

/** What encodeWire reported (`secrets`: the secret values of the params the caller gave). */
export function unencodable(method: string, u: Unencodable, secrets: readonly string[]): EncodeError {
  if (u.problem === 'by-position') return new EncodeError(method, `takes its params by position: pass an array of arguments, got ${describeValue(u.params)}`);
  if (u.problem === 'by-name') return new EncodeError(method, `takes its params by name: pass one object, got ${describeValue(u.params)}`);
  return encodeError(method, u.problem, secrets);
}

export function unsupported(transport: Transport, meta: MethodMeta): UnsupportedError {
  return new UnsupportedError(
    `${meta.name} is only available over WebSocket, but this client talks HTTP to ${transport.url}: ` +
      'configure a WebSocket endpoint (the `ws` option) and call it there.',
    { method: meta.name, url: transport.url },
  );
}

export function undecodable(label: string, e: CodecError, url: string): DecodeError {
  return new DecodeError(label, e, { url });
}

export function invalidResult(label: string, issues: readonly ValidationIssue[], url: string): ResponseValidationError {
  return new ResponseValidationError(label, issues, { url });
}

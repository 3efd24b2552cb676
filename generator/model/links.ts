/**
 * OpenRPC Link Objects on methods: "the result of this call can feed that call". A link names a target
 * `method` of the same document and `params` for it, each a constant or a runtime expression:
 *
 *   `$result`            the whole result of the call the link is on
 *   `$result.a.b.0.c`    a field inside it (numeric segments index arrays)
 *   `$params.name`       a param the call was made with (and fields inside it, the same way)
 *
 * `verify` follows links to call methods with values that exist on the node it probes (a block hash from
 * the latest block, a validator's transaction) instead of the examples' values from another network. The
 * loader checks every link against the document (see load/check.ts).
 */
import { isRecord } from '../lib/guards.js';
import { escapeSegment, getAtPointer } from '../lib/pointer.js';

export interface LinkModel {
  readonly name: string;
  /** The target method's wire name. */
  readonly method: string;
  /** By target param name: a constant, or an expression string (see {@link parseExpression}). */
  readonly params: Readonly<Record<string, unknown>>;
  readonly summary?: string;
  readonly description?: string;
}

export interface Expression {
  readonly source: 'result' | 'params';
  /** Segments after `$result` / `$params`. */
  readonly path: readonly string[];
}

/** Whether a link param value is meant as an expression (a string starting with `$`). */
export function isExpression(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('$');
}

/** An expression, or an Error saying what is wrong with it. */
export function parseExpression(text: string): Expression | Error {
  const m = /^\$(result|params)((?:\.[^.]+)*)$/.exec(text);
  if (!m) return new Error(`"${text}" is not a runtime expression (write $result, $result.<field>.<index> or $params.<name>)`);
  const path = m[2] ? m[2].slice(1).split('.') : [];
  if (m[1] === 'params' && path.length === 0) return new Error(`"${text}" names no param: write $params.<name>`);
  return { source: m[1] as 'result' | 'params', path };
}

/** The value an expression names in a finished call, or undefined when it names nothing there. */
export function evaluate(expression: Expression, call: { readonly params: unknown; readonly result: unknown }): unknown {
  return getAtPointer(expression.source === 'result' ? call.result : call.params, expression.path);
}

/** Every expression inside a link param's value (a value may be an object or array holding some), by pointer. */
export function expressionsIn(value: unknown, at = ''): { pointer: string; text: string }[] {
  if (isExpression(value)) return [{ pointer: at, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => expressionsIn(v, `${at}/${i}`));
  if (isRecord(value)) return Object.entries(value).flatMap(([k, v]) => expressionsIn(v, `${at}/${escapeSegment(k)}`));
  return [];
}

/** The value with its expressions evaluated; undefined when one of them names nothing. */
function fill(value: unknown, call: { readonly params: unknown; readonly result: unknown }): unknown {
  if (isExpression(value)) {
    const e = parseExpression(value);
    return e instanceof Error ? undefined : evaluate(e, call);
  }
  if (Array.isArray(value)) {
    const out = value.map((v) => fill(v, call));
    return out.includes(undefined) ? undefined : out;
  }
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const f = fill(v, call);
      if (f === undefined) return undefined;
      out[k] = f;
    }
    return out;
  }
  return value;
}

/**
 * The params a link gives its target from a finished call: constants as they are, expressions evaluated
 * (also inside objects and arrays: `{ fromBlock: $result, toBlock: $result }`). `missing` lists the params
 * with an expression that named nothing (OpenRPC: no value is passed for them).
 */
export function linkParams(link: LinkModel, call: { readonly params: unknown; readonly result: unknown }): { values: Record<string, unknown>; missing: string[] } {
  const values: Record<string, unknown> = {};
  const missing: string[] = [];
  for (const [name, v] of Object.entries(link.params)) {
    const out = fill(v, call);
    if (out === undefined) missing.push(name);
    else values[name] = out;
  }
  return { values, missing };
}

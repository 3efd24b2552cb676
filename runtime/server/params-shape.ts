/**
 * Params in the structure the validator and handler expect, by name or by position, as each flavor's
 * server accepts them; or the problem with what was sent.
 */
import { isRecord } from '../guards.js';
import type { Entry } from './tables.js';
import type { Flavor, ParamsProblem } from './texts.js';

/** A params structure problem (a class, so it cannot be mistaken for params that are an object). */
export class Problem {
  readonly problem: ParamsProblem;
  constructor(problem: ParamsProblem) {
    this.problem = problem;
  }
}

/**
 * An object (by name) or an array (by position), or the problem with what was sent. What each flavor accepts:
 * - standard: omitted/`null` → empty; by name also `[]` and `[{...}]`; by position also `{}`;
 * - geth: by position only arrays (or omitted/`null`): an object is `non-array args`;
 * - gorilla: an object, or an array whose first element is the object (Go's fallback), extra ignored.
 */
export function shapeParams(flavor: Flavor, entry: Entry, params: unknown): unknown[] | Record<string, unknown> | Problem {
  if (flavor === 'gorilla' && !entry.positional) {
    if (params === undefined || params === null) return {};
    if (isRecord(params)) return params;
    if (Array.isArray(params)) {
      if (params.length === 0 || params[0] === null) return {};
      if (isRecord(params[0])) return params[0];
    }
    return new Problem({ kind: 'not-object' });
  }
  if (entry.positional) return byPositionShape(flavor, entry, params);
  if (params === undefined || params === null) return {};
  if (isRecord(params)) return params;
  if (Array.isArray(params)) {
    if (params.length === 0) return {};
    if (params.length === 1 && isRecord(params[0])) return params[0];
  }
  return new Problem({ kind: 'not-object' });
}

function byPositionShape(flavor: Flavor, entry: Entry, params: unknown): unknown[] | Problem {
  const meta = entry.meta;
  let list: unknown[];
  if (params === undefined || params === null) list = [];
  else if (Array.isArray(params)) list = params;
  else if (meta.structure === 'either' && isRecord(params)) list = byPosition(meta.params, params);
  else if (flavor === 'standard' && isRecord(params) && Object.keys(params).length === 0) list = [];
  else return new Problem({ kind: 'not-array' });
  if (entry.role === 'subscribe') return list;
  if (list.length > meta.params.length) return new Problem({ kind: 'too-many', max: meta.params.length, got: list.length });
  for (let i = list.length; i < entry.required.length; i++) {
    if (entry.required[i]) return new Problem({ kind: 'missing', index: i, name: meta.params[i] as string });
  }
  return list;
}

/**
 * Params given by name to a method that takes them either way, in declaration order: handlers and codecs of
 * such a method work on the positional form. A name left out holds its place with `null` (trailing ones are
 * dropped); names the method does not declare are ignored, as they are by name.
 */
function byPosition(names: readonly string[], params: Record<string, unknown>): unknown[] {
  const list = names.map((n) => (Object.prototype.hasOwnProperty.call(params, n) ? params[n] : undefined));
  while (list.length > 0 && list[list.length - 1] === undefined) list.pop();
  return list.map((v) => (v === undefined ? null : v));
}

/**
 * What the Python and Go end-to-end tests share: one case per example of every method that answers over
 * HTTP, with its params and result decoded to the value form by the spec's codec plans, and a canonical,
 * language-neutral JSON form to compare values in (integers tagged, keys sorted).
 */
import { isDeepStrictEqual } from 'node:util';
import { decode } from '../../../../runtime/client/codec.js';
import type { MethodModel, ServiceModel } from '../../../../generator/model/index.js';
import { allMethods, plansOf } from '../../../helpers/model.js';

export interface Case {
  readonly id: string;
  readonly service: ServiceModel;
  readonly method: MethodModel;
  readonly example: string;
  /** Wire params by name (as the example lists them). */
  readonly wireParams: Record<string, unknown>;
  /** Value-form params in canonical form, by param name. */
  readonly params: Record<string, unknown>;
  /** The example's result, decoded, in canonical form. */
  readonly expected: unknown;
}

/**
 * A value in canonical form: integers (bigint, or a number without fraction) as `{ $int: "<decimal>" }`,
 * object keys sorted, `undefined` members dropped. Both sides of a comparison are put in this form.
 */
export function canonical(value: unknown): unknown {
  if (typeof value === 'bigint') return { $int: value.toString() };
  if (typeof value === 'number' && Number.isInteger(value)) return { $int: BigInt(value).toString() };
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : canonical(v)));
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (Object.keys(o).length === 1 && typeof o.$int === 'string') return o;
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .filter((k) => o[k] !== undefined)
        .map((k) => [k, canonical(o[k])]),
    );
  }
  return value;
}

export const same = (a: unknown, b: unknown): boolean => isDeepStrictEqual(canonical(a), canonical(b));

/** Methods an HTTP client cannot call: WebSocket-only ones and subscriptions. */
export function httpCallable(method: MethodModel): boolean {
  return !method.websocketOnly && !method.subscriptions;
}

export function clientCases(): { cases: Case[]; skipped: string[] } {
  const cases: Case[] = [];
  const skipped: string[] = [];
  for (const { service, method } of allMethods()) {
    if (!httpCallable(method)) {
      skipped.push(method.name);
      continue;
    }
    const plans = plansOf(service, method);
    for (const ex of method.examples) {
      if (!ex.result) continue;
      const wireParams = Object.fromEntries(ex.params.map((p) => [p.name, p.value]));
      let params: Record<string, unknown>;
      if (method.positional) {
        const list = method.params.map((p) => wireParams[p.name]);
        const decoded = decode(plans.params, list) as unknown[];
        params = Object.fromEntries(method.params.flatMap((p, i) => (p.name in wireParams ? [[p.name, canonical(decoded[i])]] : [])));
      } else {
        params = canonical(decode(plans.params, wireParams)) as Record<string, unknown>;
      }
      cases.push({
        id: `${service.name}:${method.name}:${ex.name}`,
        service,
        method,
        example: ex.name,
        wireParams,
        params,
        expected: canonical(decode(plans.result, ex.result.value)),
      });
    }
  }
  return { cases, skipped };
}

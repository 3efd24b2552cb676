/**
 * Overloads of a method or subscription kind whose result's shape a param selects (`x-result-by-param`), as the
 * TypeScript client prints them: one per case, the param typed as a `Literal` of the case's values (left out, or
 * `None`, where the param's default selects the case) and the result as the case's type; then the general one.
 * The general overload returns the method's own type joined with every case's: mypy and pyright check that an
 * overload narrower in its params returns a subtype of the later ones', and a TypedDict whose `list` field is
 * narrower is not a subtype of the wider one (its fields are mutable, so invariant).
 */
import type { JsonSchema, ServiceModel } from '../../model/index.js';
import { pascal } from '../shared/names.js';
import { caseParamIndex, positionalCaseParams, type CaseHolder } from '../shared/result-cases.js';
import { literalUnion, union, type PyTypes } from './types.js';

/** One case: the model's case, the selecting param's type for it and the case's result type. */
export interface PyCase {
  readonly values: readonly unknown[];
  readonly whenOmitted: boolean;
  readonly literal: string;
  readonly result: string;
  /** Whether the holder's own result type has each member of this case's (a union of the cases, say). */
  readonly covered: boolean;
}

/** The cases of a method or kind, and which of its params selects them. */
export interface PyCases {
  readonly index: number;
  readonly list: readonly PyCase[];
}

interface Param {
  readonly required: boolean;
  readonly omittable: boolean;
  readonly type: string;
}

/**
 * The cases of `holder` with their Python types (declared in `types` under `hint` and the param and first value,
 * as the TypeScript client names them), or undefined when it gets no overloads: no cases, a selecting param with
 * a codec (its value form is not the wire form the values are written in), or a value Python has no literal for.
 */
export function pyCases(holder: CaseHolder, service: ServiceModel, types: PyTypes, hint: string, general: string): PyCases | undefined {
  const index = caseParamIndex(holder, service.document);
  if (index < 0) return undefined;
  const cases = holder.resultCases!.cases;
  const literals = cases.map((c) => literalUnion(c.values));
  if (!cases.length || literals.some((l) => l === undefined)) return undefined;
  const ident = holder.params[index]!.ident;
  const held = types.members(general);
  return {
    index,
    list: cases.map((c, i) => {
      const result = types.expr(c.schema as JsonSchema, service, `${hint}${pascal(ident)}${pascal(String(c.values[0]))}`);
      return { values: c.values, whenOmitted: c.whenOmitted, literal: literals[i]!, result, covered: types.members(result).every((m) => held.includes(m)) };
    }),
  };
}

/**
 * The params of a case's overload. By position the selecting param is required unless leaving it out selects the
 * case, and the params before a required one stay in place (typed `| None`, without a default).
 */
function caseParams<P extends Param>(params: readonly P[], positional: boolean, cases: PyCases, c: PyCase): P[] {
  if (positional) {
    const { required, omittable: omit } = positionalCaseParams(params, cases.index, c.whenOmitted);
    return params.map((p, i) => ({ ...p, required: required[i]!, omittable: omit[i]!, ...(i === cases.index ? { type: c.literal } : {}) }));
  }
  return params.map((p, i) => (i === cases.index ? { ...p, required: !c.whenOmitted, omittable: c.whenOmitted, type: c.literal } : p));
}

/** The general overload's result: the method's own type with every case's it does not already hold (if any). */
export function generalResult(result: string, cases: PyCases | undefined): string {
  if (!cases) return result;
  return union([result, ...cases.list.filter((c) => !c.covered).map((c) => c.result)]);
}

/** The overloads of a method or kind with result cases: each case's params and result, then the general one's. */
export function overloadForms<P extends Param>(params: readonly P[], positional: boolean, cases: PyCases | undefined, result: string): { params: P[]; result: string }[] {
  if (!cases) return [];
  return [...cases.list.map((c) => ({ params: caseParams(params, positional, cases, c), result: c.result })), { params: [...params], result: generalResult(result, cases) }];
}

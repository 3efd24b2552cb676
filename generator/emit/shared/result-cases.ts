/**
 * Which param of a method or subscription kind selects its result's shape (`x-result-by-param`), when the
 * clients can type that param by the cases' literal values. Shared by the TypeScript and Python clients so
 * both print overloads for the same methods.
 */
import { omittable, type ParamModel, type ResultCasesModel } from '../../model/index.js';
import { resolveSchema } from '../../schema/resolve.js';

/** What has cases: a method, or a subscription kind. */
export interface CaseHolder {
  readonly params: readonly ParamModel[];
  readonly resultCases?: ResultCasesModel;
}

/**
 * Whether a param's value form is its wire form, so a wire value written in the document is a literal of its
 * type. A param with an `x-codec` (a bigint or an int in the value form) gets no overloads.
 */
function literalTyped(document: Record<string, unknown>, param: ParamModel): boolean {
  const { schema } = resolveSchema(document, param.schema);
  return !(typeof schema === 'object' && schema !== null && 'x-codec' in schema);
}

/** The index of the param whose values select the cases, or -1 when the holder gets no case overloads. */
export function caseParamIndex(holder: CaseHolder, document: Record<string, unknown>): number {
  const rc = holder.resultCases;
  if (!rc) return -1;
  const index = holder.params.findIndex((p) => p.name === rc.param);
  return index >= 0 && literalTyped(document, holder.params[index]!) ? index : -1;
}

/**
 * Which params of a positional case overload are required and which may be left out: the selecting param (at
 * `index`) is required unless leaving it out selects the case, and params before a required one stay in place.
 */
export function positionalCaseParams(params: readonly { readonly required: boolean }[], index: number, whenOmitted: boolean): { required: boolean[]; omittable: boolean[] } {
  const required = params.map((p, i) => (i === index ? p.required || !whenOmitted : p.required));
  return { required, omittable: omittable(required.map((r) => ({ required: r }))) };
}

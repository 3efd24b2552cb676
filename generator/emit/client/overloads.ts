/**
 * Overloads of a method whose result's shape a param selects (`x-result-by-param`): one signature per case,
 * the param typed as the case's literal values and the result as the case's type, then the method's own
 * signature last, so that a value known only as `boolean` or `string` still type-checks (and gets the
 * general result). Types that infer from a method's signature (`BatchNamespace`) see that last one.
 */
import { objectKey } from '../../lib/escape.js';
import type { ParamModel, ResultCaseModel, ResultCasesModel } from '../../model/index.js';
import { caseParamIndex, positionalCaseParams } from '../shared/result-cases.js';
import type { Parameter } from '../shared/ts-printer.js';

/** What has cases: a method, or a subscription kind (its params after the kind, always positional). */
interface Holder {
  readonly params: readonly ParamModel[];
  readonly positional: boolean;
  readonly resultCases?: ResultCasesModel;
}

/** The holder's types: each param's (positional), the params type (by name), and each case's result. */
interface HolderTypes {
  readonly paramTypes: readonly string[];
  readonly params?: string;
  readonly paramsOptional: boolean;
  readonly cases?: readonly string[];
}

/** One overload: the parameters after the transport and the result type. */
export interface Overload {
  readonly case: ResultCaseModel;
  readonly params: Parameter[];
  readonly result: string;
}

/** The literal type of a case's values: `true`, `"json"`, `"hex" | "hexc"`. */
export function literalType(c: ResultCaseModel): string {
  return [...new Set(c.values.map((v) => JSON.stringify(v)))].join(' | ');
}

/**
 * The case overloads of a method or subscription kind (none without `x-result-by-param`). `layout` is how
 * the general signature names the params (`idents`, when positional) and its options parameter.
 */
export function caseOverloads(
  method: Holder,
  t: HolderTypes,
  document: Record<string, unknown>,
  layout: { readonly idents: readonly string[]; readonly options: Parameter },
): Overload[] {
  const rc = method.resultCases;
  if (!rc || !t.cases || t.cases.length !== rc.cases.length) return [];
  const index = caseParamIndex(method, document);
  if (index < 0) return [];
  return rc.cases.map((c, i) => ({ case: c, params: [...caseParams(method, t, index, c, layout.idents), layout.options], result: t.cases![i]! }));
}

function caseParams(method: Holder, t: HolderTypes, index: number, c: ResultCaseModel, idents: readonly string[]): Parameter[] {
  const literal = literalType(c);
  if (method.positional) {
    // The case's param is given unless leaving it out selects this case; params before it then stay in place.
    const { required, omittable: omit } = positionalCaseParams(method.params, index, c.whenOmitted);
    return method.params.map((_, i) => {
      const type = i === index ? literal : t.paramTypes[i]!;
      return { name: idents[i]!, type: omit[i] || required[i] ? type : `${type} | undefined`, hasQuestionToken: omit[i]! };
    });
  }
  const name = method.params[index]!.name;
  const key = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : objectKey(name);
  const field = `{ ${key}${c.whenOmitted ? '?' : ''}: ${literal} }`;
  return [{ name: 'params', type: `Omit<${t.params!}, ${JSON.stringify(name)}> & ${field}`, hasQuestionToken: t.paramsOptional && c.whenOmitted }];
}

/**
 * Changes to the method extensions that only some consumers see: the result cases of `x-result-by-param`
 * (one client overload each) and the plain GETs of `x-http-get`. Their rules, and why each consumer is
 * affected as it is, are in rules.ts.
 */
import { caseParamIndex, type CaseHolder as CaseParams } from '../../emit/shared/result-cases.js';
import type { HttpGetModel, HttpStatusRule, MethodModel, ResultCaseModel, ResultCasesModel } from '../../model/index.js';
import { label, type Doc, type Relations } from './schema.js';
import type { Finding } from './walk.js';

/** How a case is selected by leaving its param out (the param's `default` is one of the case's values). */
const LEFT_OUT = '(left out)';

/** What selects a case: each of its values (as JSON), and leaving the param out when that gives the case. */
function selectors(c: ResultCaseModel): string[] {
  return [...c.values.map((v) => JSON.stringify(v)), ...(c.whenOmitted ? [LEFT_OUT] : [])];
}

/**
 * The result cases of a method or subscription kind as callers of the client see them (the overloads the
 * client prints: see rules.ts for why only callers are affected). Cases are paired by what selects them (a
 * value selects one case on each side), so a case keeps its identity while values come and go. Leaving the
 * param out counts as a value: a call without it gets the case its default selects, so a default moving to
 * another case moves those calls to another type.
 */
export function resultCaseChanges(rel: Relations, da: Doc, db: Doc, a: CaseHolder, b: CaseHolder, base: string, push: (f: Finding) => void): void {
  const [x, y] = [overloadCases(a, da), overloadCases(b, db)];
  if (!x && !y) return;
  const at = `${base}x-result-by-param`;
  // By position a param is its place (its name only a label): a renamed param still selects the same cases.
  const place = (h: CaseHolder, param: string) => (h.positional ? `#${h.params.findIndex((p) => p.name === param)}` : param);
  if (x && y && (a.positional !== b.positional || place(a, x.param) !== place(b, y.param))) {
    // Other overloads altogether: what each case did for the old param is gone.
    push({ rule: 'result-case-param-changed', path: at, old: x.param, new: y.param });
    return;
  }
  const param = (y ?? x)!.param;
  const news = (y?.cases ?? []).map((c) => ({ c, sel: selectors(c) }));
  const caseAt = (sel: readonly string[]) => `${at}.${param}=${sel.join('|')}`;
  const taken = new Set<ResultCaseModel>();
  for (const o of x?.cases ?? []) {
    const was = selectors(o);
    const shared = (sel: readonly string[]) => sel.filter((v) => was.includes(v)).length;
    const n = news.filter(({ c, sel }) => !taken.has(c) && shared(sel) > 0).sort((p, q) => shared(q.sel) - shared(p.sel))[0];
    if (!n) {
      push({ rule: 'result-case-removed', path: caseAt(was) });
      continue;
    }
    taken.add(n.c);
    const path = caseAt(was.filter((v) => n.sel.includes(v)));
    for (const v of was) if (!n.sel.includes(v)) push({ rule: 'result-case-value-removed', path, old: v });
    for (const v of n.sel) if (!was.includes(v)) push({ rule: 'result-case-value-added', path, new: v });
    const [before, after] = [{ schema: o.schema, doc: da }, { schema: n.c.schema, doc: db }];
    const relation = rel.relate(before, after, 'ts');
    // (Labelled as a part of the result, so that a shared schema shows by its name.)
    if (relation !== 'equal') push({ rule: relation === 'narrowed' ? 'result-case-result-narrowed' : 'result-case-result-changed', path, old: label(before, 1), new: label(after, 1) });
    if ((o.summary ?? '') !== (n.c.summary ?? '')) push({ rule: 'result-case-summary-changed', path, old: o.summary ?? 'none', new: n.c.summary ?? 'none' });
  }
  for (const n of news) if (!taken.has(n.c)) push({ rule: 'result-case-added', path: caseAt(n.sel) });
}

/** `x-http-get`: the paths, query parameters and status rules of a method's plain GETs. */
export function httpGetChanges(a: MethodModel, b: MethodModel, push: (f: Finding) => void): void {
  const [x, y] = [a.httpGet, b.httpGet];
  const at = 'x-http-get';
  if (!x && !y) return;
  if (!y) return void push({ rule: 'http-get-removed', path: at, old: getPaths(x!.paths) });
  if (!x) return void push({ rule: 'http-get-added', path: at, new: getPaths(y.paths) });
  for (const p of x.paths) if (!y.paths.includes(p)) push({ rule: 'http-get-path-removed', path: `${at}.paths`, old: getPaths([p]) });
  for (const p of y.paths) if (!x.paths.includes(p)) push({ rule: 'http-get-path-added', path: `${at}.paths`, new: getPaths([p]) });
  const required = (m: MethodModel, param: string) => m.params.some((p) => p.name === param && p.required);
  for (const name of [...new Set([...Object.keys(x.query), ...Object.keys(y.query)])].sort()) {
    const [q, r] = [x.query[name], y.query[name]];
    const path = `${at}.query.${name}`;
    if (!r) push({ rule: 'http-get-query-removed', path, old: q!.param });
    else if (!q) push({ rule: required(b, r.param) ? 'http-get-query-required' : 'http-get-query-added', path, new: r.param });
    else if (q.param !== r.param) push({ rule: 'http-get-query-changed', path, old: q.param, new: r.param });
    else if (!required(a, q.param) && required(b, r.param)) push({ rule: 'http-get-query-required', path, new: r.param });
  }
  const [sx, sy] = [statusText(x), statusText(y)];
  if (sx !== sy) push({ rule: 'http-get-status-changed', path: `${at}.status`, old: sx, new: sy });
}

/** What has result cases: a method, or a subscription kind. */
export interface CaseHolder extends CaseParams {
  /** Params by position (a subscription kind's always are). */
  readonly positional: boolean;
}

/** The cases the client prints overloads for (the clients' own test: emit/shared/result-cases.ts). */
function overloadCases(h: CaseHolder, doc: Doc): ResultCasesModel | undefined {
  return caseParamIndex(h, doc as Record<string, unknown>) >= 0 ? h.resultCases : undefined;
}

function getPaths(paths: readonly string[]): string {
  return paths.map((p) => p || '(the service path)').join(', ');
}

function statusText(get: HttpGetModel): string {
  const one = (r: HttpStatusRule) => (r.when ? `${r.code} when ${r.when.pointer} = ${JSON.stringify(r.when.equals)}` : `${r.code}`);
  return get.status.map(one).join('; ');
}

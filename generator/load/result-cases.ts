/**
 * `x-result-by-param` checked against its method (or subscription kind): the param it names is one of the method's params, each
 * case's values are values that param takes (its schema's `type`, `enum`, `const` and `pattern`, through
 * references and unions) and belong to one case only, and each case's result schema is a narrowing of the
 * method's result (see `narrows`). A case that cannot hold is a located problem, not an overload that lies.
 */
import type { Diagnostic } from '../lib/diagnostics.js';
import { isRecord } from '../lib/guards.js';
import { deref, methodsOf } from './document.js';
import type { Provenance } from './provenance.js';

export function checkResultCases(document: Record<string, unknown>, provenance: Provenance): Diagnostic[] {
  const problems: Diagnostic[] = [];
  for (const { pointer, method } of methodsOf(document)) {
    const name = String(method.name);
    checkHolder(document, provenance, pointer, method, name, problems);
    const subs = method['x-subscriptions'];
    if (isRecord(subs) && Array.isArray(subs.kinds))
      subs.kinds.forEach((k, i) => {
        if (isRecord(k)) checkHolder(document, provenance, `${pointer}/x-subscriptions/kinds/${i}`, k, `the ${String(k.name)} subscription of ${name}`, problems);
      });
  }
  return problems;
}

/** The checks of one `x-result-by-param`: on a method, or on a subscription kind (its params and notification). */
function checkHolder(document: Record<string, unknown>, provenance: Provenance, pointer: string, holder: Record<string, unknown>, name: string, problems: Diagnostic[]): void {
  const x = holder['x-result-by-param'];
  // A malformed extension is reported by the extension check (`extension-invalid`).
  if (!isRecord(x) || typeof x.param !== 'string' || !Array.isArray(x.cases)) return;
  const at = `${pointer}/x-result-by-param`;
  const params = (Array.isArray(holder.params) ? holder.params : []).map((_, i) => deref(document, `${pointer}/params/${i}`));
  const index = params.findIndex((p) => isRecord(p?.value) && p.value.name === x.param);
  if (index < 0) {
    const names = params.flatMap((p) => (isRecord(p?.value) && typeof p.value.name === 'string' ? [p.value.name] : []));
    problems.push(provenance.at(`${at}/param`, 'result-case-param-unknown', `x-result-by-param names param "${x.param}", which ${name} does not take (its params: ${names.join(', ') || 'none'}).`));
  }
  const result = deref(document, `${pointer}/result`);
  if (!result || !isRecord(result.value)) {
    problems.push(provenance.at(at, 'result-case-invalid', `x-result-by-param: ${name} has no result to narrow. Remove x-result-by-param or add a result.`));
    return;
  }
  const seen = new Map<string, number>();
  x.cases.forEach((c, i) => {
    if (!isRecord(c) || !Array.isArray(c.values)) return;
    c.values.forEach((v, j) => {
      const key = JSON.stringify(v);
      const first = seen.get(key);
      if (first !== undefined) problems.push(provenance.at(`${at}/cases/${i}/values/${j}`, 'result-case-value-duplicate', `x-result-by-param: value ${key} of ${x.param} is already in case ${first}; each value selects one case.`));
      else seen.set(key, i);
      if (index >= 0 && !accepts(document, `${params[index]!.pointer}/schema`, v, 0))
        problems.push(provenance.at(`${at}/cases/${i}/values/${j}`, 'result-case-value-invalid', `x-result-by-param: param "${x.param}" of ${name} does not take ${key} (${allowed(document, `${params[index]!.pointer}/schema`)}).`));
    });
    if ('result' in c && !narrows(document, `${at}/cases/${i}/result`, `${result.pointer}/schema`, 0))
      problems.push(
        provenance.at(
          `${at}/cases/${i}/result`,
          'result-case-not-subset',
          `x-result-by-param: the result of case ${i} is not a narrowing of the result of ${name}. Write it as the result itself, one of its oneOf/anyOf branches, an allOf that includes one, or a oneOf/anyOf of such schemas.`,
        ),
      );
  });
}

/** What a param's schema allows, in a few words: its values or its types. */
function allowed(document: Record<string, unknown>, pointer: string): string {
  const s = deref(document, pointer)?.value;
  if (isRecord(s) && Array.isArray(s.enum)) return `it takes ${s.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (isRecord(s) && 'const' in s) return `it takes only ${JSON.stringify(s.const)}`;
  if (isRecord(s) && (typeof s.type === 'string' || Array.isArray(s.type))) return `it takes a ${[s.type].flat().join(' or ')}`;
  return 'its schema does not allow it';
}

/** JSON types of a value, as a schema's `type` names them. */
function typesOf(value: unknown): string[] {
  if (value === null) return ['null'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['integer', 'number'] : ['number'];
  return [typeof value];
}

/** Whether the schema at `pointer` allows `value`, by `type`, `enum`, `const`, `pattern` and its combinators. */
function accepts(document: Record<string, unknown>, pointer: string, value: unknown, depth: number): boolean {
  const found = deref(document, pointer);
  if (!found || depth > 32) return true;
  const s = found.value;
  if (typeof s === 'boolean') return s;
  if (!isRecord(s)) return true;
  const at = found.pointer;
  if ('const' in s && JSON.stringify(s.const) !== JSON.stringify(value)) return false;
  if (Array.isArray(s.enum) && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) return false;
  const types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? s.type : undefined;
  if (types && !typesOf(value).some((t) => types.includes(t))) return false;
  if (typeof s.pattern === 'string' && typeof value === 'string' && !matches(s.pattern, value)) return false;
  if (Array.isArray(s.allOf) && !s.allOf.every((_, i) => accepts(document, `${at}/allOf/${i}`, value, depth + 1))) return false;
  for (const kw of ['oneOf', 'anyOf'] as const) {
    const parts = s[kw];
    if (Array.isArray(parts) && !parts.some((_, i) => accepts(document, `${at}/${kw}/${i}`, value, depth + 1))) return false;
  }
  return true;
}

function matches(pattern: string, s: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(s);
  } catch {
    return true;
  }
}

/** Keywords that say nothing about which values a schema allows. */
const ANNOTATIONS = new Set(['title', 'description', 'examples', 'default', 'deprecated', '$comment', 'readOnly', 'writeOnly']);

/**
 * Whether every value the schema at `narrow` allows is allowed by the schema at `wide`, as far as shows from
 * their structure (no schema is compiled): the same schema, `false`, anything under an unconstrained one, an
 * `allOf` holding a narrowing, a union of narrowings, or a narrowing of one branch of a union.
 */
function narrows(document: Record<string, unknown>, narrow: string, wide: string, depth: number): boolean {
  const n = deref(document, narrow);
  const w = deref(document, wide);
  if (!n || !w || depth > 32) return false;
  if (n.pointer === w.pointer || n.value === w.value || n.value === false || w.value === true) return true;
  if (isRecord(w.value) && Object.keys(w.value).every((k) => ANNOTATIONS.has(k) || k.startsWith('x-'))) return true;
  if (!isRecord(n.value) || !isRecord(w.value)) return false;
  if (JSON.stringify(strip(n.value)) === JSON.stringify(strip(w.value))) return true;
  const nv = n.value;
  const wv = w.value;
  if (Array.isArray(nv.allOf) && nv.allOf.some((_, i) => narrows(document, `${n.pointer}/allOf/${i}`, w.pointer, depth + 1))) return true;
  for (const kw of ['oneOf', 'anyOf'] as const) {
    const parts = nv[kw];
    const alone = Object.keys(nv).every((k) => k === kw || ANNOTATIONS.has(k) || k.startsWith('x-'));
    if (alone && Array.isArray(parts) && parts.every((_, i) => narrows(document, `${n.pointer}/${kw}/${i}`, w.pointer, depth + 1))) return true;
  }
  for (const kw of ['oneOf', 'anyOf'] as const) {
    const parts = wv[kw];
    if (Array.isArray(parts) && parts.some((_, i) => narrows(document, n.pointer, `${w.pointer}/${kw}/${i}`, depth + 1))) return true;
  }
  if (Array.isArray(wv.allOf)) {
    const rest = Object.keys(wv).every((k) => k === 'allOf' || ANNOTATIONS.has(k) || k.startsWith('x-'));
    if (rest && wv.allOf.every((_, i) => narrows(document, n.pointer, `${w.pointer}/allOf/${i}`, depth + 1))) return true;
  }
  return false;
}

/** A schema without its annotations, for comparing two schemas that differ only in their words. */
function strip(schema: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema).filter(([k]) => !ANNOTATIONS.has(k)));
}

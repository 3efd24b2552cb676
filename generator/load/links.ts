/**
 * Link Objects checked against their document: the target method exists, every param it fills is a param
 * of the target, and every expression can name something (the field path exists in the source method's
 * result schema, the param in its params). A link that cannot work is a located problem, not a silent
 * dead end for `verify`.
 */
import type { Diagnostic } from '../lib/diagnostics.js';
import { expressionsIn, parseExpression } from '../model/links.js';
import type { Provenance } from './provenance.js';
import { isRecord } from '../lib/guards.js';
import { deref, methodsOf } from './document.js';
import { escapeSegment, getAtPointer } from '../lib/pointer.js';

export function checkLinks(document: Record<string, unknown>, provenance: Provenance): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const methods = methodsOf(document);
  const byName = new Map(methods.map((m) => [String(m.method.name), m]));
  for (const { pointer, method } of methods) {
    if (!Array.isArray(method.links)) continue;
    method.links.forEach((_, i) => {
      const found = deref(document, `${pointer}/links/${i}`);
      if (!found || !isRecord(found.value)) return;
      const link = found.value;
      const at = found.pointer;
      const name = typeof link.name === 'string' ? link.name : `#${i}`;
      const what = `Link "${name}" of ${String(method.name)}`;
      if (typeof link.method !== 'string') {
        problems.push(provenance.at(at, 'link-invalid', `${what} names no method. Add "method": the method its result feeds.`));
        return;
      }
      const target = byName.get(link.method);
      if (!target) {
        problems.push(provenance.at(`${at}/method`, 'link-method-unknown', `${what} names method "${link.method}", which this document does not define. Name one of its methods.`));
        return;
      }
      if (link.params === undefined) return;
      if (!isRecord(link.params)) {
        problems.push(provenance.at(`${at}/params`, 'link-invalid', `${what}: "params" must map param names of ${link.method} to constants or runtime expressions.`));
        return;
      }
      const targetParams = paramNames(document, target.pointer, target.method);
      const sourceParams = paramNames(document, pointer, method);
      for (const [param, value] of Object.entries(link.params)) {
        const here = `${at}/params/${escapeSegment(param)}`;
        if (!targetParams.includes(param))
          problems.push(provenance.at(here, 'link-param-unknown', `${what} fills param "${param}", which ${link.method} does not take (its params: ${targetParams.join(', ') || 'none'}).`));
        for (const { pointer: inner, text } of expressionsIn(value)) {
          const where = `${here}${inner}`;
          const e = parseExpression(text);
          if (e instanceof Error) {
            problems.push(provenance.at(where, 'link-expression-invalid', `${what}: ${e.message}.`));
            continue;
          }
          if (e.source === 'params') {
            const [first, ...rest] = e.path;
            const index = sourceParams.indexOf(first!);
            if (index < 0) {
              problems.push(provenance.at(where, 'link-expression-invalid', `${what}: ${text} names param "${first}", which ${String(method.name)} does not take (its params: ${sourceParams.join(', ') || 'none'}).`));
              continue;
            }
            const miss = missingField(document, `${pointer}/params/${index}/schema`, rest);
            if (miss) problems.push(provenance.at(where, 'link-expression-invalid', `${what}: ${text} cannot name anything: ${miss}.`));
            continue;
          }
          const result = deref(document, `${pointer}/result`);
          if (!result || !isRecord(result.value)) {
            problems.push(provenance.at(where, 'link-expression-invalid', `${what}: ${text} reads the result, but ${String(method.name)} has none.`));
            continue;
          }
          const miss = missingField(document, `${result.pointer}/schema`, e.path);
          if (miss) problems.push(provenance.at(where, 'link-expression-invalid', `${what}: ${text} cannot name anything: ${miss}.`));
        }
      }
    });
  }
  return problems;
}

function paramNames(document: Record<string, unknown>, pointer: string, method: Record<string, unknown>): string[] {
  return (Array.isArray(method.params) ? method.params : []).flatMap((_, i) => {
    const p = deref(document, `${pointer}/params/${i}`);
    return p && isRecord(p.value) && typeof p.value.name === 'string' ? [p.value.name] : [];
  });
}

/**
 * Why `path` names nothing under the schema at `pointer` (undefined when some branch of the schema can hold
 * it). Unions and `allOf` count when any part has the field; an open object or a map holds any key.
 */
function missingField(document: Record<string, unknown>, pointer: string, path: readonly string[]): string | undefined {
  const reach = (ptr: string, i: number, depth: number): string | undefined => {
    if (i === path.length || depth > 64) return undefined;
    const found = deref(document, ptr);
    const schema = found?.value;
    if (schema === true || !isRecord(schema)) return schema === false ? `nothing is allowed at ${shown(path, i)}` : undefined;
    const at = found!.pointer;
    const seg = path[i]!;
    const tried: string[] = [];
    const attempt = (next: string, step: number) => {
      const why = reach(next, i + step, depth + 1);
      if (why === undefined) return true;
      tried.push(why);
      return false;
    };
    for (const kw of ['allOf', 'oneOf', 'anyOf'] as const) {
      const parts = schema[kw];
      if (Array.isArray(parts)) for (let k = 0; k < parts.length; k++) if (attempt(`${at}/${kw}/${k}`, 0)) return undefined;
    }
    for (const kw of ['then', 'else'] as const) if (kw in schema && attempt(`${at}/${kw}`, 0)) return undefined;
    const props = isRecord(schema.properties) ? schema.properties : undefined;
    if (props && Object.prototype.hasOwnProperty.call(props, seg) && attempt(`${at}/properties/${escapeSegment(seg)}`, 1)) return undefined;
    if (isRecord(schema.patternProperties))
      for (const pattern of Object.keys(schema.patternProperties)) if (matches(pattern, seg) && attempt(`${at}/patternProperties/${escapeSegment(pattern)}`, 1)) return undefined;
    if (schema.additionalProperties !== undefined && schema.additionalProperties !== false && attempt(`${at}/additionalProperties`, 1)) return undefined;
    if (/^(0|[1-9][0-9]*)$/.test(seg)) {
      if (Array.isArray(schema.items) && Number(seg) < schema.items.length && attempt(`${at}/items/${seg}`, 1)) return undefined;
      if (isRecord(schema.items) && attempt(`${at}/items`, 1)) return undefined;
    }
    // A schema that says nothing about its fields (an open object, `{}`, `x-open`) holds any path.
    const constrains = props || schema.patternProperties || schema.items || schema.type || schema.allOf || schema.oneOf || schema.anyOf || schema.enum || 'const' in schema;
    if (!constrains || schema['x-open'] === true || (getAtPointer(schema, '/additionalProperties') === undefined && !props && schema.type === 'object')) return undefined;
    return tried[0] ?? `there is no "${seg}" at ${shown(path, i)}`;
  };
  return reach(pointer, 0, 0);
}

function shown(path: readonly string[], i: number): string {
  return i === 0 ? 'the top level' : `/${path.slice(0, i).join('/')}`;
}

function matches(pattern: string, s: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(s);
  } catch {
    return false;
  }
}

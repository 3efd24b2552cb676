/**
 * Does a value on the wire conform to the spec? One answer for every tool that meets live traffic: `verify`
 * (replies of a node), the proxy (requests and replies passing through) and the mock's replay (recorded
 * fixtures). Schemas are compiled in process from the model's bundled documents with the generator's own
 * compiler (schema/ajv.ts), so any OpenRPC document works without generating first.
 *
 * A value either passes, or gets problems that say where (a JSON pointer inside the value), what the spec
 * says there and what was received. Fields an object carries that no applicable schema names are reported
 * apart (`extra`): clients tolerate them, but the spec should catch up.
 */
import type { MethodModel, ServiceModel, SubscriptionKindModel } from '../../model/index.js';
import { SchemaCompiler } from '../../schema/ajv.js';
import { SchemaWalker, type Problem } from './walk.js';
import { escapeSegment } from '../../lib/pointer.js';
import { isRecord } from '../../lib/guards.js';

export type { Problem } from './walk.js';

export interface Verdict {
  /** Why the value does not conform; empty when it does. */
  readonly problems: readonly Problem[];
  /** Fields sent that the spec does not name (only for values that carry objects). */
  readonly extra: readonly Problem[];
}

export interface MethodConformance {
  readonly service: ServiceModel;
  readonly method: MethodModel;
  /**
   * The params of a request as the server would read them: by name (an object; on a gorilla endpoint also a
   * one-element array holding it), by position (an array), `null` or absent for none.
   */
  params(value: unknown): Verdict;
  result(value: unknown): Verdict;
  /** A notification's payload for a subscription kind of this (`*_subscribe`) method. */
  notification(kind: string, value: unknown): Verdict | undefined;
}

export interface Conformance {
  /** The method of that wire name (in `service` when given; method names are unique within a document). */
  method(name: string, service?: string): MethodConformance | undefined;
  readonly services: readonly ServiceModel[];
}

const NONE: Verdict = { problems: [], extra: [] };

export function createConformance(services: readonly ServiceModel[]): Conformance {
  const walkers = new Map<string, SchemaWalker>();
  const walkerOf = (s: ServiceModel): SchemaWalker => {
    let w = walkers.get(s.name);
    if (!w) {
      // Not strict: a document from elsewhere may use keywords ajv's strict mode refuses, and a reply is
      // judged by what the schema says, not by how tidily it says it.
      w = new SchemaWalker(new SchemaCompiler(`noderpc:conform:${s.name}`, s.document, { strict: false, source: false }), s.document);
      walkers.set(s.name, w);
    }
    return w;
  };
  const cache = new Map<string, MethodConformance>();
  const build = (s: ServiceModel, m: MethodModel): MethodConformance => {
    const key = `${s.name}\0${m.name}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const walker = walkerOf(s);
    const out: MethodConformance = {
      service: s,
      method: m,
      params: (value) => checkParams(walker, s, m, value),
      result: (value) => (m.result ? walker.verdict(m.result.schemaPointer, value) : NONE),
      notification: (kind, value) => {
        const k: SubscriptionKindModel | undefined = m.subscriptions?.kinds.find((x) => x.name === kind);
        return k ? walker.verdict(k.result.schemaPointer, value) : undefined;
      },
    };
    cache.set(key, out);
    return out;
  };
  return {
    services,
    method(name, service) {
      for (const s of services) {
        if (service !== undefined && s.name !== service) continue;
        const m = s.methods.find((x) => x.name === name);
        if (m) return build(s, m);
      }
      return undefined;
    },
  };
}

/** Each param checked by its own schema, so a problem names the param it is in. */
function checkParams(walker: SchemaWalker, s: ServiceModel, m: MethodModel, raw: unknown): Verdict {
  let value = raw;
  // gorilla/rpc reads `[{...}]` as `{...}` and no params as zero values; geth reads none as `[]`.
  if (!m.positional && s.jsonrpc.dialect === 'gorilla-json2' && Array.isArray(value)) value = value.length && isRecord(value[0]) ? value[0] : {};
  if (value === undefined || value === null) value = m.positional ? [] : {};
  const problems: Problem[] = [];
  const extra: Problem[] = [];
  const take = (v: Verdict) => {
    problems.push(...v.problems);
    extra.push(...v.extra);
  };
  if (isRecord(value) && m.paramStructure !== 'by-position') {
    const named = value;
    for (const p of m.params) {
      const at = `/${escapeSegment(p.name)}`;
      if (Object.prototype.hasOwnProperty.call(named, p.name)) take(walker.verdict(p.schemaPointer, named[p.name], at));
      else if (p.required) problems.push({ pointer: at, message: `required param "${p.name}" is missing`, expected: walker.label(p.schemaPointer) });
    }
    return { problems, extra };
  }
  if (Array.isArray(value) && m.paramStructure !== 'by-name') {
    const list: unknown[] = value;
    m.params.forEach((p, i) => {
      if (i < list.length) take(walker.verdict(p.schemaPointer, list[i], `/${i}`));
      else if (p.required) problems.push({ pointer: `/${i}`, message: `required param ${i} ("${p.name}") is missing`, expected: walker.label(p.schemaPointer) });
    });
    if (list.length > m.params.length) problems.push({ pointer: `/${m.params.length}`, message: `too many params: the method takes at most ${m.params.length}`, received: list.length });
    return { problems, extra };
  }
  const want = m.paramStructure === 'by-name' ? 'an object of params by name' : m.paramStructure === 'by-position' ? 'an array of params by position' : 'an array or an object of params';
  return { problems: [{ pointer: '', message: `params must be ${want}`, expected: want, received: raw }], extra };
}

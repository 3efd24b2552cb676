/**
 * Two models in, classified changes out. Services are paired (by name, or the only one with the only one),
 * methods by name; params follow the generator's own rule (`MethodModel.positional`): by-name params are
 * the fields of one object, positional ones a sequence whose names are labels. Every change gets its rule,
 * and from the rule table its effect on each consumer, its severity and its bump.
 */
import type { Availability, Effects, MethodModel, Model, ParamModel, ServiceModel, SubscriptionKindModel } from '../../model/index.js';
import { httpGetChanges, resultCaseChanges } from './extensions.js';
import { maxBump, rule, severityOf, type Bump, type Effect, type Severity } from './rules.js';
import { Relations, type At, type Doc, type Node } from './schema.js';
import { SchemaWalk, type Finding } from './walk.js';

export interface Change {
  readonly rule: string;
  readonly severity: Severity;
  readonly client: Effect;
  readonly server: Effect;
  readonly wire: Effect;
  readonly service: string;
  /** Absent for a change to the service as a whole (its endpoints, its batches). */
  readonly method?: string;
  /** Where inside the method: `params.owner.threshold`, `result.utxos[].amount`, `errors.-32000`. */
  readonly path?: string;
  /** The shared schema the change sits in, when it does. */
  readonly schema?: string;
  readonly old?: string;
  readonly new?: string;
  /** One line: what changed, where, from what to what. */
  readonly message: string;
}

export interface DiffResult {
  readonly changes: readonly Change[];
  /** The semver bump the changes imply (`none` without changes). */
  readonly bump: Bump | 'none';
  readonly counts: Readonly<Record<Severity, number>>;
}

interface Located extends Finding {
  readonly service: string;
  readonly method?: string;
}

function messageOf(f: Located): string {
  const r = rule(f.rule);
  const where = f.path ? `: ${f.path}` : '';
  const values = f.old !== undefined && f.new !== undefined ? ` (${f.old} → ${f.new})` : f.new !== undefined ? ` (${f.new})` : f.old !== undefined ? ` (${f.old})` : '';
  const inSchema = f.schema ? ` [in ${f.schema}]` : '';
  return `${r.summary}${where}${values}${inSchema}`;
}

export function toChange(f: Located): Change {
  const r = rule(f.rule);
  return {
    rule: r.id,
    severity: severityOf(r),
    client: r.client,
    server: r.server,
    wire: r.wire,
    service: f.service,
    ...(f.method !== undefined ? { method: f.method } : {}),
    ...(f.path ? { path: f.path } : {}),
    ...(f.schema !== undefined ? { schema: f.schema } : {}),
    ...(f.old !== undefined ? { old: f.old } : {}),
    ...(f.new !== undefined ? { new: f.new } : {}),
    message: messageOf(f),
  };
}

/** Sorted for stable output: service, then method (service-wide changes first), place, rule. */
export function sortChanges(changes: readonly Change[]): Change[] {
  return [...changes].sort(
    (a, b) =>
      a.service.localeCompare(b.service) ||
      (a.method ?? '').localeCompare(b.method ?? '') ||
      (a.path ?? '').localeCompare(b.path ?? '') ||
      a.rule.localeCompare(b.rule) ||
      a.message.localeCompare(b.message),
  );
}

export function summarize(changes: readonly Change[]): DiffResult {
  const counts: Record<Severity, number> = { breaking: 0, 'non-breaking': 0, info: 0 };
  let bump: Bump | 'none' = 'none';
  for (const c of changes) {
    counts[c.severity]++;
    bump = maxBump(bump, c.severity === 'breaking' ? 'major' : rule(c.rule).bump);
  }
  return { changes: sortChanges(changes), bump, counts };
}

function effectsText(e: Effects): string {
  return e.kind === 'write' && e.idempotent ? 'write (idempotent)' : e.kind;
}

/** The availability facts of a method, each true where it is served more widely. */
function reach(a: Availability, m: MethodModel): Record<string, boolean> {
  return {
    served: a.served,
    'enabled by default': a.enabledByDefault,
    'on the public node': a.publicNode,
    'in every node version': a.removedIn === undefined && m.keystore?.removedIn === undefined,
    'over HTTP': !m.websocketOnly,
  };
}

/** A method's signature as the generated code sees it: structure, params and result by shape. */
function signature(rel: Relations, doc: Doc, m: MethodModel): string {
  const params = m.params.map((p) => `${m.positional ? '' : p.name}:${p.required}:${rel.shape({ schema: p.schema, doc })}`);
  if (!m.positional) params.sort();
  return JSON.stringify([m.positional, params, m.result ? rel.shape({ schema: m.result.schema, doc }) : null]);
}

interface Entry {
  readonly service: ServiceModel;
  readonly method: MethodModel;
  readonly pair: number;
  /** The name changes are reported under: the new side's service of the pair, else the old one's. */
  readonly shown: string;
}

export class ModelDiff {
  private readonly rel = new Relations();
  private readonly out: Located[] = [];

  run(before: Model, after: Model): DiffResult {
    const pairs = pairServices(before.services, after.services);
    const entries = (side: 0 | 1) => {
      const list: Entry[] = [];
      pairs.forEach((p, pair) => {
        const s = p[side];
        if (s) for (const method of s.methods) list.push({ service: s, method, pair, shown: (p[1] ?? p[0])!.name });
      });
      return list;
    };
    const sides = [entries(0), entries(1)] as const;
    // A name used by two services on either side is told apart by its service pair on both sides, so that a
    // method keeps its key when another service takes up the same name.
    const shared = new Set<string>();
    for (const list of sides) {
      const seen = new Set<string>();
      for (const e of list) (seen.has(e.method.name) ? shared : seen).add(e.method.name);
    }
    const index = (list: readonly Entry[]) => new Map(list.map((e) => [shared.has(e.method.name) ? `${e.pair}:${e.method.name}` : e.method.name, e]));
    const olds = index(sides[0]);
    const news = index(sides[1]);
    pairs.forEach(([a, b]) => {
      if (a && b) this.service(a, b);
    });
    const removed = [...olds].filter(([k]) => !news.has(k)).map(([, e]) => e);
    const added = [...news].filter(([k]) => !olds.has(k)).map(([, e]) => e);
    const aliased = new Set<string>();
    const renamed = new Set<Entry>();
    const signatures = new Map<Entry, string>();
    const sigOf = (e: Entry) => {
      let sig = signatures.get(e);
      if (sig === undefined) signatures.set(e, (sig = signature(this.rel, e.service.document, e.method)));
      return sig;
    };
    // A method renamed: gone under one name, there under another with the same signature.
    for (const a of added) {
      const sig = sigOf(a);
      const sameSig = (e: Entry) => e.pair === a.pair && sigOf(e) === sig;
      // Kept under the old name, deprecated in favour of the new one: the old name is an alias.
      const alias = [...olds.values()].find((e) => {
        const kept = news.get(e.method.name);
        return kept?.method.deprecated && kept.method.replacedBy === a.method.name && sameSig(e);
      });
      if (alias) {
        aliased.add(alias.method.name);
        this.add('method-renamed-with-alias', a, { old: alias.method.name, new: a.method.name });
        renamed.add(a);
        continue;
      }
      // Gone under one name, there under another with the same signature, and no other pairing possible.
      const gone = removed.filter((r) => !renamed.has(r) && sameSig(r));
      const twins = added.filter((x) => !renamed.has(x) && sameSig(x));
      if (gone.length === 1 && twins.length === 1) {
        this.add('method-renamed', a, { old: gone[0]!.method.name, new: a.method.name });
        renamed.add(a).add(gone[0]!);
      }
    }
    for (const e of removed) if (!renamed.has(e)) this.add('method-removed', e);
    for (const e of added) if (!renamed.has(e)) this.add('method-added', e);
    for (const [key, o] of olds) {
      const n = news.get(key);
      if (!n) continue;
      if (n.pair !== o.pair) this.add('method-moved', n, { old: o.service.name, new: n.service.name });
      this.method(o, n, aliased.has(o.method.name));
    }
    return summarize(this.out.map(toChange));
  }

  private add(id: string, e: Entry, extra: Partial<Finding> = {}): void {
    this.out.push({ rule: id, path: '', ...extra, service: e.shown, method: e.method.name });
  }

  private service(a: ServiceModel, b: ServiceModel): void {
    const at = (id: string, old: string, now: string) => this.out.push({ rule: id, path: '', old, new: now, service: b.name });
    const ends = (s: ServiceModel) => s.endpoints.map((e) => `${e.path}${e.transport === 'websocket' ? ' (WebSocket)' : ''}`).sort();
    const [ea, eb] = [ends(a), ends(b)];
    if (ea.some((e) => !eb.includes(e))) at('endpoint-changed', ea.join(', '), eb.join(', ') || 'none');
    const limit = (on: boolean, n?: number) => (on ? (n ?? Infinity) : 0);
    const text = (on: boolean, n?: number) => (on ? (n === undefined ? 'batches' : `batches of up to ${n}`) : 'no batches');
    const limits = [
      ['', a.jsonrpc.batchLimit, b.jsonrpc.batchLimit],
      ['public node: ', a.jsonrpc.publicNodeBatchLimit, b.jsonrpc.publicNodeBatchLimit],
    ] as const;
    const narrower: [string, string][] = [];
    const wider: [string, string][] = [];
    for (const [who, x, y] of limits) {
      const [lx, ly] = [limit(a.jsonrpc.batch, x), limit(b.jsonrpc.batch, y)];
      const texts: [string, string] = [`${who}${text(a.jsonrpc.batch, x)}`, `${who}${text(b.jsonrpc.batch, y)}`];
      if (ly < lx) narrower.push(texts);
      else if (ly > lx) wider.push(texts);
    }
    // Batches turned off lower both limits: one change.
    const once = (list: [string, string][]) => (a.jsonrpc.batch !== b.jsonrpc.batch ? list.slice(0, 1) : list);
    const join = (list: [string, string][], i: 0 | 1) => once(list).map((t) => t[i]).join('; ');
    if (narrower.length) at('batch-narrowed', join(narrower, 0), join(narrower, 1));
    if (wider.length) at('batch-widened', join(wider, 0), join(wider, 1));
  }

  private method(o: Entry, n: Entry, aliased: boolean): void {
    const [a, b] = [o.method, n.method];
    const push = (f: Finding) => this.out.push({ ...f, service: n.shown, method: b.name });
    const walk = new SchemaWalk(this.rel);
    if (a.deprecated !== b.deprecated && !(aliased && b.deprecated)) push({ rule: b.deprecated ? 'method-deprecated' : 'method-undeprecated', path: '', ...(b.replacedBy ? { new: `use ${b.replacedBy}` } : {}) });
    this.params(walk, o.service.document, n.service.document, a, b, push);
    const [da, db] = [o.service.document, n.service.document];
    if (a.result && b.result) walk.compare({ schema: a.result.schema, doc: da }, { schema: b.result.schema, doc: db }, 'result', 'result');
    else if (a.result) push({ rule: 'result-removed', path: 'result' });
    else if (b.result) push({ rule: 'result-added', path: 'result' });
    this.errors(a, b, push);
    this.availability(reach(a.availability, a), reach(b.availability, b), '', push);
    this.availabilityNotes(a.availability, b.availability, push);
    if (a.effects.kind !== b.effects.kind || a.effects.idempotent !== b.effects.idempotent) push({ rule: 'effects-changed', path: '', old: effectsText(a.effects), new: effectsText(b.effects) });
    if (a.pagination && !b.pagination) push({ rule: 'pagination-removed', path: '' });
    else if (!a.pagination && b.pagination) push({ rule: 'pagination-added', path: '' });
    else if (a.pagination && b.pagination && JSON.stringify(sortKeys(a.pagination)) !== JSON.stringify(sortKeys(b.pagination)))
      push({ rule: 'pagination-changed', path: 'x-pagination', old: JSON.stringify(sortKeys(a.pagination)), new: JSON.stringify(sortKeys(b.pagination)) });
    this.subscriptions(walk, da, db, a, b, push);
    resultCaseChanges(this.rel, da, db, a, b, '', push);
    httpGetChanges(a, b, push);
    for (const f of walk.findings) push(f);
  }

  private params(walk: SchemaWalk, da: Doc, db: Doc, a: MethodModel, b: MethodModel, push: (f: Finding) => void): void {
    if (a.positional !== b.positional) {
      push({ rule: 'param-structure-changed', path: 'params', old: a.paramStructure, new: b.paramStructure });
      return;
    }
    if (a.paramStructure !== b.paramStructure) {
      // Both positional: `either` also takes an object.
      push({ rule: b.paramStructure === 'either' ? 'param-structure-widened' : 'param-structure-narrowed', path: 'params', old: a.paramStructure, new: b.paramStructure });
    }
    for (const p of b.params) {
      const was = a.params.find((x) => x.name === p.name);
      if (was && was.deprecated !== p.deprecated) push({ rule: p.deprecated ? 'param-deprecated' : 'param-undeprecated', path: `params.${p.name}` });
    }
    if (a.positional) {
      this.positional(walk, da, db, a.params, b.params, 'params', push);
      return;
    }
    const fields = (params: readonly ParamModel[], doc: Doc): Node & { k: 'obj' } => ({
      k: 'obj',
      props: new Map(params.map((p) => [p.name, { schema: p.schema, doc }])),
      req: new Set(params.filter((p) => p.required).map((p) => p.name)),
      extra: undefined,
      c: {},
    });
    walk.compareFields(fields(a.params, da), fields(b.params, db), 'params');
  }

  /** Params by position: matched by name, then a new name at an old one's place is a rename. */
  private positional(walk: SchemaWalk, da: Doc, db: Doc, a: readonly ParamModel[], b: readonly ParamModel[], base: string, push: (f: Finding) => void): void {
    const pairs: [number, number][] = [];
    const usedA = new Set<number>();
    const usedB = new Set<number>();
    a.forEach((p, i) => {
      const j = b.findIndex((q, k) => !usedB.has(k) && q.name === p.name);
      if (j !== -1) {
        pairs.push([i, j]);
        usedA.add(i);
        usedB.add(j);
      }
    });
    a.forEach((p, i) => {
      if (!usedA.has(i) && i < b.length && !usedB.has(i)) {
        push({ rule: 'param-renamed', path: `${base}.${b[i]!.name}`, old: p.name, new: b[i]!.name });
        pairs.push([i, i]);
        usedA.add(i);
        usedB.add(i);
      }
    });
    if (pairs.some(([i, j]) => i !== j)) push({ rule: 'param-order-changed', path: base, old: a.map((p) => p.name).join(', '), new: b.map((p) => p.name).join(', ') });
    a.forEach((p, i) => {
      if (!usedA.has(i)) push({ rule: 'param-removed-positional', path: `${base}.${p.name}`, old: `#${i + 1}` });
    });
    b.forEach((p, j) => {
      if (!usedB.has(j)) push({ rule: p.required ? 'param-added-required' : 'param-added-optional', path: `${base}.${p.name}`, new: `#${j + 1}` });
    });
    for (const [i, j] of pairs.sort((x, y) => x[1] - y[1])) {
      const [p, q] = [a[i]!, b[j]!];
      const path = `${base}.${q.name}`;
      if (p.required !== q.required) push({ rule: q.required ? 'param-became-required' : 'param-became-optional', path });
      walk.compare({ schema: p.schema, doc: da }, { schema: q.schema, doc: db }, 'param', path);
    }
  }

  private errors(a: MethodModel, b: MethodModel, push: (f: Finding) => void): void {
    const byCode = (m: MethodModel) => {
      const map = new Map<number, string>();
      for (const e of m.errors) map.set(e.code, [map.get(e.code), JSON.stringify([e.message, e.data ?? null])].filter(Boolean).join(' '));
      return map;
    };
    const [ea, eb] = [byCode(a), byCode(b)];
    const message = (m: MethodModel, code: number) => m.errors.find((e) => e.code === code)!.message;
    for (const code of [...new Set([...ea.keys(), ...eb.keys()])].sort((x, y) => x - y)) {
      const path = `errors.${code}`;
      if (!eb.has(code)) push({ rule: 'error-removed', path, old: message(a, code) });
      else if (!ea.has(code)) push({ rule: 'error-added', path, new: message(b, code) });
      else if (ea.get(code) !== eb.get(code)) push({ rule: 'error-changed', path, old: message(a, code), new: message(b, code) });
    }
  }

  private availability(a: Record<string, boolean>, b: Record<string, boolean>, path: string, push: (f: Finding) => void): void {
    const lost = Object.keys(a).filter((k) => a[k] && !b[k]);
    const gained = Object.keys(a).filter((k) => !a[k] && b[k]);
    if (lost.length) push({ rule: 'availability-narrowed', path, old: lost.join(', '), new: lost.map((k) => `not ${k}`).join(', ') });
    if (gained.length) push({ rule: 'availability-widened', path, old: gained.map((k) => `not ${k}`).join(', '), new: gained.join(', ') });
  }

  /** What availability says beside where a method is served: the switch, the note, the version. */
  private availabilityNotes(a: Availability, b: Availability, push: (f: Finding) => void): void {
    for (const key of ['enableWith', 'note', 'removedIn'] as const) {
      const [x, y] = [a[key], b[key]];
      // A version or a switch appearing or going comes with a change of reach (reported as narrowed or widened).
      if (key !== 'note' && (x === undefined || y === undefined)) continue;
      if (x !== y) push({ rule: 'availability-changed', path: `x-availability.${key}`, old: x ?? 'none', new: y ?? 'none' });
    }
  }

  private subscriptions(walk: SchemaWalk, da: Doc, db: Doc, a: MethodModel, b: MethodModel, push: (f: Finding) => void): void {
    const kinds = (m: MethodModel) => new Map<string, SubscriptionKindModel>((m.subscriptions?.kinds ?? []).map((k) => [k.name, k]));
    const [ka, kb] = [kinds(a), kinds(b)];
    for (const name of [...new Set([...ka.keys(), ...kb.keys()])].sort()) {
      const [x, y] = [ka.get(name), kb.get(name)];
      const base = `subscriptions.${name}`;
      if (!y) push({ rule: 'subscription-removed', path: base });
      else if (!x) push({ rule: 'subscription-added', path: base });
      else {
        this.positional(walk, da, db, x.params, y.params, `${base}.params`, push);
        walk.compare({ schema: x.result.schema, doc: da }, { schema: y.result.schema, doc: db }, 'result', `${base}.result`);
        const none = { 'in every node version': true, 'over HTTP': true };
        this.availability(
          { ...reach(x.availability, a), ...none },
          { ...reach(y.availability, b), ...none },
          base,
          push,
        );
        resultCaseChanges(this.rel, da, db, { ...x, positional: true }, { ...y, positional: true }, `${base}.`, push);
      }
    }
  }
}

function sortKeys(o: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).sort(([x], [y]) => x.localeCompare(y)));
}

/** Services side by side: by name, or the only service of each side with each other. */
export function pairServices(a: readonly ServiceModel[], b: readonly ServiceModel[]): [ServiceModel | undefined, ServiceModel | undefined][] {
  if (a.length === 1 && b.length === 1) return [[a[0], b[0]]];
  const names = [...new Set([...a.map((s) => s.name), ...b.map((s) => s.name)])];
  return names.map((n) => [a.find((s) => s.name === n), b.find((s) => s.name === n)]);
}

/** Every change from `before` to `after`, classified. */
export function diffModels(before: Model, after: Model): DiffResult {
  return new ModelDiff().run(before, after);
}

export type { At };

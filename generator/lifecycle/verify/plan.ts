/**
 * What verify may call, and with which params: pure, from the model.
 *
 * Only reads are called (`x-effects: read`; a document from elsewhere says nothing, so its methods are
 * reads only where `--reads` names them). Params come from the method's first example, except those that
 * links fill: a method that is the target of links takes their values from the first source that answered,
 * because its examples name blocks, transactions and validators of another network. A link's source is
 * called even when `--methods` leaves it out of the report, as long as it is a read.
 */
import { linkParams, type LinkModel } from '../../model/links.js';
import { isRepeatable, type MethodModel, type ServiceModel } from '../../model/index.js';

export interface PlanOptions {
  /** Globs (`*`, `?`) of the methods to report; default all. */
  readonly methods?: readonly string[];
  /** `public`: skip what the public node does not serve (`x-availability.publicNode: false`). */
  readonly profile?: 'full' | 'public';
  /** Globs of methods to treat as reads where the document does not say (`x-effects` absent). */
  readonly reads?: readonly string[];
}

export interface Probe {
  readonly service: ServiceModel;
  readonly method: MethodModel;
  /** The endpoint's path, variables at their defaults (`/ext/bc/C/rpc`); `/` for a document without servers. */
  readonly path: string;
  /** Selected by `--methods`: reported. Others are called only as link sources. */
  readonly reported: boolean;
  /** Why it is not called at all. */
  readonly skip?: string;
  /** Links that can feed it, in document order. */
  readonly sources: readonly { readonly from: Probe; readonly link: LinkModel }[];
}

/** `*` any run of characters, `?` one; the whole name must match. */
export function globMatcher(globs: readonly string[]): (name: string) => boolean {
  const res = globs.map((g) => new RegExp(`^${g.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`));
  return (name) => res.some((r) => r.test(name));
}

export function endpointPath(service: ServiceModel): string {
  const e = service.endpoints.find((x) => x.transport === 'http');
  if (!e) return '/';
  return e.path.replace(/\{([^}]+)\}/g, (_, v: string) => e.variables[v]?.default ?? v) || '/';
}

export function plan(services: readonly ServiceModel[], options: PlanOptions = {}): Probe[] {
  const selected = options.methods?.length ? globMatcher(options.methods) : () => true;
  const assumedReads = options.reads?.length ? globMatcher(options.reads) : () => false;
  const probes: Probe[] = [];
  const byKey = new Map<string, { -readonly [K in keyof Probe]: Probe[K] }>();
  for (const service of services) {
    const path = endpointPath(service);
    for (const method of service.methods) {
      const read = method.effects.kind === 'read' || (method.effects.kind === 'unknown' && assumedReads(method.name));
      let skip: string | undefined;
      if (!read)
        skip =
          method.effects.kind === 'unknown'
            ? 'not known to be a read (the document has no x-effects; name it in --reads to call it)'
            : `not a read (x-effects: ${method.effects.kind}${isRepeatable(method.effects) ? ', idempotent' : ''})`;
      else if (method.websocketOnly) skip = 'only callable over WebSocket';
      else if (options.profile === 'public' && !method.availability.publicNode) skip = 'not served by a public node (--profile public)';
      const probe = { service, method, path, reported: selected(method.name), ...(skip ? { skip } : {}), sources: [] as { from: Probe; link: LinkModel }[] };
      byKey.set(`${service.name}\0${method.name}`, probe);
      probes.push(probe);
    }
  }
  // Links stay inside their document. A link that would close a cycle (A feeds B feeds A) is left out: a
  // method cannot wait for its own answer.
  const feeds = (from: Probe, to: Probe, seen = new Set<Probe>()): boolean => {
    if (from === to) return true;
    if (seen.has(from)) return false;
    seen.add(from);
    return from.sources.some((s) => feeds(s.from, to, seen));
  };
  // A source that is not called (a write such as eth_newFilter) still counts: its targets then say why they
  // have no params instead of calling with an example's value that names nothing on this node.
  for (const p of probes) {
    for (const link of p.method.links) {
      const target = byKey.get(`${p.service.name}\0${link.method}`);
      if (target && !feeds(p, target)) (target.sources as { from: Probe; link: LinkModel }[]).push({ from: p, link });
    }
  }
  return probes;
}

/** A finished call, as links read it. */
export interface Finished {
  readonly params: unknown;
  /** Absent when the call gave no result. */
  readonly result?: unknown;
  readonly answered: boolean;
}

/**
 * The params of one of the method's examples, by param name. Positional examples are read by position: a
 * document from elsewhere may spell an example's param name differently from the param (`newestblock`).
 */
function exampleParams(method: MethodModel, index = 0): Record<string, unknown> | undefined {
  const ex = method.examples[index];
  if (!ex) return undefined;
  if (method.positional) return Object.fromEntries(ex.params.slice(0, method.params.length).map((p, i) => [method.params[i]!.name, p.value]));
  return Object.fromEntries(ex.params.map((p) => [p.name, p.value]));
}

/**
 * How many different calls a method can be made with to feed links: one per example, for a method whose
 * params come from its examples (the first call, variant 0, is the one reported). A method fed by links is
 * called one way only.
 */
export function variants(probe: Probe): number {
  return probe.sources.length ? 1 : Math.max(1, probe.method.examples.length);
}

/**
 * The params to send (variant `variant` of the call), or why there are none. A method that links feed takes
 * the linked params from the first source call that yields them: each source is tried with each of its
 * examples in turn, since one example's call may hold what another lacks (the Primary Network's validators
 * are never L1 validators; an L1's may be).
 */
export async function paramsFor(
  probe: Probe,
  finished: (source: Probe, variant: number) => Promise<Finished | undefined>,
  variant = 0,
): Promise<{ params: unknown } | { skip: string }> {
  const m = probe.method;
  if (!probe.sources.length) {
    const named = exampleParams(m, variant);
    if (!named && m.params.some((p) => p.required)) return { skip: 'no params: the method has no example and no link gives them' };
    return { params: shape(m, named ?? {}) };
  }
  const named: Record<string, unknown> = { ...(exampleParams(m) ?? {}) };
  const tried: string[] = [];
  for (const { from, link } of probe.sources) {
    for (let v = 0; v < variants(from); v++) {
      const f = await finished(from, v);
      const which = variants(from) > 1 ? `${from.method.name} (example ${JSON.stringify(from.method.examples[v]?.name)})` : from.method.name;
      if (!f?.answered) {
        tried.push(`${which} ${f ? 'gave no result' : `is not called, ${from.skip ?? 'having no params'}`}`);
        continue;
      }
      const { values, missing } = linkParams(link, { params: f.params, result: f.result });
      const needed = missing.filter((name) => m.params.find((p) => p.name === name)?.required);
      if (needed.length) {
        tried.push(`${which} has no ${needed.map((n) => String(link.params[n])).join(', ')}`);
        continue;
      }
      Object.assign(named, values);
      for (const name of missing) delete named[name];
      return { params: shape(m, named) };
    }
  }
  return { skip: `no params from the node (the examples' values name things of another network): ${[...new Set(tried)].join('; ')}` };
}

/** Params by name in the method's wire form: an object, or an array up to the last param given. */
function shape(m: MethodModel, named: Record<string, unknown>): unknown {
  if (!m.positional) return Object.fromEntries(m.params.filter((p) => p.name in named).map((p) => [p.name, named[p.name]]));
  let last = -1;
  m.params.forEach((p, i) => {
    if (p.name in named) last = i;
  });
  // A gap before a param that is given is sent as null: geth reads it as the param's default.
  return m.params.slice(0, last + 1).map((p) => (p.name in named ? named[p.name] : null));
}

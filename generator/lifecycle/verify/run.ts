/**
 * The I/O of verify: calls a live node, politely. At most `concurrency` calls in flight, call starts at
 * most `rate` per second, each call bounded by `timeoutMs`, and no more than `maxCalls` calls in all (the
 * rest are skipped and say so). Calls are single JSON-RPC requests over HTTP POST: no batches, so an
 * endpoint that refuses arrays is asked the way it accepts. A method also served to plain GETs
 * (`x-http-get`) is asked each of its GET paths too, with the same params in the query string.
 */
import { deeperThan, MAX_DEPTH } from '../../lib/depth.js';
import { createConformance } from '../conform/index.js';
import type { ServiceModel } from '../../model/index.js';
import { getAtPointer } from '../../lib/pointer.js';
import { classify, type Answer } from './classify.js';
import { classifyGet, getPath, getQuery, type GetAnswer } from './http-get.js';
import { endpointPath, paramsFor, plan, type Finished, type PlanOptions, type Probe } from './plan.js';
import { STATUSES, type DiscoverReport, type MethodReport, type Status, type VerifyReport } from './types.js';

export interface VerifyOptions extends PlanOptions {
  /** The node's base URL (`http://127.0.0.1:9650`); each document's server path is appended. */
  readonly url: string;
  readonly services: readonly ServiceModel[];
  /** Calls in flight at once. Default 4. */
  readonly concurrency?: number;
  /** Call starts per second. Default 20. */
  readonly rate?: number;
  /** Per call. Default 10000 ms. */
  readonly timeoutMs?: number;
  /** Most calls in all (rpc.discover included). Default 1000. */
  readonly maxCalls?: number;
  /** Extra HTTP headers on every call (an API key). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Ask each endpoint for `rpc.discover` and compare. Default true. */
  readonly discover?: boolean;
  /** For tests and embedding: the fetch to use. */
  readonly fetch?: typeof fetch;
}

/** Bounded concurrency and a minimum spacing between call starts. */
class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private nextStart = 0;
  constructor(
    private readonly concurrency: number,
    private readonly spacingMs: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) await new Promise<void>((go) => this.waiting.push(go));
    this.active++;
    try {
      const now = Date.now();
      const at = Math.max(now, this.nextStart);
      this.nextStart = at + this.spacingMs;
      if (at > now) await new Promise((r) => setTimeout(r, at - now));
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

export async function verify(options: VerifyOptions): Promise<VerifyReport> {
  const conformance = createConformance(options.services);
  const probes = plan(options.services, options);
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxCalls = options.maxCalls ?? 1000;
  const gate = new Gate(Math.max(1, options.concurrency ?? 4), 1000 / Math.max(0.001, options.rate ?? 20));
  let calls = 0;
  let nextId = 1;

  const call = async (path: string, method: string, params: unknown): Promise<Answer | undefined> => {
    if (calls >= maxCalls) return undefined;
    calls++;
    return gate.run(() => post(doFetch, `${base}${path === '/' ? '' : path}`, { jsonrpc: '2.0', id: nextId++, method, params }, timeoutMs, options.headers));
  };

  // One outcome per probe and variant (variant 0 is the call reported), shared by everyone who needs it.
  interface Outcome {
    readonly report: Omit<MethodReport, 'method' | 'service'>;
    readonly finished?: Finished;
  }
  const outcomes = new Map<string, Promise<Outcome>>();
  const index = new Map(probes.map((p, i) => [p, i]));
  const outcome = (probe: Probe, variant = 0): Promise<Outcome> => {
    const key = `${index.get(probe)}:${variant}`;
    let o = outcomes.get(key);
    if (!o) outcomes.set(key, (o = run(probe, variant)));
    return o;
  };
  // The plan has no cycles of links, so waiting for sources ends.
  const run = async (probe: Probe, variant: number): Promise<Outcome> => {
    if (probe.skip) return { report: { status: 'skipped', problems: [], reason: probe.skip } };
    const chosen = await paramsFor(probe, async (from, v) => (await outcome(from, v)).finished, variant);
    if ('skip' in chosen) return { report: { status: 'skipped', problems: [], reason: chosen.skip } };
    const answer = await call(probe.path, probe.method.name, chosen.params);
    const sent = masked(probe, chosen.params);
    if (!answer) return { report: { status: 'skipped', problems: [], reason: `the call cap was reached (${maxCalls} calls)`, params: sent } };
    const verdict = classify(conformance, probe.service.name, probe.method, answer);
    return {
      report: { ...verdict, params: sent },
      finished: { params: chosen.params, answered: answer.kind === 'result', ...(answer.kind === 'result' ? { result: answer.result } : {}) },
    };
  };

  const getCall = async (target: string): Promise<GetAnswer | undefined> => {
    if (calls >= maxCalls) return undefined;
    calls++;
    return gate.run(() => fetchGet(doFetch, `${base}${target}`, timeoutMs, options.headers));
  };
  // A reported method's plain GETs: one entry per path, with the params its JSON-RPC call was given.
  const runGets = async (probe: Probe): Promise<MethodReport[]> => {
    const m = probe.method;
    const get = m.httpGet!;
    const chosen = probe.skip ? { skip: probe.skip } : await paramsFor(probe, async (from, v) => (await outcome(from, v)).finished);
    return Promise.all(
      get.paths.map(async (suffix): Promise<MethodReport> => {
        const path = getPath(probe.path, suffix);
        const head = { method: m.name, service: probe.service.name, get: path };
        if ('skip' in chosen) return { ...head, status: 'skipped', problems: [], reason: chosen.skip };
        const sent = masked(probe, chosen.params);
        const answer = await getCall(`${path}${getQuery(get, chosen.params)}`);
        if (!answer) return { ...head, status: 'skipped', problems: [], reason: `the call cap was reached (${maxCalls} calls)`, params: sent };
        return { ...head, ...classifyGet(conformance, probe.service.name, m, answer), params: sent };
      }),
    );
  };

  // Every reported probe, and those that state the node's version; link sources are pulled in by their
  // targets. The node sees calls in the order their params become known.
  const wanted = probes.filter((p) => p.reported || p.method.versionPointer !== undefined);
  const gets = new Map(probes.filter((p) => p.reported && p.method.httpGet).map((p) => [p, runGets(p)]));
  await Promise.all([...wanted.map((p) => outcome(p)), ...gets.values()]);
  const discover = options.discover === false ? [] : await discoverAll(options.services, call, base);

  const methods: MethodReport[] = [];
  for (const p of probes) {
    if (!p.reported) continue;
    const o = await outcome(p);
    methods.push({ method: p.method.name, service: p.service.name, ...o.report });
    methods.push(...((await gets.get(p)) ?? []));
  }
  let version: string | undefined;
  for (const p of wanted) {
    if (p.method.versionPointer === undefined || version !== undefined) continue;
    const f = (await outcome(p)).finished;
    const v = f?.answered ? getAtPointer(f.result, p.method.versionPointer) : undefined;
    if (typeof v === 'string' && v) version = v;
  }
  const summary = Object.fromEntries(STATUSES.map((s) => [s, methods.filter((m) => m.status === s).length])) as Record<Status, number>;
  return { node: { url: options.url, ...(version ? { version } : {}) }, methods, discover, summary: { ...summary, calls } };
}

/** Secret params (a keystore password) are never echoed into a report. */
function masked(probe: Probe, params: unknown): unknown {
  const secret = probe.method.params.filter((p) => p.secret);
  if (!secret.length) return params;
  if (Array.isArray(params)) return params.map((v, i) => (probe.method.params[i]?.secret ? '***' : v));
  if (params && typeof params === 'object') return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, secret.some((p) => p.name === k) ? '***' : v]));
  return params;
}

async function discoverAll(services: readonly ServiceModel[], call: (path: string, method: string, params: unknown) => Promise<Answer | undefined>, base: string): Promise<DiscoverReport[]> {
  const out: DiscoverReport[] = [];
  for (const service of services) {
    const path = endpointPath(service);
    const url = `${base}${path === '/' ? '' : path}`;
    const answer = await call(path, 'rpc.discover', []);
    if (!answer) break;
    const listed = answer.kind === 'result' ? getAtPointer(answer.result, '/methods') : undefined;
    if (!Array.isArray(listed)) {
      out.push({ service: service.name, url, served: false, notInSpec: [], notOnNode: [] });
      continue;
    }
    const names = new Set(listed.flatMap((m) => (m && typeof m === 'object' && typeof (m as { name?: unknown }).name === 'string' ? [(m as { name: string }).name] : [])));
    const ours = new Set(service.methods.map((m) => m.name));
    out.push({
      service: service.name,
      url,
      served: true,
      notInSpec: [...names].filter((n) => !ours.has(n)).sort(),
      notOnNode: [...ours].filter((n) => !names.has(n)).sort(),
    });
  }
  return out;
}

/** One plain GET: its status and body as they came (the verdict is classifyGet's). */
async function fetchGet(doFetch: typeof fetch, url: string, timeoutMs: number, headers: Readonly<Record<string, string>> = {}): Promise<GetAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await doFetch(url, { method: 'GET', headers: { ...headers }, signal });
    return { kind: 'reply', status: res.status, body: await res.text() };
  } catch (e) {
    return transportFailure(e as Error, signal, timeoutMs);
  }
}

function transportFailure(err: Error, signal: AbortSignal, timeoutMs: number): { kind: 'failed'; reason: string } {
  if (err.name === 'TimeoutError' || signal.aborted) return { kind: 'failed', reason: `no reply within ${timeoutMs} ms` };
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return { kind: 'failed', reason: `transport: ${cause?.code ?? cause?.message ?? err.message}` };
}

async function post(doFetch: typeof fetch, url: string, body: unknown, timeoutMs: number, headers: Readonly<Record<string, string>> = {}): Promise<Answer> {
  const signal = AbortSignal.timeout(timeoutMs);
  let text: string;
  let status: number;
  try {
    const res = await doFetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal });
    status = res.status;
    text = await res.text();
  } catch (e) {
    return transportFailure(e as Error, signal, timeoutMs);
  }
  if (status !== 200) return { kind: 'http', status, body: text };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'unreadable', reason: `the reply is not JSON: ${JSON.stringify(text.slice(0, 120))}` };
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return { kind: 'unreadable', reason: 'the reply is not a JSON-RPC response object' };
  const deep = deeperThan(json, MAX_DEPTH);
  if (deep !== undefined) return { kind: 'unreadable', reason: `the reply nests values more than ${MAX_DEPTH} levels deep (at ${deep.slice(0, 60)}${deep.length > 60 ? '...' : ''}); not checked` };
  const r = json as Record<string, unknown>;
  if (r.error && typeof r.error === 'object') {
    const e = r.error as Record<string, unknown>;
    return { kind: 'error', code: Number(e.code), message: String(e.message ?? ''), ...('data' in e ? { data: e.data } : {}) };
  }
  if (!('result' in r)) return { kind: 'unreadable', reason: 'the reply has neither result nor error' };
  return { kind: 'result', result: r.result };
}

/** The "Plain GET" section of a method page: the paths, query parameters and statuses of its `x-http-get`, and the GET in each client. */
import type { Endpoint, MethodModel } from '../../model/index.js';
import { queryString } from '../../../runtime/client/http-get.js';
import { shellWord } from '../../../tools/docs/try.js';
import { endpointPath, endpointUrl, type ExamplePrinter } from '../shared/examples.js';
import { code } from '../shared/markdown.js';
import type { GoDocsSamples } from './go-samples.js';
import type { PyDocsSamples } from './python-samples.js';

/** The GET made with the method's first example's params: one tab per way of sending it. */
export interface HttpGetSamples {
  readonly curl: string;
  readonly ts: string;
  readonly python?: string;
  readonly go?: string;
}

export interface SampleMakers {
  readonly printer: ExamplePrinter;
  readonly baseUrl: string;
  readonly py?: PyDocsSamples;
  readonly go?: GoDocsSamples;
}

export interface HttpGetView {
  /** `GET /ext/health`, one per path, as code. */
  readonly requests: readonly string[];
  /** `tag` (repeated) carries `tags`; empty when the GET takes no query parameters. */
  readonly query: string;
  /** `503 when /healthy is false; else 200`. */
  readonly status: string;
  /** `node.health.http.health(params)`, as code. */
  readonly call: string;
  readonly anchor: string;
  /** The tabs (none for a method without examples, or one the clients do not offer as a GET call). */
  readonly samples?: HttpGetSamples;
}

function samplesOf(method: MethodModel, endpoint: Endpoint, make: SampleMakers): HttpGetSamples | undefined {
  const ex = method.examples[0];
  if (!ex || !method.result || method.subscriptions) return undefined;
  const wire = make.printer.wire(method, ex);
  const named = Array.isArray(wire) ? Object.fromEntries(method.params.map((p, i) => [p.name, wire[i]])) : (wire as Record<string, unknown>);
  const url = `${endpointUrl(endpoint, make.baseUrl).replace(/\/+$/, '')}${method.httpGet!.paths[0] ?? ''}${queryString(method.httpGet!, named)}`;
  const request = JSON.stringify({ jsonrpc: '2.0', id: 1, method: method.name, params: wire });
  const python = make.py?.getSample(method, make.printer.args(method, method.params, ex.params), make.baseUrl);
  const go = make.go?.getSample(method, request, make.baseUrl);
  return { curl: `curl -s -i ${shellWord(url)}`, ts: make.printer.httpGet(method, ex), ...(python ? { python } : {}), ...(go ? { go } : {}) };
}

/** The section's facts, or none for a method without `x-http-get` (`anchor` claims the heading's id only then). */
export function httpGetView(method: MethodModel, endpoint: Endpoint | undefined, variable: string, anchor: () => string, make?: SampleMakers): HttpGetView | undefined {
  const get = method.httpGet;
  if (!get || !endpoint || endpoint.transport !== 'http') return undefined;
  const base = endpointPath(endpoint).replace(/\/+$/, '');
  const query = Object.entries(get.query)
    .map(([name, { param, list }]) => `${code(name)}${list ? ' (repeated, one per item)' : ''} carries ${code(param)}`)
    .join(', ');
  const status = get.status
    .map((r) => (r.when ? `${r.code} when ${code(r.when.pointer)} is ${code(JSON.stringify(r.when.equals))}` : `${r.code} otherwise`))
    .join('; ');
  return {
    requests: get.paths.map((p) => code(`GET ${base}${p}` || 'GET /')),
    query,
    status,
    call: code(`${variable}.${method.namespace}.http.${method.member}(${method.params.length ? 'params' : ''})`),
    anchor: anchor(),
    ...(make ? { samples: samplesOf(method, endpoint, make) } : {}),
  };
}

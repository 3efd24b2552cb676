/** The "Plain GET" section of a method page: the paths, query parameters and statuses of its `x-http-get`. */
import type { Endpoint, MethodModel } from '../../model/index.js';
import { endpointPath } from '../shared/examples.js';
import { code } from '../shared/markdown.js';

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
}

/** The section's facts, or none for a method without `x-http-get` (`anchor` claims the heading's id only then). */
export function httpGetView(method: MethodModel, endpoint: Endpoint | undefined, variable: string, anchor: () => string): HttpGetView | undefined {
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
  };
}

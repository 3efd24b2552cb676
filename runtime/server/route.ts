/**
 * Path routing: each service endpoint is a path template (`/ext/bc/{blockchainID}/rpc`) where a `{var}`
 * matches one path segment. When two templates could claim a path, the one with a literal segment at the
 * first place they differ wins (`/ext/bc/C/admin` over `/ext/bc/{blockchainID}/admin`).
 */
import type { EndpointMeta } from '../client/meta.js';

type Segment = { readonly literal: string } | { readonly variable: string };

interface Compiled<S> {
  readonly service: S;
  readonly endpoint: EndpointMeta;
  readonly segments: readonly Segment[];
  /** One letter per segment, `L` literal or `V` variable: sorting on it puts the most literal first. */
  readonly rank: string;
}

export interface RouteMatch<S> {
  readonly service: S;
  readonly endpoint: EndpointMeta;
  readonly path: string;
  readonly variables: Readonly<Record<string, string>>;
}

function split(path: string): string[] {
  return path.split('/').slice(1);
}

function compile<S>(service: S, endpoint: EndpointMeta): Compiled<S> {
  // An endpoint without a path (the default server of a document without `servers`) is served at `/`.
  const segments: Segment[] = split(endpoint.path || '/').map((s) => {
    const m = /^\{([^{}]+)\}$/.exec(s);
    return m ? { variable: m[1] as string } : { literal: s };
  });
  return { service, endpoint, segments, rank: segments.map((s) => ('literal' in s ? 'L' : 'V')).join('') };
}

const CACHE_LIMIT = 1024;

export class Router<S> {
  private readonly routes: readonly Compiled<S>[];
  private readonly cache = new Map<string, RouteMatch<S> | null>();

  constructor(entries: readonly { readonly service: S; readonly endpoint: EndpointMeta }[]) {
    const compiled = entries.map((e) => compile(e.service, e.endpoint));
    // Stable sort: among equally literal templates the declaration order decides.
    this.routes = compiled
      .map((route, index) => ({ route, index }))
      .sort((a, b) => (a.route.rank < b.route.rank ? -1 : a.route.rank > b.route.rank ? 1 : a.index - b.index))
      .map((x) => x.route);
  }

  /** Every endpoint path template, for messages. */
  templates(): string[] {
    return [...new Set(this.routes.map((r) => r.endpoint.path || '/'))];
  }

  /** The endpoint that serves `path` (no query string), or null. Results are cached per path. */
  match(path: string): RouteMatch<S> | null {
    const hit = this.cache.get(path);
    if (hit !== undefined) return hit;
    const found = this.find(path);
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(path, found);
    return found;
  }

  private find(path: string): RouteMatch<S> | null {
    if (path.charCodeAt(0) !== 47) return null;
    let parts = split(path);
    if (path.includes('%')) {
      try {
        parts = parts.map((p) => decodeURIComponent(p));
      } catch {
        return null;
      }
    }
    for (const route of this.routes) {
      if (route.segments.length !== parts.length) continue;
      let variables: Record<string, string> | undefined;
      let ok = true;
      for (let i = 0; i < parts.length && ok; i++) {
        const seg = route.segments[i] as Segment;
        const part = parts[i] as string;
        if ('literal' in seg) ok = seg.literal === part;
        else {
          const allowed = route.endpoint.variables[seg.variable]?.enum;
          ok = part !== '' && (!allowed || allowed.includes(part));
          // Variable names come from the spec's templates, never from the request.
          if (ok) (variables ??= {})[seg.variable] = part;
        }
      }
      if (ok) return { service: route.service, endpoint: route.endpoint, path, variables: variables ?? {} };
    }
    return null;
  }
}

/**
 * One OpenRPC document made of every document of the corpus (test/helpers/corpus.ts): the size class no
 * single published document reaches (the largest, Forest's, has 276 methods), with real-world content.
 *
 * Each source document is loaded alone as `generate` loads a foreign document (load/index.ts `loadProject`,
 * every standards problem a warning), which bundles it so that it stands alone (load/bundle.ts); the bundled
 * document then goes in under its own namespace:
 * - every method `<name>` becomes `<ns>_<name>`, so the client puts it under `client.<ns>` (a method name's
 *   prefix up to its first `.` or `_` is its namespace: model/index.ts `splitMethodName`), and what names a
 *   method (`x-replaced-by`, a link's `method`, `x-subscriptions.unsubscribe`) follows it;
 * - every component `components.<kind>.<key>` becomes `<ns>_<key>`, and every `$ref` to it follows;
 * - examples, example pairings, params and results are kept as they are.
 * `<ns>` is the corpus entry's name in camel case (`celestia-node` → `celestiaNode`), with the document's
 * file name added for an entry of several documents (`starknet`'s `api/starknet_write_api.json` →
 * `starknetWriteApi`).
 *
 * A source is left out, by these rules and never by its name, when it cannot go in unchanged in meaning:
 * - loading it alone reports an error, or makes no service of it (a warning is the document's own fault);
 * - a local `$ref` in it points anywhere but into `#/components/<kind>/<key>` (its target would move);
 * - it sets a service-wide fact the generator reads from the document's top level (`x-jsonrpc`,
 *   `x-namespace`, `x-availability`), which one merged document cannot hold per source.
 * The merged document has no `servers` (each source names its own host; the mock serves them all at one) and
 * declares the newest `openrpc` version among its sources.
 */
import { basename, extname } from 'node:path';
import { resolveConfig } from '../../generator/config/index.js';
import { loadProject } from '../../generator/load/index.js';
import { isError } from '../../generator/lib/diagnostics.js';
import { isRecord } from '../../generator/lib/guards.js';
import { joinPointer, splitPointer } from '../../generator/lib/pointer.js';
import { camelCase } from '../../generator/schema/ts-names.js';
import type { CorpusEntry } from './corpus.js';

/** A source document that went in. */
interface UnionSource {
  /** `<entry name>/<document path>`. */
  readonly source: string;
  readonly namespace: string;
  readonly methods: number;
}

/** A source document left out, with the rule that left it out. */
interface UnionLeftOut {
  readonly source: string;
  readonly why: string;
}

export interface CorpusUnion {
  readonly document: Record<string, unknown>;
  readonly sources: readonly UnionSource[];
  readonly leftOut: readonly UnionLeftOut[];
}

/** Top-level fields that set a fact for every method of the document (see load/extensions.ts). */
const SERVICE_WIDE = ['x-jsonrpc', 'x-namespace', 'x-availability'];

const NAMESPACE = /^[A-Za-z][A-Za-z0-9]*$/;

function namespaceOf(entry: CorpusEntry, document: string): string {
  if (entry.documents.length === 1) return camelCase(entry.name);
  // `api/starknet_write_api.json` of `starknet` → `starknet write api` (the entry's name said once).
  const file = basename(document, extname(document)).replace(/openrpc/gi, '');
  const words = file.split(/[^A-Za-z0-9]+/).filter((w) => w && w.toLowerCase() !== entry.name.toLowerCase());
  return camelCase([entry.name, ...words].join(' '));
}

/** `#/components/<kind>/<key>...` with the key prefixed; `undefined` for any other local reference. */
function renamedRef(ref: string, ns: string): string | undefined {
  let segments: string[];
  try {
    segments = splitPointer(ref);
  } catch {
    return undefined;
  }
  if (segments.length < 3 || segments[0] !== 'components') return undefined;
  const [, kind, key, ...rest] = segments;
  return `#${joinPointer('', 'components', kind!, `${ns}_${key}`, ...rest)}`;
}

/**
 * A copy of `value` with every local `$ref` renamed, or the first reference that cannot be. A `$ref` to
 * another file cannot be left after bundling unless it is broken, and a broken one stays as it is.
 */
function renameRefs(value: unknown, ns: string, bad: string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => renameRefs(v, ns, bad));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#')) {
      const renamed = renamedRef(v, ns);
      if (renamed === undefined) bad.push(v);
      out[k] = renamed ?? v;
    } else out[k] = renameRefs(v, ns, bad);
  }
  return out;
}

/** Renames what names a method of the source inside a method or link object. */
function renameMethodNames(document: Record<string, unknown>, ns: string, names: ReadonlySet<string>): void {
  const rename = (v: unknown) => (typeof v === 'string' && names.has(v) ? `${ns}_${v}` : v);
  const links = [...(isRecord(document.components) && isRecord(document.components.links) ? Object.values(document.components.links) : [])];
  for (const m of (document.methods as unknown[]).filter(isRecord)) {
    m.name = `${ns}_${String(m.name)}`;
    if ('x-replaced-by' in m) m['x-replaced-by'] = rename(m['x-replaced-by']);
    if (isRecord(m['x-subscriptions']) && 'unsubscribe' in m['x-subscriptions']) m['x-subscriptions'].unsubscribe = rename(m['x-subscriptions'].unsubscribe);
    if (Array.isArray(m.links)) links.push(...m.links);
  }
  for (const link of links.filter(isRecord)) if ('method' in link) link.method = rename(link.method);
}

/** One source bundled and renamed, or why it is left out. */
function renamed(entry: CorpusEntry, path: string, ns: string): { document: Record<string, unknown> } | { why: string } {
  // The generator's own load of the document alone, as `generate` runs it on a foreign document.
  const config = resolveConfig(entry.root, { documents: [path], out: 'out', strict: false, refsOutsideProject: true, package: { name: 'union-source' } });
  const loaded = loadProject(config);
  const error = loaded.problems.find(isError);
  if (error) return { why: `loading it reports an error: ${error.code}: ${error.message}` };
  const bundled = loaded.schemaDocuments[0];
  if (!loaded.model?.services.length || !bundled) return { why: 'the generator makes no service of it' };
  const wide = SERVICE_WIDE.filter((k) => k in bundled.document);
  if (wide.length) return { why: `it sets ${wide.join(', ')} for the whole document` };
  const bad: string[] = [];
  const document = renameRefs(bundled.document, ns, bad) as Record<string, unknown>;
  if (bad.length) return { why: `a local $ref points outside its components: ${bad[0]}` };
  if (!Array.isArray(document.methods)) return { why: 'it has no methods list' };
  const components = isRecord(document.components) ? document.components : {};
  document.components = Object.fromEntries(
    Object.entries(components).map(([kind, entries]) => [kind, isRecord(entries) ? Object.fromEntries(Object.entries(entries).map(([key, v]) => [`${ns}_${key}`, v])) : entries]),
  );
  renameMethodNames(document, ns, new Set(document.methods.filter(isRecord).map((m) => String(m.name))));
  return { document };
}

/** `1.0.0-rc1` < `1.2.6` < `1.4.1`, by the numbers of major, minor and patch. */
function newer(a: string, b: string): string {
  const parts = (v: string) => v.split(/[.-]/).slice(0, 3).map((n) => Number.parseInt(n, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! > y[i]! ? a : b;
  return a;
}

/** Every document of `corpus` merged into one, each under its own namespace (see the header). */
export function corpusUnion(corpus: readonly CorpusEntry[]): CorpusUnion {
  const methods: unknown[] = [];
  const components: Record<string, Record<string, unknown>> = {};
  const sources: UnionSource[] = [];
  const leftOut: UnionLeftOut[] = [];
  const namespaces = new Set<string>();
  let version = '1.0.0';
  for (const entry of corpus) {
    for (const path of entry.documents) {
      const source = `${entry.name}/${path}`;
      const ns = namespaceOf(entry, path);
      if (!NAMESPACE.test(ns) || namespaces.has(ns)) throw new Error(`${source}: namespace "${ns}" is not an identifier or is taken; name the corpus entry differently`);
      namespaces.add(ns);
      const r = renamed(entry, path, ns);
      if ('why' in r) {
        leftOut.push({ source, why: r.why });
        continue;
      }
      const list = r.document.methods as unknown[];
      methods.push(...list);
      for (const [kind, entries] of Object.entries(r.document.components as Record<string, unknown>)) {
        if (!isRecord(entries)) continue;
        Object.assign((components[kind] ??= {}), entries);
      }
      if (typeof r.document.openrpc === 'string') version = newer(version, r.document.openrpc);
      sources.push({ source, namespace: ns, methods: list.length });
    }
  }
  const document = {
    openrpc: version,
    info: {
      title: 'Published OpenRPC documents, merged',
      version: '1.0.0',
      description: `Every method of ${sources.length} published OpenRPC documents, each under its own namespace: ${sources.map((s) => s.namespace).join(', ')}.`,
    },
    methods,
    components,
  };
  return { document, sources, leftOut };
}

/**
 * Helpers of the execution-API conformance test: reading the standard's `.io` fixtures, finding where a
 * bundled schema is deliberately open (`x-open`), and building type-mutated copies of a result that a
 * tight schema must reject.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface JsonRpcRequest {
  jsonrpc: string;
  id: number | string;
  method: string;
  params?: unknown[];
}

export interface JsonRpcResponse {
  jsonrpc: string;
  id: number | string | null;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

export interface FixturePair {
  request: JsonRpcRequest;
  response: JsonRpcResponse;
}

export interface Fixture {
  /** `<method folder>/<file>.io` */
  name: string;
  speconly: boolean;
  pairs: FixturePair[];
}

/**
 * Every fixture under `dir`: one folder per method, one `.io` file per test. In a file, `>>` lines are
 * requests and `<<` lines their responses; `//` lines are comments (`// speconly` marks schema-only checks);
 * anything else is an error in the fixture.
 */
export function readFixtures(dir: string): Fixture[] {
  const out: Fixture[] = [];
  for (const folder of readdirSync(dir).sort()) {
    const path = join(dir, folder);
    if (!statSync(path).isDirectory()) continue;
    for (const file of readdirSync(path).sort()) {
      if (!file.endsWith('.io')) continue;
      const name = `${folder}/${file}`;
      const pairs: FixturePair[] = [];
      let speconly = false;
      let request: JsonRpcRequest | undefined;
      for (const raw of readFileSync(join(path, file), 'utf8').split('\n')) {
        const line = raw.trim();
        if (line === '') continue;
        if (line.startsWith('//')) {
          if (/speconly/.test(line)) speconly = true;
        } else if (line.startsWith('>>')) {
          request = JSON.parse(line.slice(2)) as JsonRpcRequest;
        } else if (line.startsWith('<<')) {
          if (!request) throw new Error(`${name}: a response without a request`);
          pairs.push({ request, response: JSON.parse(line.slice(2)) as JsonRpcResponse });
          request = undefined;
        } else {
          throw new Error(`${name}: unexpected line ${JSON.stringify(line.slice(0, 60))}`);
        }
      }
      out.push({ name, speconly, pairs });
    }
  }
  return out;
}

type Schema = Record<string, unknown> | boolean;
type Segment = string | number;

const ANNOTATIONS = new Set(['title', 'description', '$comment', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly']);

/** Follows `$ref`s (`#/...` pointers into `document`) until a schema that is not a bare reference. */
export function resolveSchema(document: unknown, schema: Schema | undefined): Schema | undefined {
  let current = schema;
  for (let hops = 0; hops < 64 && current && typeof current === 'object' && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref as string;
    if (!ref.startsWith('#/')) throw new Error(`unexpected external reference ${ref}`);
    let node: unknown = document;
    for (const seg of ref.slice(2).split('/')) {
      node = (node as Record<string, unknown>)[seg.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    current = node as Schema;
  }
  return current;
}

/** A schema that accepts anything: marked `x-open`, `true`, or with nothing but annotations. */
function isOpen(schema: Schema): boolean {
  if (schema === true) return true;
  if (schema === false) return false;
  if (schema['x-open'] === true) return true;
  return Object.keys(schema).every((k) => ANNOTATIONS.has(k) || k.startsWith('x-'));
}

/**
 * Whether the value at `path` inside a value of `schema` may be anything: some schema reachable along the
 * path (through references, `oneOf`/`anyOf`/`allOf` branches, properties, items and maps) is open.
 */
export function isOpenAt(document: unknown, schema: Schema | undefined, path: readonly Segment[]): boolean {
  const s = resolveSchema(document, schema);
  if (s === undefined) return false;
  if (isOpen(s)) return true;
  if (typeof s === 'boolean') return false;
  for (const combinator of ['oneOf', 'anyOf', 'allOf']) {
    const branches = s[combinator];
    if (Array.isArray(branches) && branches.some((b) => isOpenAt(document, b as Schema, path))) return true;
  }
  if (path.length === 0) return false;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const items = s.items;
    const item = Array.isArray(items) ? ((items[head] as Schema | undefined) ?? (s.additionalItems as Schema | undefined)) : (items as Schema | undefined);
    return item !== undefined && isOpenAt(document, item, rest);
  }
  const properties = s.properties as Record<string, Schema> | undefined;
  if (properties && head! in properties) return isOpenAt(document, properties[head!], rest);
  const patterns = s.patternProperties as Record<string, Schema> | undefined;
  if (patterns) for (const [re, p] of Object.entries(patterns)) if (new RegExp(re, 'u').test(head!) && isOpenAt(document, p, rest)) return true;
  const additional = s.additionalProperties as Schema | undefined;
  if (additional !== undefined && additional !== false) return isOpenAt(document, additional, rest);
  return false;
}

export interface Mutation {
  /** What was changed, for messages. */
  what: string;
  path: Segment[];
  value: unknown;
}

/** The same JSON kind swapped for another: what a tight schema must notice. */
function swapType(value: unknown): unknown {
  if (value === null) return 0;
  if (Array.isArray(value)) return { notAnArray: true };
  if (typeof value === 'object') return [];
  if (typeof value === 'string') return 42;
  if (typeof value === 'number') return `x${value}`;
  if (typeof value === 'boolean') return 'true';
  return null;
}

/**
 * Type-mutated copies of a result: its root swapped for another JSON type, and inside it the first string
 * turned into a number, the first quantity and the first long hex value into non-hex strings, the first
 * number into a string, the first boolean into a string, the first nested object into an array, the first
 * nested array into an object, and the last string into a number.
 */
export function mutationsOf(value: unknown): Mutation[] {
  const out: Mutation[] = [{ what: 'root type swapped', path: [], value: swapType(value) }];
  interface Leaf {
    path: Segment[];
    kind: 'array' | 'object' | 'string' | 'number' | 'boolean' | 'null';
    value: unknown;
  }
  const leaves: Leaf[] = [];
  const walk = (v: unknown, path: Segment[]) => {
    if (Array.isArray(v)) {
      if (path.length) leaves.push({ path, kind: 'array', value: v });
      v.forEach((x, i) => walk(x, [...path, i]));
    } else if (v !== null && typeof v === 'object') {
      if (path.length) leaves.push({ path, kind: 'object', value: v });
      for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
    } else if (path.length) {
      leaves.push({ path, kind: v === null ? 'null' : (typeof v as 'string' | 'number' | 'boolean'), value: v });
    }
  };
  walk(value, []);
  const pick = (test: (l: Leaf) => boolean, what: string, make: (l: Leaf) => unknown) => {
    const leaf = leaves.find(test);
    if (leaf) out.push({ what, path: leaf.path, value: make(leaf) });
  };
  pick((l) => l.kind === 'string', 'first string → number', () => 42);
  pick((l) => l.kind === 'string' && /^0x[0-9a-f]{1,16}$/.test(l.value as string), 'first quantity → non-hex string', () => '0xzz');
  pick((l) => l.kind === 'string' && /^0x[0-9a-fA-F]{20,}$/.test(l.value as string), 'first hex data → no prefix, non-hex', (l) => `${(l.value as string).slice(2)}zz`);
  pick((l) => l.kind === 'number', 'first number → string', (l) => `x${String(l.value)}`);
  pick((l) => l.kind === 'boolean', 'first boolean → string', () => 'yes');
  pick((l) => l.kind === 'object', 'first object → array', () => []);
  pick((l) => l.kind === 'array', 'first array → object', () => ({ notAnArray: true }));
  const strings = leaves.filter((l) => l.kind === 'string');
  if (strings.length > 1) out.push({ what: 'last string → number', path: strings[strings.length - 1]!.path, value: 42 });
  return out;
}

/** A copy of `root` with the value at `path` replaced. */
export function withValueAt(root: unknown, path: readonly Segment[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const seg of path.slice(0, -1)) node = node[seg] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

/** A well-formed JSON-RPC 2.0 error response to `request`. */
export function isWellFormedError(request: JsonRpcRequest, response: JsonRpcResponse): boolean {
  const e = response.error as Record<string, unknown> | undefined;
  return (
    response.jsonrpc === '2.0' &&
    response.id === request.id &&
    !('result' in response) &&
    e !== undefined &&
    Number.isInteger(e.code) &&
    typeof e.message === 'string' &&
    Object.keys(e).every((k) => k === 'code' || k === 'message' || k === 'data')
  );
}

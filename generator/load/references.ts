/**
 * The `$ref`s of a bundled document: found once per part (parts are immutable), and checked after bundling
 * (every local reference resolves, no chain of bare references loops).
 */
import type { Diagnostic } from '../lib/diagnostics.js';
import { isRecord } from '../lib/guards.js';
import { getAtPointer, joinPointer } from '../lib/pointer.js';
import { slot, type Memory } from '../lib/memory.js';
import { visitParts } from './document.js';
import type { Provenance } from './provenance.js';

/** A `$ref` in a part of a bundled document: where it is from the part's root, what it says, its object. */
export interface RefSite {
  readonly path: readonly (string | number)[];
  readonly ref: string;
  readonly node: object;
}

/** The references in each part (a method, a component, ...) of bundled documents, by the part: parts are immutable. */
const REF_SITES = slot<object, readonly RefSite[]>('references of parts');

/** `memory`: the run's, where they are kept for a next run (absent: they are not kept). */
export function refSitesOf(part: object, memory?: Memory): readonly RefSite[] {
  return memory ? memory.keptIn(REF_SITES, part, () => findRefSites(part)) : findRefSites(part);
}

function findRefSites(part: object): readonly RefSite[] {
  const found: RefSite[] = [];
  const path: (string | number)[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach((v, i) => {
        path.push(i);
        walk(v);
        path.pop();
      });
    } else if (isRecord(node)) {
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref' && typeof v === 'string') found.push({ path: [...path], ref: v, node });
        else {
          path.push(k);
          walk(v);
          path.pop();
        }
      }
    }
  };
  walk(part);
  return found;
}

/**
 * Every `$ref` of a bundled document: each part's from memory (see `visitParts`), with the path to the part
 * (the reference is at `site.path` below it).
 */
export function referencesOf(document: Record<string, unknown>, memory: Memory, visit: (base: readonly (string | number)[], site: RefSite) => void): void {
  visitParts(
    document,
    (value, base) => {
      if (value === null || typeof value !== 'object') return;
      for (const site of refSitesOf(value, memory)) visit(base, site);
    },
    (node, path) => {
      const ref = (node as Record<string, unknown>).$ref;
      if (typeof ref === 'string') visit(path, { path: [], ref, node });
    },
  );
}

/** Every `#...` reference resolves, and no chain of bare references loops. */
export function checkLocalRefs(document: Record<string, unknown>, provenance: Provenance, broken: Set<object>, brokenAt: string[], memory: Memory): Diagnostic[] {
  const problems: Diagnostic[] = [];
  /** By reference: its target (`undefined`: none), and the places a chain of bare references from it passes through. */
  const verdicts = new Map<string, { target: unknown; chain: ReadonlySet<string> }>();
  const verdict = (ref: string) => {
    let v = verdicts.get(ref);
    if (v) return v;
    let target: unknown;
    try {
      target = getAtPointer(document, ref.slice(1));
    } catch {
      target = undefined;
    }
    // Follow bare references ({ $ref } and nothing that constrains), to the first place seen twice.
    const chain = new Set<string>();
    let current: unknown = target;
    let at = ref.slice(1);
    while (target !== undefined && isRecord(current) && typeof current.$ref === 'string' && isBareRef(current)) {
      if (chain.has(at)) break;
      chain.add(at);
      const next = current.$ref as string;
      if (!next.startsWith('#')) break;
      at = next.slice(1);
      current = getAtPointer(document, at);
    }
    verdicts.set(ref, (v = { target, chain }));
    return v;
  };
  referencesOf(document, memory, (base, { path: below, ref, node }) => {
    const pointer = () => joinPointer(joinPointer('', ...base), ...below);
    const isBroken = () => {
      if (broken.has(node)) return;
      broken.add(node);
      brokenAt.push(pointer());
    };
    if (!ref.startsWith('#')) {
      isBroken(); // external ones that stayed external failed to bundle, and were reported then
      return;
    }
    const { target, chain } = verdict(ref);
    if (target === undefined && outsideSchemas([...base, ...below])) {
      // Under a keyword of no schema meaning: no validator or type reads it, so the document keeps its meaning.
      problems.push({
        ...provenance.at(
          joinPointer(pointer(), '$ref'),
          'ref-unused-unresolved',
          `Reference "${ref}" does not resolve, but it sits under "${unknownKeywordOf([...base, ...below])}", which is no schema keyword, so nothing reads it; it is left as it is. Remove it or move it under "properties" (with --strict this is an error).`,
        ),
        // (An error when the run is strict: load/index.ts, TOLERATED.)
        severity: 'warning',
      });
      return;
    }
    if (target === undefined) {
      isBroken();
      problems.push(provenance.at(joinPointer(pointer(), '$ref'), 'ref-unresolved', `Reference "${ref}" does not resolve: nothing at that pointer in the document.`));
      return;
    }
    // A chain that comes back to this reference's own place loops (a loop elsewhere is reported from its members).
    if (chain.size && chain.has(pointer())) {
      isBroken();
      problems.push(
        provenance.at(
          joinPointer(pointer(), '$ref'),
          'ref-cycle',
          `Reference "${ref}" is circular: it leads back to itself through references only, so it never names a schema. Point one of them at a real schema.`,
        ),
      );
    }
  });
  return problems;
}

/** Keywords whose value is a schema, a list of schemas, or a map of names to schemas (draft-07 to 2020-12). */
const ONE_SCHEMA = new Set(['additionalProperties', 'additionalItems', 'unevaluatedProperties', 'unevaluatedItems', 'contains', 'not', 'if', 'then', 'else', 'propertyNames', 'contentSchema', 'items']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas', 'dependencies']);

/**
 * The first keyword on the way to a place inside a schema that is no schema keyword (`blockNumber` beside
 * `type`), or undefined where every step is one (or the place is not inside a schema the document names).
 */
function unknownKeywordOf(path: readonly (string | number)[]): string | undefined {
  // Where a schema starts: a component schema, or a content descriptor's `schema`.
  let i = path[0] === 'components' && path[1] === 'schemas' ? 3 : path.indexOf('schema') + 1;
  if (i <= 0 || i > path.length) return undefined;
  while (i < path.length) {
    const k = String(path[i]);
    if (SCHEMA_MAPS.has(k)) i += 2;
    else if (SCHEMA_LISTS.has(k) && typeof path[i + 1] === 'number') i += 2;
    else if (ONE_SCHEMA.has(k)) i += 1;
    else return i === path.length - 1 && k === '$ref' ? undefined : k;
  }
  return undefined;
}

function outsideSchemas(path: readonly (string | number)[]): boolean {
  return unknownKeywordOf(path) !== undefined;
}

const ANNOTATIONS = new Set(['$ref', 'title', 'description', '$comment', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly']);
export function isBareRef(node: Record<string, unknown>): boolean {
  return Object.keys(node).every((k) => ANNOTATIONS.has(k) || k.startsWith('x-'));
}

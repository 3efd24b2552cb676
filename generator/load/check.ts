/**
 * Checks on one bundled document that need no schema compiled: the OpenRPC meta-schema, our extension
 * fields and lint rules. (Schemas and examples are checked in examples.ts, on the schema thread.) Each check
 * appends diagnostics; none stops the others, so one run reports everything.
 */
import type { ErrorObject } from 'ajv';
import type { Diagnostic } from '../lib/diagnostics.js';
import { describeAjvError, simplifyErrors } from '../schema/ajv-errors.js';
import type { Provenance } from './provenance.js';
import { isRecord } from '../lib/guards.js';
import { extensionValidator } from './extension-validators.js';
import { extensionSchemas, type ExtensionPlace } from './extensions.js';
import { getAtPointer, joinPointer } from '../lib/pointer.js';
import { deref, methodsOf, visitParts } from './document.js';
import { slot, type Memory, type Slot } from '../lib/memory.js';
import { checkLinks } from './links.js';
import { checkResultCases } from './result-cases.js';
import { contentHash, noCache, type Cache } from '../speed/cache.js';
import { META_VERSION, metaValidator } from './meta-schema.js';

/** Methods found valid against the meta-schema, by object (see incremental.ts). */
const validMethods = new WeakSet<object>();

/**
 * With some of its methods known valid (a method object that passed before passes again), whether the
 * document is valid, by checking the rest of it alone: the document without its methods, and each method not
 * known in a document of its own. The meta-schema constrains each method on its own and nothing across
 * them, so the parts are valid exactly when the whole is. `undefined` when no method is known (a first run:
 * the whole is checked as it always was) or when a part fails (the whole is checked, for its report).
 */
function validByParts(document: Record<string, unknown>): true | undefined {
  const methods = document.methods;
  if (!Array.isArray(methods) || !methods.some((m) => m !== null && typeof m === 'object' && validMethods.has(m))) return undefined;
  const validate = metaValidator();
  if (!validate({ ...document, methods: [] })) return undefined;
  for (const m of methods) {
    if (m !== null && typeof m === 'object' && validMethods.has(m)) continue;
    if (!validate({ openrpc: '1.3.2', info: { title: 'method', version: '1' }, methods: [m] })) return undefined;
    if (m !== null && typeof m === 'object') validMethods.add(m);
  }
  return true;
}

function rememberValid(document: Record<string, unknown>): void {
  if (Array.isArray(document.methods)) for (const m of document.methods) if (m !== null && typeof m === 'object') validMethods.add(m);
}

export function checkMetaSchema(document: Record<string, unknown>, provenance: Provenance, cache: Cache = noCache): Diagnostic[] {
  if (validByParts(document)) return [];
  // A document that passed before (same bytes, same meta-schema) passes again: no need to compile the
  // meta-schema at all.
  // (Without a cache there is nothing to look up: the hash of a large document costs more than a tenth of a second.)
  const key = cache === noCache ? undefined : contentHash('meta', META_VERSION, JSON.stringify(document));
  if (key !== undefined && cache.get('meta', key) === 'ok') {
    rememberValid(document);
    return [];
  }
  const validate = metaValidator();
  if (validate(document)) {
    if (key !== undefined) cache.set('meta', key, 'ok');
    rememberValid(document);
    return [];
  }
  const errors = refineMetaErrors(document, validate.errors ?? []);
  // A field the specification does not define changes nothing the generator reads: it is ignored, and
  // reported under its own code (a warning unless the run is strict).
  return errors.map(
    (e) =>
      tolerated(document, provenance, e) ??
      (e.keyword === 'additionalProperties'
        ? provenance.at(pointerOfError(e), 'openrpc-unknown-field', `${metaMessage(e)}; it is ignored.`)
        : provenance.at(pointerOfError(e), 'openrpc-invalid', `Not valid OpenRPC: ${metaMessage(e)}.`)),
  );
}

/**
 * The faults published documents often have that leave their meaning clear: reported with their own code
 * (a warning; an error when the run is strict, load/index.ts), and the document generated anyway.
 */
function tolerated(document: Record<string, unknown>, provenance: Provenance, e: ErrorObject): Diagnostic | undefined {
  const p = e.params as Record<string, unknown>;
  const version = document.openrpc;
  if (e.instancePath === '/openrpc' && e.keyword === 'pattern' && typeof version === 'string') {
    const m = /^1\.(\d+)(\.[0-9x*]+)?$/i.exec(version);
    if (m) return { ...provenance.at('/openrpc', 'openrpc-version-loose', `"openrpc" is "${version}", not a version number (like 1.${m[1]}.0); read as OpenRPC 1.${m[1]}.`), severity: 'warning' };
  }
  if (e.keyword === 'required' && p.missingProperty === 'name' && /^\/methods\/\d+\/result$/.test(e.instancePath)) {
    return { ...provenance.at(e.instancePath, 'result-name-missing', `The result has no "name" (OpenRPC requires one); it is called "result".`), severity: 'warning' };
  }
  return undefined;
}

/** The pointer an error is about: for a missing or unknown field, the field itself. */
function pointerOfError(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties') return joinPointer(e.instancePath, String(p.additionalProperty));
  return e.instancePath;
}

function metaMessage(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  const where = e.instancePath === '' ? 'the document' : e.instancePath;
  if (e.keyword === 'additionalProperties')
    return `${where} has unknown field "${String(p.additionalProperty)}" (specification extensions must start with "x-")`;
  return describeAjvError(e);
}

/**
 * The meta-schema offers `oneOf [Thing, Reference]` almost everywhere, so one mistake fails both branches.
 * Keep the branch the author meant: the reference branch when the value has `$ref`, the other otherwise.
 */
function refineMetaErrors(document: unknown, errors: readonly ErrorObject[]): ErrorObject[] {
  const kept = errors.filter((e) => {
    const value = getAtPointer(document, e.instancePath);
    const isRef = isRecord(value) && typeof value.$ref === 'string';
    const fromRefBranch = (e.parentSchema as { title?: string } | undefined)?.title === 'referenceObject';
    if (fromRefBranch) return isRef;
    // A reference object failing the non-reference branch is not a mistake.
    return !(isRef && e.keyword !== 'oneOf');
  });
  const simplified = simplifyErrors(kept);
  // Deduplicate identical messages at the same place.
  const seen = new Set<string>();
  return simplified.filter((e) => {
    const key = `${pointerOfError(e)} ${metaMessage(e)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A problem found in a part of a document, at a pointer below the part's own (located when reported). */
type Found = readonly [pointer: string, code: string, message: string];

/** What checking one extension field's value says, at a pointer below the field's holder. */
function checkExtensionsOf(place: ExtensionPlace, node: unknown, found: Found[], pointer = ''): void {
  if (!isRecord(node)) return;
  for (const key of Object.keys(extensionSchemas[place])) {
    if (!(key in node)) continue;
    const validate = extensionValidator(place, key);
    if (validate(node[key])) continue;
    for (const e of simplifyErrors(validate.errors ?? [])) found.push([joinPointer(pointer, key) + e.instancePath, 'extension-invalid', `${key}: ${describeAjvError(e)}.`]);
  }
}

/** The schema extensions anywhere inside `node` (a part, or a level above the parts without its parts). */
function schemaExtensionsIn(node: unknown, found: Found[], shallow = false): void {
  // A node's pointer is joined only when it has one.
  const path: (string | number)[] = [];
  const walk = (n: unknown, top: boolean) => {
    if (Array.isArray(n)) {
      if (shallow && top) return;
      n.forEach((v, i) => {
        path.push(i);
        walk(v, false);
        path.pop();
      });
    } else if (isRecord(n)) {
      if ('x-codec' in n || 'x-open' in n || 'x-hex-only' in n) checkExtensionsOf('schema', n, found, joinPointer('', ...path));
      if (shallow && top) return;
      for (const [k, v] of Object.entries(n)) {
        path.push(k);
        walk(v, false);
        path.pop();
      }
    }
  };
  walk(node, true);
}

/** What each part says about its extensions, by the part (parts are immutable). */
const METHOD_EXTENSIONS = slot<object, readonly Found[]>('extensions of methods');
const SCHEMA_EXTENSIONS = slot<object, readonly Found[]>('extensions of schemas');
const DESCRIPTOR_EXTENSIONS = slot<object, readonly Found[]>('extensions of content descriptors');

function checkExtensions(document: Record<string, unknown>, provenance: Provenance, memory: Memory | undefined): Diagnostic[] {
  const kept = (memo: Slot<object, readonly Found[]>, part: object, find: (found: Found[]) => void): readonly Found[] => {
    const make = () => {
      const list: Found[] = [];
      find(list);
      return list;
    };
    return memory ? memory.keptIn(memo, part, make) : make();
  };
  const problems: Diagnostic[] = [];
  const report = (base: string, found: readonly Found[]) => {
    for (const [pointer, code, message] of found) problems.push(provenance.at(base + pointer, code, message));
  };
  const direct: Found[] = [];
  checkExtensionsOf('document', document, direct);
  report('', direct);
  (Array.isArray(document.servers) ? document.servers : []).forEach((s, i) => {
    const found: Found[] = [];
    checkExtensionsOf('server', s, found);
    report(`/servers/${i}`, found);
  });
  for (const { pointer, method } of methodsOf(document)) {
    report(
      pointer,
      kept(METHOD_EXTENSIONS, method, (found) => {
        checkExtensionsOf('method', method, found);
        (Array.isArray(method.params) ? method.params : []).forEach((p, i) => checkExtensionsOf('contentDescriptor', p, found, `/params/${i}`));
      }),
    );
  }
  const cds = getAtPointer(document, '/components/contentDescriptors');
  if (isRecord(cds)) {
    for (const k of Object.keys(cds)) {
      const cd = cds[k];
      const at = joinPointer('/components/contentDescriptors', k);
      if (isRecord(cd)) report(at, kept(DESCRIPTOR_EXTENSIONS, cd, (found) => checkExtensionsOf('contentDescriptor', cd, found)));
    }
  }
  // Schema extensions may sit at any depth of any schema.
  visitParts(
    document,
    (part, path) => {
      if (part === null || typeof part !== 'object') return;
      report(joinPointer('', ...path), kept(SCHEMA_EXTENSIONS, part, (found) => schemaExtensionsIn(part, found)));
    },
    (level, path) => {
      const found: Found[] = [];
      schemaExtensionsIn(level, found, true);
      report(joinPointer('', ...path), found);
    },
  );
  return problems;
}

/** What linting a method says, without the checks across methods (names), by the method: see `lint`. */
const METHOD_LINT = slot<object, readonly Found[]>('method lint');

function lint(document: Record<string, unknown>, provenance: Provenance, projectOnly: boolean, memory: Memory | undefined): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const firstByName = new Map<string, string>();
  for (const { pointer, method } of methodsOf(document)) {
    const name = typeof method.name === 'string' ? method.name : undefined;
    if (name !== undefined) {
      const first = firstByName.get(name);
      if (first !== undefined) {
        const o = provenance.origin(first);
        problems.push(
          provenance.at(
            joinPointer(pointer, 'name'),
            'method-duplicate',
            `Method "${name}" is defined twice (first at ${o ? `${o.file} ${o.pointer}` : first}). Method names must be unique: remove or rename one.`,
          ),
        );
      } else firstByName.set(name, pointer);
    }
    // Kept by the method, its place, what it reaches (its params may be references) and what is checked.
    // (A run that keeps nothing has nothing to find it by: see lib/memory.ts.)
    const found = memory?.keeping ? memory.memo(METHOD_LINT).get(method, [pointer, memory.reach(document, method), projectOnly], () => lintMethod(document, pointer, method, projectOnly)) : lintMethod(document, pointer, method, projectOnly);
    for (const [at, code, message] of found) problems.push(provenance.at(at, code, message));
  }
  return problems;
}

function lintMethod(document: Record<string, unknown>, pointer: string, method: Record<string, unknown>, projectOnly: boolean): Found[] {
  const found: Found[] = [];
  const name = typeof method.name === 'string' ? method.name : undefined;
  const params = Array.isArray(method.params) ? method.params : [];
  const seen = new Set<string>();
  let optionalSeen = false;
  params.forEach((_, i) => {
    const p = deref(document, `${pointer}/params/${i}`);
    if (!p || !isRecord(p.value)) return;
    const pname = String(p.value.name);
    if (seen.has(pname)) found.push([`${pointer}/params/${i}/name`, 'param-duplicate', `Param "${pname}" appears twice in ${name}: param names must be unique.`]);
    seen.add(pname);
    const required = p.value.required === true;
    if (method.paramStructure !== 'by-name') {
      if (required && optionalSeen)
        found.push(
          [`${pointer}/params/${i}`, 'param-order', `Required param "${pname}" of ${name} follows an optional one; by-position params can only omit trailing values. Reorder them or make it optional.`],
        );
      if (!required) optionalSeen = true;
    }
  });
  if (projectOnly && !('x-effects' in method))
    found.push(
      [pointer, 'effects-missing', `Method ${name ?? pointer} does not say what it does to the node. Add "x-effects: read", "write" or "admin" (a write that is harmless to repeat: "{ kind: write, idempotent: true }").`],
    );
  const examples = Array.isArray(method.examples) ? method.examples : [];
  if (examples.length === 0)
    found.push([pointer, 'example-missing', `Method ${name ?? pointer} has no example. Add at least one example pairing (params and result).`]);
  return found;
}

/**
 * The checks that need no schema compiled: the meta-schema, extension fields and lint. Schemas and examples
 * are checked by {@link checkSchemasAndExamples}, on the schema thread. `projectOnly: false` leaves out the
 * facts only a project's own spec must state (`effects-missing`), which a document from elsewhere is never
 * told about: locating one per method of a big document costs more than the rest of the lint.
 */
export function checkDocument(document: Record<string, unknown>, provenance: Provenance, options: { cache?: Cache; projectOnly?: boolean; memory?: Memory } = {}): Diagnostic[] {
  return [
    ...checkMetaSchema(document, provenance, options.cache),
    ...checkExtensions(document, provenance, options.memory),
    ...lint(document, provenance, options.projectOnly ?? true, options.memory),
    ...checkLinks(document, provenance),
    ...checkResultCases(document, provenance),
  ];
}

/**
 * Checks on one bundled document that need no schema compiled: the OpenRPC meta-schema, our extension
 * fields and lint rules. (Schemas and examples are checked in examples.ts, on the schema thread.) Each check
 * appends diagnostics; none stops the others, so one run reports everything.
 */
import type { ErrorObject } from 'ajv';
import type { Diagnostic } from '../diagnostics.js';
import { describeAjvError, simplifyErrors } from '../schema/ajv-errors.js';
import type { Provenance } from './bundle.js';
import { isObject } from './bundle.js';
import { extensionValidator } from './extension-validators.js';
import { extensionSchemas, type ExtensionPlace } from './extensions.js';
import { getAtPointer, joinPointer } from './pointer.js';
import { deref, methodsOf } from './document.js';
import { checkLinks } from './links.js';
import { contentHash, noCache, type Cache } from '../cache.js';
import { META_VERSION, metaValidator } from './meta-schema.js';

export function checkMetaSchema(document: Record<string, unknown>, provenance: Provenance, cache: Cache = noCache): Diagnostic[] {
  // A document that passed before (same bytes, same meta-schema) passes again: no need to compile the
  // meta-schema at all.
  // (Without a cache there is nothing to look up: the hash of a large document costs more than a tenth of a second.)
  const key = cache === noCache ? undefined : contentHash('meta', META_VERSION, JSON.stringify(document));
  if (key !== undefined && cache.get('meta', key) === 'ok') return [];
  const validate = metaValidator();
  if (validate(document)) {
    if (key !== undefined) cache.set('meta', key, 'ok');
    return [];
  }
  const errors = refineMetaErrors(document, validate.errors ?? []);
  return errors.map((e) => provenance.at(pointerOfError(e), 'openrpc-invalid', `Not valid OpenRPC: ${metaMessage(e)}.`));
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
    const isRef = isObject(value) && typeof value.$ref === 'string';
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

function checkExtensions(document: Record<string, unknown>, provenance: Provenance): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const check = (place: ExtensionPlace, node: unknown, pointer: string) => {
    if (!isObject(node)) return;
    for (const key of Object.keys(extensionSchemas[place])) {
      if (!(key in node)) continue;
      const validate = extensionValidator(place, key);
      if (validate(node[key])) continue;
      for (const e of simplifyErrors(validate.errors ?? [])) {
        problems.push(provenance.at(joinPointer(pointer, key) + e.instancePath, 'extension-invalid', `${key}: ${describeAjvError(e)}.`));
      }
    }
  };
  check('document', document, '');
  (Array.isArray(document.servers) ? document.servers : []).forEach((s, i) => check('server', s, `/servers/${i}`));
  for (const { pointer, method } of methodsOf(document)) {
    check('method', method, pointer);
    (Array.isArray(method.params) ? method.params : []).forEach((p, i) => check('contentDescriptor', p, `${pointer}/params/${i}`));
  }
  const cds = getAtPointer(document, '/components/contentDescriptors');
  if (isObject(cds)) for (const k of Object.keys(cds)) check('contentDescriptor', cds[k], joinPointer('/components/contentDescriptors', k));
  // Schema extensions may sit at any depth of any schema. (A node's pointer is joined only when it has one.)
  const path: (string | number)[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach((v, i) => {
        path.push(i);
        walk(v);
        path.pop();
      });
    } else if (isObject(node)) {
      if ('x-codec' in node || 'x-open' in node || 'x-hex-only' in node) check('schema', node, joinPointer('', ...path));
      for (const [k, v] of Object.entries(node)) {
        path.push(k);
        walk(v);
        path.pop();
      }
    }
  };
  walk(document);
  return problems;
}

function lint(document: Record<string, unknown>, provenance: Provenance, projectOnly: boolean): Diagnostic[] {
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
    const params = Array.isArray(method.params) ? method.params : [];
    const seen = new Set<string>();
    let optionalSeen = false;
    params.forEach((_, i) => {
      const p = deref(document, `${pointer}/params/${i}`);
      if (!p || !isObject(p.value)) return;
      const pname = String(p.value.name);
      if (seen.has(pname)) problems.push(provenance.at(`${pointer}/params/${i}/name`, 'param-duplicate', `Param "${pname}" appears twice in ${name}: param names must be unique.`));
      seen.add(pname);
      const required = p.value.required === true;
      if (method.paramStructure !== 'by-name') {
        if (required && optionalSeen)
          problems.push(
            provenance.at(`${pointer}/params/${i}`, 'param-order', `Required param "${pname}" of ${name} follows an optional one; by-position params can only omit trailing values. Reorder them or make it optional.`),
          );
        if (!required) optionalSeen = true;
      }
    });
    if (projectOnly && !('x-effects' in method))
      problems.push(
        provenance.at(pointer, 'effects-missing', `Method ${name ?? pointer} does not say what it does to the node. Add "x-effects: read", "write" or "admin" (a write that is harmless to repeat: "{ kind: write, idempotent: true }").`),
      );
    const examples = Array.isArray(method.examples) ? method.examples : [];
    if (examples.length === 0)
      problems.push(provenance.at(pointer, 'example-missing', `Method ${name ?? pointer} has no example. Add at least one example pairing (params and result).`));
  }
  return problems;
}

/**
 * The checks that need no schema compiled: the meta-schema, extension fields and lint. Schemas and examples
 * are checked by {@link checkSchemasAndExamples}, on the schema thread. `projectOnly: false` leaves out the
 * facts only a project's own spec must state (`effects-missing`), which a document from elsewhere is never
 * told about: locating one per method of a big document costs more than the rest of the lint.
 */
export function checkDocument(document: Record<string, unknown>, provenance: Provenance, options: { cache?: Cache; projectOnly?: boolean } = {}): Diagnostic[] {
  return [
    ...checkMetaSchema(document, provenance, options.cache),
    ...checkExtensions(document, provenance),
    ...lint(document, provenance, options.projectOnly ?? true),
    ...checkLinks(document, provenance),
  ];
}

/**
 * Checks on one bundled document: the OpenRPC meta-schema, our extension fields, lint rules, every schema
 * compiling under ajv, and every example validating against its schemas. Each check appends diagnostics;
 * none stops the others, so one run reports everything.
 */
import AjvModule, { type ErrorObject } from 'ajv';
import metaSchemaModule from '@open-rpc/meta-schema';
import type { Diagnostic } from '../diagnostics.js';
import { describeAjvError, SchemaCompiler, simplifyErrors } from '../schema/ajv.js';
import type { Provenance } from './bundle.js';
import { isObject } from './bundle.js';
import { extensionSchemas, type ExtensionPlace } from './extensions.js';
import { getAtPointer, joinPointer } from './pointer.js';
import { contentHash, noCache, type Cache } from '../cache.js';
import { createRequire } from 'node:module';

const META_VERSION: string = (createRequire(import.meta.url)('@open-rpc/meta-schema/package.json') as { version: string }).version;
import { closureKey } from '../schema/closure.js';
import { AJV_VERSION } from '../schema/ajv.js';

const Ajv = AjvModule.default ?? AjvModule;
const metaSchema = ((metaSchemaModule as unknown as { default?: unknown }).default ?? metaSchemaModule) as Record<string, unknown>;

let metaValidator: ReturnType<InstanceType<typeof Ajv>['compile']> | undefined;
let extensionValidators: Map<string, ReturnType<InstanceType<typeof Ajv>['compile']>> | undefined;

function getMetaValidator() {
  if (metaValidator) return metaValidator;
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, logger: false, verbose: true });
  // Schemas inside the document are checked by compiling them (with precise messages), so the meta-schema's
  // JSON Schema definition is left open here; and any OpenRPC 1.x version is accepted.
  ajv.addSchema(
    { $id: 'https://meta.json-schema.tools/', definitions: { JSONSchemaObject: { properties: { $ref: { type: 'string', minLength: 1 } } } } },
    'https://meta.json-schema.tools',
  );
  const patched = structuredClone(metaSchema) as Record<string, any>;
  delete patched.$schema;
  patched.properties.openrpc = { type: 'string', pattern: '^1\\.[0-9]+\\.[0-9]+(-[0-9A-Za-z.-]+)?$' };
  metaValidator = ajv.compile(patched);
  return metaValidator;
}

let extensionAjv: InstanceType<typeof Ajv> | undefined;

function getExtensionValidator(place: ExtensionPlace, key: string) {
  extensionValidators ??= new Map();
  const id = `${place}:${key}`;
  let v = extensionValidators.get(id);
  if (!v) {
    extensionAjv ??= new Ajv({ strict: false, allErrors: true, logger: false });
    v = extensionAjv.compile((extensionSchemas[place] as Record<string, object>)[key]!);
    extensionValidators.set(id, v);
  }
  return v;
}

export function checkMetaSchema(document: Record<string, unknown>, provenance: Provenance, cache: Cache = noCache): Diagnostic[] {
  // A document that passed before (same bytes, same meta-schema) passes again: no need to compile the
  // meta-schema at all.
  const key = contentHash('meta', META_VERSION, JSON.stringify(document));
  if (cache.get('meta', key) === 'ok') return [];
  const validate = getMetaValidator();
  if (validate(document)) {
    cache.set('meta', key, 'ok');
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

interface MethodRef {
  pointer: string;
  method: Record<string, unknown>;
}

export function methodsOf(document: Record<string, unknown>): MethodRef[] {
  const methods = Array.isArray(document.methods) ? document.methods : [];
  const out: MethodRef[] = [];
  methods.forEach((m, i) => {
    const pointer = `/methods/${i}`;
    const resolved = deref(document, pointer);
    if (resolved && isObject(resolved.value)) out.push({ pointer: resolved.pointer, method: resolved.value });
  });
  return out;
}

/** Follow `$ref`s from `pointer` to the value they name. */
export function deref(document: unknown, pointer: string): { pointer: string; value: unknown } | undefined {
  let at = pointer;
  for (let hops = 0; hops < 32; hops++) {
    const value = getAtPointer(document, at);
    if (isObject(value) && typeof value.$ref === 'string' && value.$ref.startsWith('#/')) {
      at = value.$ref.slice(1);
      continue;
    }
    return value === undefined ? undefined : { pointer: at, value };
  }
  return undefined;
}

function checkExtensions(document: Record<string, unknown>, provenance: Provenance): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const check = (place: ExtensionPlace, node: unknown, pointer: string) => {
    if (!isObject(node)) return;
    for (const key of Object.keys(extensionSchemas[place])) {
      if (!(key in node)) continue;
      const validate = getExtensionValidator(place, key);
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
  // Schema extensions may sit at any depth of any schema.
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${pointer}/${i}`));
    else if (isObject(node)) {
      if ('x-codec' in node || 'x-open' in node || 'x-hex-only' in node) check('schema', node, pointer);
      for (const [k, v] of Object.entries(node)) walk(v, joinPointer(pointer, k));
    }
  };
  walk(document, '');
  return problems;
}

function lint(document: Record<string, unknown>, provenance: Provenance): Diagnostic[] {
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
    const examples = Array.isArray(method.examples) ? method.examples : [];
    if (examples.length === 0)
      problems.push(provenance.at(pointer, 'example-missing', `Method ${name ?? pointer} has no example. Add at least one example pairing (params and result).`));
  }
  return problems;
}

/**
 * Compile every method's schemas and validate every example. A method whose closure (itself and every
 * schema it reaches) passed before is not checked again: its verdict is in the cache.
 */
function checkSchemasAndExamples(
  document: Record<string, unknown>,
  provenance: Provenance,
  compiler: SchemaCompiler,
  cache: Cache,
  salt: string,
  broken: ReadonlySet<object>,
): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const reported = new Set<string>();
  const compile = (schemaPointer: string) => {
    // A schema that reaches a broken reference cannot be compiled; the reference was reported already.
    if (broken.size && reachesBroken(document, getAtPointer(document, schemaPointer), broken)) return undefined;
    const v = compiler.compile(schemaPointer);
    // A reference that does not resolve was reported where it is written, while bundling.
    if (v instanceof Error && (v.name === 'MissingRefError' || /can't resolve reference/.test(v.message))) return undefined;
    if (v instanceof Error) {
      const at = locateCompileError(document, schemaPointer, v.message);
      if (!reported.has(at + v.message)) {
        reported.add(at + v.message);
        problems.push(provenance.at(at, 'schema-invalid', `ajv rejects this schema: ${v.message.replace(/^strict mode: /, 'strict mode: ')}. Fix the schema.`));
      }
      return undefined;
    }
    return v;
  };
  const validateAt = (validate: ReturnType<typeof compile>, value: unknown, valuePointer: string, what: string) => {
    if (!validate || validate(value)) return;
    // The fast validator stops at the first error; report them all with the exhaustive one.
    const all = compiler.compileSchema(`report ${validate.schemaEnv.schemaPath ?? ''} ${JSON.stringify(validate.schema)}`, validate.schema as Record<string, unknown>, 'all');
    const errors = all instanceof Error ? (validate.errors ?? []) : (all(value), all.errors ?? []);
    for (const e of simplifyErrors(errors)) {
      problems.push(provenance.at(valuePointer + e.instancePath, 'example-invalid', `${what}: ${describeAjvError(e)}. Fix the example or the schema.`));
    }
  };

  for (const { pointer, method } of methodsOf(document)) {
    const key = closureKey(document, pointer, salt);
    if (cache.get('check', key) === 'ok') continue;
    const before = problems.length;
    checkMethod(pointer, method);
    // A verdict is kept only for a method whose every reference resolved: otherwise it was not fully checked.
    if (problems.length === before && !(broken.size && reachesBroken(document, method, broken))) cache.set('check', key, 'ok');
  }
  return problems;

  function checkMethod(pointer: string, method: Record<string, unknown>): void {
    const name = String(method.name);
    const params = (Array.isArray(method.params) ? method.params : []).map((_, i) => {
      const p = deref(document, `${pointer}/params/${i}`);
      const value = p && isObject(p.value) ? p.value : {};
      return { name: String(value.name), required: value.required === true, schema: p ? `${p.pointer}/schema` : undefined };
    });
    const paramValidators = params.map((p) => (p.schema && getAtPointer(document, p.schema) !== undefined ? compile(p.schema) : undefined));
    const result = deref(document, `${pointer}/result`);
    const resultValidator = result && isObject(result.value) && result.value.schema !== undefined ? compile(`${result.pointer}/schema`) : undefined;

    (Array.isArray(method.examples) ? method.examples : []).forEach((_, ei) => {
      const ex = deref(document, `${pointer}/examples/${ei}`);
      if (!ex || !isObject(ex.value)) return;
      const exName = typeof ex.value.name === 'string' ? ex.value.name : `#${ei}`;
      const exParams = Array.isArray(ex.value.params) ? ex.value.params : [];
      const given = new Map<string, number>();
      exParams.forEach((_, pi) => {
        const ep = deref(document, `${ex.pointer}/params/${pi}`);
        if (!ep || !isObject(ep.value)) return;
        const pname = String(ep.value.name);
        const idx = params.findIndex((p) => p.name === pname);
        if (idx === -1) {
          problems.push(
            provenance.at(`${ep.pointer}/name`, 'example-param-unknown', `Example "${exName}" of ${name} gives param "${pname}", which the method does not declare (declared: ${params.map((p) => p.name).join(', ') || 'none'}).`),
          );
          return;
        }
        if (method.paramStructure !== 'by-name' && idx !== pi)
          problems.push(provenance.at(`${ep.pointer}/name`, 'example-param-order', `Example "${exName}" of ${name} gives "${pname}" at position ${pi}, but it is param ${idx}: list example params in declaration order.`));
        given.set(pname, pi);
        validateAt(paramValidators[idx], ep.value.value, `${ep.pointer}/value`, `Example "${exName}" of ${name}, param "${pname}"`);
      });
      for (const p of params) {
        if (p.required && !given.has(p.name))
          problems.push(provenance.at(`${ex.pointer}/params`, 'example-param-missing', `Example "${exName}" of ${name} omits required param "${p.name}".`));
      }
      const exResult = deref(document, `${ex.pointer}/result`);
      if (exResult && isObject(exResult.value) && 'value' in exResult.value) {
        validateAt(resultValidator, exResult.value.value, `${exResult.pointer}/value`, `Example "${exName}" of ${name}, result`);
      } else if (result && !exResult) {
        problems.push(provenance.at(ex.pointer, 'example-result-missing', `Example "${exName}" of ${name} has no result value; add one so clients, mocks and docs can use it.`));
      }
    });

    // Subscription kinds: their params and every example notification.
    const subs = method['x-subscriptions'];
    if (isObject(subs) && Array.isArray(subs.kinds)) {
      subs.kinds.forEach((kind, ki) => {
        if (!isObject(kind)) return;
        const kp = `${pointer}/x-subscriptions/kinds/${ki}`;
        const kparams = (Array.isArray(kind.params) ? kind.params : []).map((p, i) => ({
          name: isObject(p) ? String(p.name) : '',
          validate: isObject(p) && p.schema !== undefined ? compile(`${kp}/params/${i}/schema`) : undefined,
        }));
        const kresult = isObject(kind.result) && kind.result.schema !== undefined ? compile(`${kp}/result/schema`) : undefined;
        (Array.isArray(kind.examples) ? kind.examples : []).forEach((ex, ei) => {
          if (!isObject(ex)) return;
          const exName = String(ex.name);
          (Array.isArray(ex.params) ? ex.params : []).forEach((ep, pi) => {
            if (!isObject(ep)) return;
            const found = kparams.find((k) => k.name === ep.name);
            if (!found)
              problems.push(provenance.at(`${kp}/examples/${ei}/params/${pi}/name`, 'example-param-unknown', `Subscription example "${exName}" (${String(kind.name)}) gives param "${String(ep.name)}", which the kind does not declare.`));
            else validateAt(found.validate, ep.value, `${kp}/examples/${ei}/params/${pi}/value`, `Subscription example "${exName}" (${String(kind.name)}), param "${String(ep.name)}"`);
          });
          (Array.isArray(ex.notifications) ? ex.notifications : []).forEach((n, ni) =>
            validateAt(kresult, n, `${kp}/examples/${ei}/notifications/${ni}`, `Subscription example "${exName}" (${String(kind.name)}), notification ${ni}`),
          );
        });
      });
    }
  }
}

/** Whether a schema reaches, through its references, one of the broken reference objects. */
function reachesBroken(document: unknown, schema: unknown, broken: ReadonlySet<object>): boolean {
  const seen = new Set<unknown>();
  const stack: unknown[] = [schema];
  while (stack.length) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (broken.has(node)) return true;
    if (Array.isArray(node)) stack.push(...node);
    else {
      const ref = (node as Record<string, unknown>).$ref;
      if (typeof ref === 'string' && ref.startsWith('#')) stack.push(getAtPointer(document, ref.slice(1)));
      stack.push(...Object.values(node));
    }
  }
  return false;
}

/**
 * ajv's compile errors carry no location. Find the keyword they name inside the schema being compiled, so
 * the message points at the line to fix.
 */
function locateCompileError(document: unknown, schemaPointer: string, message: string): string {
  const explicit = /at "#([^"]*)"/.exec(message) ?? /at "([^"]*)"/.exec(message);
  const keyword = /keyword[: ]+"?([^"\s]+)"?/.exec(message)?.[1] ?? /"([^"]+)"/.exec(message)?.[1];
  if (explicit && explicit[1]!.startsWith('/') && getAtPointer(document, explicit[1]!) !== undefined) return explicit[1]!;
  if (!keyword) return schemaPointer;
  const seen = new Set<unknown>();
  let found: string | undefined;
  const walk = (node: unknown, pointer: string) => {
    if (found || seen.has(node)) return;
    if (Array.isArray(node)) {
      seen.add(node);
      node.forEach((v, i) => walk(v, `${pointer}/${i}`));
    } else if (isObject(node)) {
      seen.add(node);
      if (keyword in node) {
        found = joinPointer(pointer, keyword);
        return;
      }
      for (const [k, v] of Object.entries(node)) {
        if (k === 'properties' && isObject(v)) for (const [pk, pv] of Object.entries(v)) walk(pv, joinPointer(pointer, k, pk));
        else walk(v, joinPointer(pointer, k));
      }
    }
  };
  walk(getAtPointer(document, schemaPointer), schemaPointer);
  return found ?? schemaPointer;
}

export interface CheckedDocument {
  problems: Diagnostic[];
  compiler: SchemaCompiler;
}

export function checkDocument(
  id: string,
  document: Record<string, unknown>,
  provenance: Provenance,
  options: { strict: boolean; source: boolean; cache?: Cache; broken?: ReadonlySet<object> },
): CheckedDocument {
  const problems: Diagnostic[] = [];
  problems.push(...checkMetaSchema(document, provenance, options.cache));
  problems.push(...checkExtensions(document, provenance));
  problems.push(...lint(document, provenance));
  const compiler = new SchemaCompiler(id, document, options);
  problems.push(...checkSchemasAndExamples(document, provenance, compiler, options.cache ?? noCache, `check ${AJV_VERSION} strict=${options.strict} ${id}`, options.broken ?? new Set()));
  return { problems, compiler };
}

/**
 * The front half of the generator: read every document, bundle it, check it, and build the model. Returns
 * every problem found across all documents; the caller writes nothing when there is one.
 */
import { readdirSync } from 'node:fs';
import { posix, resolve } from 'node:path';
import type { Cache } from '../speed/cache.js';
import type { Config } from '../config/index.js';
import { isError, sortDiagnostics, type Diagnostic } from '../lib/diagnostics.js';
import { buildService, type JsonSchema, type Model, type ServiceModel } from '../model/index.js';
import { resolveSchema } from '../schema/resolve.js';
import type { SchemaJobDocument, SchemaJobOutput } from '../speed/schema-job.js';
import { bundle } from './bundle.js';
import type { Provenance } from './provenance.js';
import { isRecord } from '../lib/guards.js';
import { checkDocument } from './check.js';
import { patternsWithoutUnicode } from '../lib/regexp.js';
import { joinPointer } from '../lib/pointer.js';
import { Workspace } from './workspace.js';
import { httpGetProblems } from './http-get.js';
import type { RunMemory } from '../speed/incremental.js';

/**
 * Problems that break our spec's standards but not generation. A project spec (`strict`) treats them as
 * errors; a document from elsewhere (`noderpc generate doc.json`) gets them as warnings, since its authors,
 * not the generator's user, own its examples.
 */
const STANDARDS = new Set([
  'openrpc-unknown-field',
  'example-invalid',
  'example-missing',
  'example-param-unknown',
  'example-param-missing',
  'example-param-order',
  'example-result-missing',
  'schema-unused',
  'param-order',
  'extension-invalid',
  'replacement-unknown',
  'replacement-not-deprecated',
  'pagination-invalid',
  'ref-base',
  'link-invalid',
  'link-method-unknown',
  'link-param-unknown',
  'link-expression-invalid',
]);

/**
 * Faults of published documents that leave their meaning clear (load/check.ts `tolerated`, load/bundle.ts
 * `rebased`): made as warnings, the document generated anyway; errors when the run is strict.
 */
const TOLERATED = new Set(['openrpc-version-loose', 'result-name-missing', 'ref-embedded', 'ref-unused-unresolved', 'pattern-not-unicode']);

/**
 * Facts our spec must state but a document from elsewhere need not: without them the generator assumes the
 * safe default (a method whose effects are unknown is treated as not a read). Reported only under `strict`.
 */
const PROJECT_ONLY = new Set(['effects-missing']);

export interface LoadResult {
  readonly model?: Model;
  readonly problems: readonly Diagnostic[];
  /**
   * What the schema job checks (and emits validators from): every bundled document. Its problems are not in
   * `problems` until {@link withSchemaProblems} adds them.
   */
  readonly schemaDocuments: readonly SchemaJobDocument[];
  readonly provenance: ReadonlyMap<string, Provenance>;
  /** Every file read, project-relative: what a watcher or cache must track. */
  readonly files: readonly string[];
  /** The texts of the files read, as read (a manifest's key is made of them: see manifest.ts inputKey). */
  readonly texts: ReadonlyMap<string, string>;
}

export interface LoadOptions {
  readonly overrides?: ReadonlyMap<string, string>;
  readonly source?: boolean;
  readonly cache?: Cache;
  /**
   * Called with each document for the schema job as soon as it is bundled and checked, before the next is
   * loaded (the schema thread checks it meanwhile). The same documents, in the same order, as `schemaDocuments`.
   */
  readonly onSchemaDocument?: (document: SchemaJobDocument) => void;
  /** What the last run of a watch session read and made (see incremental.ts). */
  readonly memory?: RunMemory;
}

export function loadProject(config: Config, options: LoadOptions = {}): LoadResult {
  const workspace = new Workspace(config.root, options.overrides, options.cache, options.memory, { outside: config.refsOutsideProject === true });
  const problems: Diagnostic[] = [];
  const services: ServiceModel[] = [];
  const schemaDocuments: SchemaJobDocument[] = [];
  const provenances = new Map<string, Provenance>();
  const used = new Set<string>();
  const seenServices = new Map<string, string>();

  for (const doc of config.documents) {
    if (seenServices.has(doc.service)) {
      problems.push({ code: 'service-duplicate', message: `Service name "${doc.service}" is used by ${seenServices.get(doc.service)} and ${doc.path}; give one a different name.`, file: doc.path });
      continue;
    }
    seenServices.set(doc.service, doc.path);
    const entry = workspace.get(doc.path);
    if (!entry) continue;
    const bundled = bundle(entry, workspace);
    problems.push(...bundled.problems);
    for (const u of bundled.used) used.add(u);
    provenances.set(doc.service, bundled.provenance);
    // A document that is not one cannot be checked further; one with a dangling reference still is (every
    // other problem in it is reported), the checks leaving alone what the reference problem already says.
    if (bundled.problems.some((p) => p.code === 'not-a-document')) continue;
    // PROJECT_ONLY problems are dropped below unless the run is strict: not made at all then.
    const checked = checkDocument(bundled.document, bundled.provenance, { ...(options.cache ? { cache: options.cache } : {}), projectOnly: config.strict, memory: workspace.memory });
    problems.push(...checked);
    // A pattern valid ECMAScript only without `u` (ajv reads patterns with it): validated as written, without it.
    for (const { pointer, pattern } of patternsWithoutUnicode(bundled.document))
      problems.push({
        ...bundled.provenance.at(
          pointer,
          'pattern-not-unicode',
          `Pattern ${JSON.stringify(pattern)} is valid ECMAScript only without the u flag (JSON Schema reads patterns with it); it is validated without it. Write it so it is valid with u (no needless escapes such as \\- outside a class, no ranges from a class like [\\w-.]) (with --strict this is an error).`,
        ),
        severity: 'warning',
      });
    // By the severity the run gives a problem: a foreign document's `ref-base` is a warning, not a reason to drop it.
    const modeled = !checked.some((p) => p.code === 'openrpc-invalid') && !bundled.problems.some((p) => isError(withSeverity(config, p)));
    const schemaDocument: SchemaJobDocument = { service: doc.service, source: doc.path, document: bundled.document, broken: bundled.brokenAt, modeled };
    schemaDocuments.push(schemaDocument);
    options.onSchemaDocument?.(schemaDocument);
    if (!modeled) continue;
    services.push(buildService(doc.service, doc.path, bundled.document, workspace.memory));
  }

  // Which schemas are used is known only when every document could be read and bundled.
  const unreadable = workspace.problems.some((p) => p.code === 'yaml-syntax' || p.code === 'json-syntax' || p.code === 'file-missing');
  if (config.schemasDir && !unreadable) problems.push(...unusedSchemas(config, workspace, used));
  problems.push(...projectChecks(services, provenances));
  problems.push(...workspace.problems);

  const files = workspace.loaded().map((f) => f.path);
  const texts = workspace.read();
  const sorted = finishProblems(config, problems);
  if (sorted.some(isError)) return { problems: sorted, schemaDocuments, provenance: provenances, files, texts };
  return { model: { services }, problems: sorted, schemaDocuments, provenance: provenances, files, texts };
}

/** Severity by the project's standards (warnings for a foreign document), duplicates dropped, file order. */
function finishProblems(config: Config, problems: readonly Diagnostic[]): Diagnostic[] {
  const kept = config.strict ? problems : problems.filter((p) => !PROJECT_ONLY.has(p.code));
  return sortDiagnostics(dedupe([...kept]).map((p) => withSeverity(config, p)));
}

/** A problem with the severity the run's standards give it (see STANDARDS and TOLERATED). */
function withSeverity(config: Config, p: Diagnostic): Diagnostic {
  return !config.strict && STANDARDS.has(p.code) ? { ...p, severity: 'warning' as const } : config.strict && TOLERATED.has(p.code) ? { ...p, severity: 'error' as const } : p;
}

/** The load's problems with the schema job's added, located in the files the author wrote. */
export function withSchemaProblems(config: Config, loaded: LoadResult, job: SchemaJobOutput): Diagnostic[] {
  const located = job.problems.map((p) => {
    const provenance = loaded.provenance.get(p.service);
    const located = provenance ? provenance.at(p.pointer, p.code, p.message) : { code: p.code, message: p.message, pointer: p.pointer };
    return p.severity ? { ...located, severity: p.severity } : located;
  });
  return finishProblems(config, [...loaded.problems, ...located]);
}

function dedupe(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = JSON.stringify([d.code, d.file, d.line, d.col, d.pointer, d.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function unusedSchemas(config: Config, workspace: Workspace, used: Set<string>): Diagnostic[] {
  const dir = config.schemasDir!;
  let names: string[];
  try {
    names = readdirSync(resolve(config.root, dir)).filter((f) => /\.(ya?ml|json)$/i.test(f)).sort();
  } catch {
    return [{ code: 'file-missing', message: `Schema folder ${dir} does not exist; create it or remove "schemas" from the config.`, file: dir }];
  }
  const problems: Diagnostic[] = [];
  for (const name of names) {
    const path = posix.join(dir, name);
    const file = workspace.get(path);
    if (!file) continue;
    if (!isRecord(file.value)) {
      problems.push({ code: 'schema-file-invalid', message: `${path} must be a mapping of schema names to schemas.`, file: path, line: 1, col: 1 });
      continue;
    }
    for (const key of Object.keys(file.value)) {
      if (!used.has(`${path}#/${key}`)) {
        const pointer = joinPointer('', key);
        problems.push({
          code: 'schema-unused',
          message: `Shared schema "${key}" is not referenced by any document. Reference it where it belongs, or delete it.`,
          file: path,
          pointer,
          ...file.locate(pointer),
        });
      }
    }
  }
  return problems;
}

/** Checks that need every document: cross-document references and names. */
function projectChecks(services: ServiceModel[], provenances: ReadonlyMap<string, Provenance>): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const all = new Set(services.flatMap((s) => s.methods.map((m) => m.name)));
  for (const s of services) {
    const prov = provenances.get(s.name)!;
    for (const m of s.methods) {
      if (m.replacedBy !== undefined && !all.has(m.replacedBy))
        problems.push(prov.at(`${m.pointer}/x-replaced-by`, 'replacement-unknown', `x-replaced-by names "${m.replacedBy}", which no document defines. Name an existing method.`));
      if (m.pagination) {
        const names = new Set(m.params.map((p) => p.name));
        for (const key of ['cursorParam', 'limitParam'] as const) {
          const v = m.pagination[key];
          if (v !== undefined && !names.has(v))
            problems.push(prov.at(`${m.pointer}/x-pagination/${key}`, 'pagination-invalid', `x-pagination ${key} names "${v}", which is not a param of ${m.name} (params: ${[...names].join(', ') || 'none'}).`));
        }
        const fields = resultFields(s, m.result?.schema);
        for (const key of ['nextCursor', 'items', 'count'] as const) {
          const v = m.pagination[key];
          if (v !== undefined && !fields.has(v))
            problems.push(prov.at(`${m.pointer}/x-pagination/${key}`, 'pagination-invalid', `x-pagination ${key} names "${v}", which is not a field of ${m.name}'s result (fields: ${[...fields].join(', ') || 'none'}).`));
        }
      }
      problems.push(...httpGetProblems(s, m, prov));
      if (m.replacedBy !== undefined && !m.deprecated)
        problems.push(prov.at(`${m.pointer}/x-replaced-by`, 'replacement-not-deprecated', `${m.name} names a replacement but is not marked "deprecated: true".`));
    }
  }
  return problems;
}

/** Property names of an object result schema (following references and allOf). */
function resultFields(service: ServiceModel, schema: unknown, depth = 0): Set<string> {
  const out = new Set<string>();
  if (!isRecord(schema) || depth > 16) return out;
  const { schema: resolved } = resolveSchema(service.document, schema as JsonSchema);
  if (!isRecord(resolved)) return out;
  if (isRecord(resolved.properties)) for (const k of Object.keys(resolved.properties)) out.add(k);
  if (Array.isArray(resolved.allOf)) for (const part of resolved.allOf) for (const k of resultFields(service, part, depth + 1)) out.add(k);
  return out;
}

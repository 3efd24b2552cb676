/**
 * The schema job: everything that compiles schemas with ajv, which is the costliest part of a cold run.
 * For each bundled document it checks every schema and example, then (when validators are emitted) turns the
 * same compiled functions into standalone validator modules. Its input and output are plain data, so it runs
 * on a worker thread (schema/thread.ts) while the main thread emits clients, servers and docs.
 */
import { noCache, openCache, type Cache } from '../cache.js';
import type { Diagnostic } from '../diagnostics.js';
import { emitValidators } from '../emit/validators/index.js';
import { checkSalt, checkSchemasAndExamples, type LocatedProblem } from '../load/examples.js';
import { buildService, type ServiceModel } from '../model.js';
import type { OutputFile } from '../write.js';
import { SchemaCompiler } from './ajv.js';

export interface SchemaJobDocument {
  /** Service name (the compiler's id is derived from it). */
  readonly service: string;
  /** Project-relative path of the entry file. */
  readonly source: string;
  readonly document: Record<string, unknown>;
  /** Reference objects of `document` that do not resolve (the same objects, not copies: sent in one message). */
  readonly broken: readonly object[];
  /** Whether the document is sound enough to build a model of (and so to emit validators for). */
  readonly modeled: boolean;
}

export interface SchemaJobInput {
  readonly documents: readonly SchemaJobDocument[];
  readonly strict: boolean;
  /** Emit validator modules as well as checking. */
  readonly validators: boolean;
  /** The disk cache's folder (absent: no disk cache). A worker thread opens its own view of it. */
  readonly cacheDir?: string;
  /** `--no-cache`: remember nothing. */
  readonly noCache?: boolean;
}

export interface SchemaJobOutput {
  readonly problems: readonly (LocatedProblem & { readonly service: string })[];
  readonly files: readonly OutputFile[];
  /** Problems turning compiled schemas into modules (not located in the spec). */
  readonly emitProblems: readonly Diagnostic[];
  /** Milliseconds spent on each part. */
  readonly timings: Readonly<Record<string, number>>;
}

export function compilerId(service: string): string {
  return `noderpc:${service}`;
}

export function runSchemaJob(input: SchemaJobInput, cache: Cache = input.noCache ? noCache : openCache(input.cacheDir)): SchemaJobOutput {
  const t0 = performance.now();
  const problems: (LocatedProblem & { service: string })[] = [];
  const compilers = new Map<string, SchemaCompiler>();
  const services: ServiceModel[] = [];
  for (const doc of input.documents) {
    const id = compilerId(doc.service);
    const compiler = new SchemaCompiler(id, doc.document, { strict: input.strict, source: input.validators });
    compilers.set(doc.service, compiler);
    for (const p of checkSchemasAndExamples(doc.document, compiler, cache, checkSalt(id, input.strict), new Set(doc.broken))) problems.push({ ...p, service: doc.service });
    if (doc.modeled) services.push(buildService(doc.service, doc.source, doc.document));
  }
  const t1 = performance.now();
  let files: OutputFile[] = [];
  let emitProblems: Diagnostic[] = [];
  if (input.validators) {
    try {
      files = emitValidators(services, compilers, cache, input.strict);
    } catch (e) {
      const list = (e as { diagnostics?: Diagnostic[] }).diagnostics;
      if (!list) throw e;
      emitProblems = list;
    }
  }
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { problems, files, emitProblems, timings: { checks: round(t1 - t0), ...(input.validators ? { validators: round(performance.now() - t1) } : {}) } };
}

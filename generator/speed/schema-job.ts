/**
 * The schema job: everything that compiles schemas with ajv, which is the costliest part of a cold run.
 * For each bundled document it checks every schema and example, then (when validators are emitted) turns the
 * same compiled functions into standalone validator modules. Its input and output are plain data, so it runs
 * on a worker thread (schema/thread.ts) while the main thread emits clients, servers and docs.
 */
import { noCache, openCache, type Cache } from './cache.js';
import type { Diagnostic } from '../lib/diagnostics.js';
import { emitValidators } from '../emit/validators/index.js';
import { checkSalt, checkSchemasAndExamples, type LocatedProblem } from '../load/examples.js';
import { buildService, type MethodModel, type ServiceModel } from '../model/index.js';
import { getAtPointer } from '../lib/pointer.js';
import { slot } from '../lib/memory.js';
import { JobMemory, type PartsMessage } from './schema-parts.js';
import type { OutputFile } from '../lib/output-file.js';
import { SchemaCompiler } from '../schema/ajv.js';
import { closureKey } from '../lib/closure.js';
import { compileParams } from '../schema/envelope.js';
import { Sampler, sampleMethod, type SampledExample } from '../schema/sample.js';

/** A bundled document, as the load hands it to the job. */
export interface SchemaJobDocument {
  /** Service name (the compiler's id is derived from it). */
  readonly service: string;
  /** Project-relative path of the entry file. */
  readonly source: string;
  readonly document: Record<string, unknown>;
  /** Pointers of the reference objects of `document` that do not resolve. */
  readonly broken: readonly string[];
  /** Whether the document is sound enough to build a model of (and so to emit validators for). */
  readonly modeled: boolean;
}

/** A document as the job is sent it: as parts, those it holds from the last run by number (schema/parts.ts). */
export interface SchemaJobDocumentMessage extends Omit<SchemaJobDocument, 'document'> {
  readonly document: PartsMessage;
}

export interface SchemaJobInput {
  readonly documents: readonly SchemaJobDocumentMessage[];
  readonly strict: boolean;
  /** Emit validator modules as well as checking. */
  readonly validators: boolean;
  /** The disk cache's folder (absent: no disk cache). A worker thread opens its own view of it. */
  readonly cacheDir?: string;
  /** `--no-cache`: remember nothing. */
  readonly noCache?: boolean;
  /** Make an example (params and result) for every method without one, for the mock. */
  readonly samples?: boolean;
}

export interface SchemaJobOutput {
  readonly problems: readonly (LocatedProblem & { readonly service: string })[];
  /** Validator modules; as sent by the job, a file it sent last time on the same channel is its number there (schema/parts.ts). */
  readonly files: readonly (OutputFile | number)[];
  /** Problems turning compiled schemas into modules (not located in the spec). */
  readonly emitProblems: readonly Diagnostic[];
  /** Made examples by service, then method name (when `samples` was asked for). */
  readonly samples: Readonly<Record<string, Readonly<Record<string, SampledExample>>>>;
  /** Milliseconds spent on each part. */
  readonly timings: Readonly<Record<string, number>>;
}

/** The job's output as the main thread uses it: every file whole. */
export type SchemaJobResult = Omit<SchemaJobOutput, 'files'> & { readonly files: readonly OutputFile[] };

export function compilerId(service: string): string {
  return `noderpc:${service}`;
}

/**
 * What a job needs besides its documents, known before the first document is loaded. `validators` says
 * whether validator modules may be asked for (compiled functions then keep their source); whether they are
 * is known only when the load is done, and given to `finish`.
 */
export type SchemaJobStart = Omit<SchemaJobInput, 'documents'>;

/**
 * A job fed one document at a time, so that a document is checked while the main thread still loads the
 * next ones; `finish` does what needs every document (samples, validator modules). Documents are checked
 * in the order they are added, and the output is the one {@link runSchemaJob} gives for the same list.
 */
export class SchemaJobRun {
  private readonly problems: (LocatedProblem & { service: string })[] = [];
  private readonly compilers = new Map<string, SchemaCompiler>();
  private readonly services: ServiceModel[] = [];
  private readonly cache: Cache;
  private checking = 0;

  /**
   * `memory`: what the job holds of the channel the documents come on (schema/parts.ts); a job given none
   * starts with an empty one, so every part it is sent is new to it.
   */
  constructor(
    private readonly input: SchemaJobStart,
    cache?: Cache,
    readonly memory: JobMemory = new JobMemory(),
  ) {
    this.cache = cache ?? (input.noCache ? noCache : openCache(input.cacheDir));
  }

  /** Check one bundled document's schemas and examples. */
  add(message: SchemaJobDocumentMessage): void {
    const t0 = performance.now();
    const document = this.memory.decode(message.service, message.document);
    const id = compilerId(message.service);
    const compiler = new SchemaCompiler(id, document, { strict: this.input.strict, source: this.input.validators, memory: this.memory.results });
    this.compilers.set(message.service, compiler);
    const broken = new Set<object>();
    for (const pointer of message.broken) {
      const node = getAtPointer(document, pointer);
      if (node !== null && typeof node === 'object') broken.add(node);
    }
    for (const p of checkSchemasAndExamples(document, compiler, this.cache, checkSalt(id, this.input.strict), broken, this.memory.results)) this.problems.push({ ...p, service: message.service });
    if (message.modeled) this.services.push(buildService(message.service, message.source, document, this.memory.results));
    this.checking += performance.now() - t0;
  }

  /** The job's output, once every document was added. `validators`: emit validator modules as well. */
  finish(validators: boolean): SchemaJobOutput {
    if (validators && !this.input.validators) throw new Error('validator modules asked for by a schema job started without them');
    const input = { ...this.input, validators };
    const { cache, problems, compilers, services, checking } = this;
    const t1 = performance.now();
    const samples: Record<string, Record<string, SampledExample>> = {};
    if (input.samples) {
      for (const service of services) {
        const compiler = compilers.get(service.name)!;
        const made = (samples[service.name] = {} as Record<string, SampledExample>);
        const salt = `sample ${checkSalt(compilerId(service.name), input.strict)}`;
        let sampler: Sampler | undefined;
        for (const method of service.methods) {
          if (method.examples.length || method.subscriptions) continue;
          // Kept by the method's model (its place and reach are part of it) while the job runs for the same salt.
          const outcome = this.memory.results.memo(SAMPLED).get(method, [salt], () => {
            const key = cache === noCache ? '' : closureKey(service.document, method.pointer, salt);
            const hit = cache.get('sample', key);
            if (hit !== undefined) return JSON.parse(hit) as ReturnType<typeof sampleMethod>;
            sampler ??= new Sampler(service.document, compiler);
            const envelope = compileParams(compiler, method.pointer, method.params.map((p) => ({ name: p.name, required: p.required, schemaPointer: p.schemaPointer })), method.paramStructure);
            const made = sampleMethod(sampler, method, envelope instanceof Error ? undefined : (v) => envelope(v) === true);
            cache.set('sample', key, JSON.stringify(made));
            return made;
          });
          if ('example' in outcome) made[method.name] = outcome.example;
          else if (method.result?.schema === false)
            // No value meets `false`: there is no reply to make, only the error the mock answers with.
            problems.push({
              service: service.name,
              pointer: `${method.pointer}/result/schema`,
              code: 'result-never',
              message: `The result schema of ${method.name} is false: no reply is valid, so its result type is never, a client that validates rejects every reply, and the mock answers it with an error. Give it a result schema (or none, for a notification).`,
              severity: 'warning',
            });
          else problems.push({ service: service.name, pointer: method.pointer, code: 'mock-value-missing', message: `${outcome.missing}.`, severity: 'warning' });
        }
      }
    }
    const t2 = performance.now();
    let files: OutputFile[] = [];
    let emitProblems: Diagnostic[] = [];
    if (input.validators) {
      try {
        files = emitValidators(services, compilers, cache, input.strict, this.memory.results);
      } catch (e) {
        const list = (e as { diagnostics?: Diagnostic[] }).diagnostics;
        if (!list) throw e;
        emitProblems = list;
      }
    }
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return {
      problems,
      files: this.memory.encode(files),
      emitProblems,
      samples,
      timings: { checks: round(checking), ...(Object.values(samples).some((m) => Object.keys(m).length) ? { samples: round(t2 - t1) } : {}), ...(input.validators ? { validators: round(performance.now() - t2) } : {}) },
    };
  }
}

/** Samples made for methods without examples, by method model (see `finish`). */
const SAMPLED = slot<MethodModel, ReturnType<typeof sampleMethod>>('samples');

export function runSchemaJob(input: SchemaJobInput, cache: Cache = input.noCache ? noCache : openCache(input.cacheDir), memory?: JobMemory): SchemaJobOutput {
  const run = new SchemaJobRun(input, cache, memory);
  for (const doc of input.documents) run.add(doc);
  return run.finish(input.validators);
}

/**
 * Every asked-for output of one run, in the order of the emitter list: those that need nothing of the schema
 * job first, then, once it is done, those that read its made examples. An emitter's problems are collected;
 * anything else it throws stops the others.
 */
import type { Diagnostic } from '../lib/diagnostics.js';
import type { OutputFile } from '../lib/output-file.js';
import type { Phases } from '../lib/phases.js';
import { emitters, type EmitterEntry } from './index.js';
import type { EmitContext } from './shared/types.js';

/** What the emitters that run after the schema job read of its result. */
interface SchemaJobSamples {
  readonly samples?: EmitContext['samples'];
}

export interface Emitted<J extends SchemaJobSamples> {
  /** Every emitted file, each naming its output. */
  readonly files: OutputFile[];
  readonly problems: Diagnostic[];
  /** What an emitter threw that is not a list of problems (thrown again once the schema job's report is in). */
  readonly failure: unknown;
  /** The schema job's result, as it came. */
  readonly schemas: J;
}

/** Emitted files with their output named, by the emitted file (an emitter's kept file stays the same object). */
const named = new WeakMap<OutputFile, OutputFile>();

export function ofOutput(f: OutputFile, output: string): OutputFile {
  let done = named.get(f);
  if (done?.output !== output) named.set(f, (done = { ...f, output }));
  return done;
}

export async function emitAll<J extends SchemaJobSamples>(ctx: EmitContext, phases: Phases, job: Promise<J>): Promise<Emitted<J>> {
  const files: OutputFile[] = [];
  const problems: Diagnostic[] = [];
  // An emitter may trip over what the schema job reports (an example that does not match its schema): the
  // job's report comes first, and the emitter's failure counts only when the job found nothing.
  let failure: unknown;
  const run = async (entry: EmitterEntry, context: EmitContext) => {
    if (!ctx.config.emit.includes(entry.name) || failure !== undefined) return;
    try {
      // Loading the emitter's modules counts in its phase: it is what asking for that output costs.
      for (const f of await phases.time(entry.name, async () => (await entry.load()).emit(context))) files.push(ofOutput(f, entry.name));
    } catch (e) {
      const list = (e as { diagnostics?: Diagnostic[] }).diagnostics;
      if (list) problems.push(...list.filter((d) => !problems.includes(d)));
      else failure = e;
    }
  };
  for (const emitter of emitters) if (!emitter.afterSchemas) await run(emitter, ctx);
  // Waiting for the schema thread: what its work did not overlap.
  const schemas = await phases.time('schemas', () => job);
  for (const emitter of emitters) if (emitter.afterSchemas) await run(emitter, { ...ctx, ...(schemas.samples ? { samples: schemas.samples } : {}) });
  return { files, problems, failure, schemas };
}

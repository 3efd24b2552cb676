/**
 * json-schema-to-typescript over a list of inputs, each with its name and options: what TypeCatalog hands
 * over, run in the types thread (types-worker.ts) or, without one, in the calling thread. The library is
 * loaded here only, on first use.
 */
import type { Options } from 'json-schema-to-typescript';

export interface TypesJobItem {
  readonly input: object;
  readonly name: string;
  readonly options: Partial<Options>;
  /** Whether the input holds a `$ref` key anywhere (TypeCatalog hands references over as ready-made types). */
  readonly refs: boolean;
}

/**
 * For an input without any `$ref`, the library's reference parser has nothing to do but walk it twice
 * (looking for external references, then for references to replace): told to skip both walks, it hands the
 * input back as it is, which is what the walks would have produced.
 */
const NO_REFS: Options['$refOptions'] = { resolve: { external: false }, dereference: { excludedPathMatcher: () => true } };

let library: Promise<typeof import('json-schema-to-typescript')> | undefined;

/** Loads json-schema-to-typescript (once); a thread calls it when it starts, before any job arrives. */
export function loadTypesLibrary(): Promise<typeof import('json-schema-to-typescript')> {
  return (library ??= import('json-schema-to-typescript'));
}

/** Each item's declarations, in the items' order. */
export async function runTypesJob(items: readonly TypesJobItem[]): Promise<string[]> {
  const { compile } = await loadTypesLibrary();
  return Promise.all(items.map((item) => compile(item.input as never, item.name, item.refs ? item.options : { ...item.options, $refOptions: NO_REFS })));
}

export interface TypesRunner {
  run(items: readonly TypesJobItem[]): Promise<string[]>;
  readonly threaded: boolean;
}

const inThread: TypesRunner = { threaded: false, run: runTypesJob };
let shared: TypesRunner | undefined;

/**
 * The process's types runner: from the bundle, a thread of its own (started by the first call, which a cold
 * run makes before loading the spec, so that loading json-schema-to-typescript overlaps that and compiling
 * overlaps what the main thread does next); from TypeScript sources or with `NODERPC_THREADS=0`, this thread.
 */
export async function typesRunner(): Promise<TypesRunner> {
  if (shared) return shared;
  const { startThread, workerEntry } = await import('./thread.js');
  if (shared) return shared;
  const entry = workerEntry('types-worker.js');
  if (!entry) return (shared = inThread);
  const thread = startThread<readonly TypesJobItem[], string[]>(entry, 'types thread', () => {
    shared = undefined;
  });
  return (shared = { threaded: true, run: (items) => thread.run(items) });
}

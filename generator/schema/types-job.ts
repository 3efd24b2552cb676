/**
 * json-schema-to-typescript over a list of inputs, each with its name and options: what TypeCatalog hands
 * over, in one job. The library is loaded here only, on first use.
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

/**
 * Each item's declarations, in the items' order. It runs in the calling thread: a thread of its own was
 * measured, and on two cores it cost 0.1-0.4 s of CPU for a second isolate and saved no wall time, the main
 * thread having nothing else to do meanwhile.
 */
export async function runTypesJob(items: readonly TypesJobItem[]): Promise<string[]> {
  const { compile } = await (library ??= import('json-schema-to-typescript'));
  return Promise.all(items.map((item) => compile(item.input as never, item.name, item.refs ? item.options : { ...item.options, $refOptions: NO_REFS })));
}

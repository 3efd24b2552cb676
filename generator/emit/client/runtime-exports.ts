/**
 * The names the copied runtime exports from its index, read from the runtime's sources as the package ships
 * them: declarations (`export const X`, `export class X`, `export type X`, ...), export lists (`export { A, B
 * as C }`, with or without `from`) and, followed to any depth, `export * from './x.js'`. The client index
 * uses it to export by name a document's type whose name the runtime also exports (an `export *` of both
 * would leave the name out). A test holds the result equal to the TypeScript compiler's list.
 */
import { posix } from 'node:path';

const DECLARED = /^export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:type|interface|class|function\*?|const|let|var|enum)\s+([A-Za-z_$][\w$]*)/gm;
const LISTED = /^export\s+(?:type\s+)?\{([^}]*)\}/gm;
const STAR = /^export\s+(?:type\s+)?\*\s+from\s+'(\.{1,2}\/[^']+)\.js';/gm;

/** `runtime` maps a path such as `runtime/index.ts` to the module's text. */
export function runtimeExports(runtime: ReadonlyMap<string, string>, entry = 'runtime/index.ts'): Set<string> {
  const names = new Set<string>();
  const seen = new Set<string>();
  const visit = (path: string): void => {
    if (seen.has(path)) return;
    seen.add(path);
    const text = runtime.get(path);
    if (text === undefined) return;
    for (const m of text.matchAll(DECLARED)) names.add(m[1]!);
    for (const m of text.matchAll(LISTED)) {
      for (const part of m[1]!.split(',')) {
        const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/).pop()!.trim();
        if (name) names.add(name);
      }
    }
    for (const m of text.matchAll(STAR)) visit(`${posix.join(posix.dirname(path), m[1]!)}.ts`);
  };
  visit(entry);
  return names;
}

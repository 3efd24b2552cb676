/**
 * tsc over generated declarations, as a strict consumer's project sees them: every `.d.ts` below the given
 * package folders in one program (one program is far cheaper than one per package), NodeNext, `strict`,
 * `skipLibCheck: false`, Node's types from this repository.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { listFiles } from '../../generator/write/index.js';
import { ROOT } from './paths.js';

/** Every declaration file below `dirs`. */
export function declarations(...dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) =>
    listFiles(dir)
      .filter((f) => f.endsWith('.d.ts'))
      .map((f) => join(dir, f)),
  );
}

/** The diagnostics of one program over `files`, each as `<file>: <message>` (file relative to `base`). */
export function typecheck(files: readonly string[], base = ''): string[] {
  const program = ts.createProgram([...files], {
    strict: true,
    skipLibCheck: false,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    typeRoots: [join(ROOT, 'node_modules/@types')],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file && base ? d.file.fileName.slice(base.length) : (d.file?.fileName ?? '')}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

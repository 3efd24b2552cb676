/**
 * The runtime's export list the client emitter reads from the runtime's sources, held against the TypeScript
 * compiler's own list for the runtime as it ships, and on small trees for each form of export.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { runtimeExports } from '../../../../generator/emit/client/runtime-exports.js';
import { readTree } from '../../../../generator/lib/read-tree.js';
import { ROOT } from '../../../helpers/paths.js';

function compilerExports(entry: string): string[] {
  const program = ts.createProgram([entry], { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry)!;
  const symbol = checker.getSymbolAtLocation(source)!;
  return checker.getExportsOfModule(symbol).map((s) => s.getName()).sort();
}

describe('runtimeExports', () => {
  it('lists exactly what the TypeScript compiler says the shipped runtime exports', () => {
    const runtime = readTree('runtime', /\.ts$/, ROOT);
    expect([...runtimeExports(runtime)].sort()).toEqual(compilerExports(join(ROOT, 'runtime/index.ts')));
  });

  it('follows export * to any depth, reads lists with renames and type-only forms, and stops at cycles', () => {
    const tree = new Map([
      ['runtime/index.ts', "export * from './a/index.js';\nexport type { Shape as Form, Other } from './b.js';\nexport { run } from './c.js';\n"],
      ['runtime/a/index.ts', "export * from './deep.js';\nexport * from '../index.js';\nexport declare const declared: number;\n"],
      ['runtime/a/deep.ts', 'export async function go() {}\nexport abstract class Base {}\nexport enum Kind { A }\nexport interface Face {}\nfunction hidden() {}\n'],
      ['runtime/b.ts', 'export type Shape = 1;\nexport type Other = 2;\nexport type NotReExported = 3;\n'],
      ['runtime/c.ts', 'export const run = 1;\nexport const notNamed = 2;\n'],
    ]);
    expect([...runtimeExports(tree)].sort()).toEqual(['Base', 'Face', 'Form', 'Kind', 'Other', 'declared', 'go', 'run']);
  });
});

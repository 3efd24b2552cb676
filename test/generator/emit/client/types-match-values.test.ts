/**
 * Declared types agree with runtime values: every example of the spec, decoded by the generated codecs
 * exactly as the client decodes replies, is written as a TypeScript literal and assigned to the generated
 * params and result types; tsc must accept every assignment (a bigint where the type says number, a
 * missing or extra field, a wrong literal, all fail).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { printFlat as tsLiteral } from '../../../../generator/emit/shared/literal.js';
import { PlanBuilder, materialize } from '../../../../generator/schema/codec.js';
import { pascalCase } from '../../../../generator/schema/typescript.js';
import { decode } from '../../../../runtime/client/codec.js';
import { allMethods } from '../../../helpers/model.js';
import { ROOT } from '../../../helpers/paths.js';

const TYPES = join(ROOT, 'generated/client/types.d.ts');

function check(source: string): string[] {
  const files = new Map([
    ['/check.ts', source],
    ['/types.d.ts', readFileSync(TYPES, 'utf8')],
  ]);
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'], types: [], skipLibCheck: true, module: ts.ModuleKind.ESNext };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (f) => files.get(f) ?? read(f);
  host.fileExists = (f) => files.has(f) || ts.sys.fileExists(f);
  host.getSourceFile = (f, lang) => {
    const text = files.get(f) ?? read(f);
    return text === undefined ? undefined : ts.createSourceFile(f, text, lang);
  };
  const program = ts.createProgram(['/check.ts'], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const line = where ? source.split('\n')[where.line] : '';
    return `${ts.flattenDiagnosticMessageText(d.messageText, '\n')}\n    at: ${line?.slice(0, 160)}`;
  });
}

describe('generated types match decoded runtime values', () => {
  it('accepts every example of the spec, params and result, in value form', () => {
    const lines: string[] = [];
    const used = new Set<string>();
    let count = 0;
    for (const { service, method } of allMethods()) {
      const b = new PlanBuilder(service.document);
      const prefix = pascalCase(method.name);
      const paramsPlan = materialize(
        method.positional ? b.tuple(method.params.map((p) => p.schema)) : b.object(method.params.map((p) => [p.name, p.schema] as const)),
      );
      const resultPlan = materialize(b.tree(method.result?.schema));
      method.examples.forEach((ex) => {
        if (method.params.length) {
          const wire =
            method.positional
              ? method.params.map((p) => ex.params.find((e) => e.name === p.name)?.value)
              : Object.fromEntries(ex.params.map((p) => [p.name, p.value]));
          if (Array.isArray(wire)) while (wire.length && wire[wire.length - 1] === undefined) wire.pop();
          used.add(`${prefix}Params`);
          lines.push(`const p${count}: ${prefix}Params = ${tsLiteral(decode(paramsPlan, wire))}; // ${method.name} ${ex.name}`);
        }
        if (method.result && ex.result) {
          used.add(`${prefix}Result`);
          lines.push(`const r${count}: ${prefix}Result = ${tsLiteral(decode(resultPlan, ex.result.value))}; // ${method.name} ${ex.name}`);
        }
        count++;
      });
      for (const kind of method.subscriptions?.kinds ?? []) {
        const plan = materialize(b.tree(kind.result.schema));
        const type = `${prefix}${pascalCase(kind.name)}Notification`;
        used.add(type);
        for (const ex of kind.examples) for (const n of ex.notifications) lines.push(`const n${count++}: ${type} = ${tsLiteral(decode(plan, n))}; // ${method.name} ${kind.name}`);
      }
    }
    const source = `import type { ${[...used].sort().join(', ')} } from './types.js';\n${lines.join('\n')}\nexport {};\n`;
    expect(lines.length).toBeGreaterThan(400);
    expect(check(source)).toEqual([]);
  });

  it('rejects a value whose runtime type disagrees with the declared one', () => {
    // The same machinery must fail on a mismatch, or the test above proves nothing.
    const source = `import type { PlatformGetHeightResult, EthGetBalanceParams } from './types.js';
const a: PlatformGetHeightResult = { height: 5 };
const b: EthGetBalanceParams = [42n, 'latest'];
export {};\n`;
    const problems = check(source);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/number.*bigint/s);
  });
});

/**
 * The generator on documents it was not written for: the public execution-API specification, once with
 * named, referenced schemas and once with everything inlined. The client packages it produces are
 * committed as golden trees and type-checked; type names must be readable in both (component keys and
 * titles, never hash suffixes).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../generator/config/index.js';
import { generate } from '../../../generator/generate.js';
import { listFiles } from '../../../generator/write/index.js';
import { expectGolden, updating } from '../../helpers/golden.js';
import { ROOT, SHARED, scratch } from '../../helpers/paths.js';

const CASES = [
  { name: 'refs', document: join(SHARED, 'conformance/execution-apis/refs-openrpc.json') },
  { name: 'inlined', document: join(SHARED, 'conformance/execution-apis/openrpc.json') },
];

function typecheck(dir: string): string[] {
  const files = listFiles(dir)
    .filter((f) => f.endsWith('.d.ts'))
    .map((f) => join(dir, f));
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: false,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('execution-API specification, generated as a client package', () => {
  for (const c of CASES) {
    it(`${c.name}: matches the committed golden tree and type-checks`, async () => {
      const out = scratch(`ea-${c.name}`);
      const config = resolveConfig(ROOT, {
        documents: [{ path: c.document, service: 'eth' }],
        out,
        strict: false,
        emit: ['client', 'package'],
        package: { name: `execution-apis-${c.name}`, version: '0.0.0', description: 'Client for the Ethereum execution APIs (golden test output).' },
      });
      const result = await generate(config, { cacheDir: false });
      expect(result.ok, result.report).toBe(true);
      const golden = join(ROOT, 'test/golden/execution-apis', c.name);
      const produced = listFiles(join(out, 'client'));
      for (const file of produced) expectGolden(join(golden, file), readFileSync(join(out, 'client', file), 'utf8'));
      if (!updating) expect(produced).toEqual(listFiles(golden));
      expect(typecheck(join(out, 'client'))).toEqual([]);

      const types = readFileSync(join(out, 'client/types.d.ts'), 'utf8');
      const names = [...types.matchAll(/^export (?:interface|type) ([A-Za-z0-9_]+)/gm)].map((m) => m[1]!);
      expect(names.length).toBeGreaterThan(150);
      // Readable: no name ends in a hash-like run (like the incumbent's `...NullYYhHv0RH`).
      const hashy = (n: string) => {
        const tail = n.slice(-8);
        return (tail.match(/[A-Z]/g) ?? []).length >= 3 && (tail.match(/[a-z]/g) ?? []).length >= 2 && /[0-9]/.test(tail);
      };
      expect(names.filter(hashy)).toEqual([]);
      expect(types).toMatch(/export (interface|type) BlockNumberOrTag\b|export (interface|type) BlockObject\b/);
    });
  }
});

describe('noderpc generate <document> from the command line', () => {
  it('emits every output for a document it was not written for (no servers, no extensions)', async () => {
    const { spawnSync } = await import('node:child_process');
    const out = scratch('cli-any');
    const r = spawnSync(process.execPath, [join(ROOT, 'bin/noderpc.js'), 'generate', CASES[1]!.document, '--out', out, '--no-cache'], { encoding: 'utf8', cwd: out });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stdout).toMatch(/added/);
    // Its examples that do not match its own schemas are warnings, not failures.
    expect(r.stdout).toMatch(/\d+ warnings \(example-invalid \d+, .*\); generation went ahead\./);
    expect(r.stdout).toMatch(/--verbose lists each with its place; --report <file> writes every problem as JSON/);
    const files = listFiles(out);
    for (const prefix of ['openrpc/', 'client/methods/', 'client/validators/', 'client/server/', 'client/mock/', 'docs/']) {
      expect(files.some((f) => f.startsWith(prefix)), prefix).toBe(true);
    }
  });
});

/**
 * Text from a document never becomes code: a document whose every free text (titles, summaries,
 * descriptions of methods, params, results, schemas and properties, error messages, example names, server
 * URLs, enum values, property names) tries to close its comment or string and declare something is
 * generated, and no generated TypeScript or JavaScript file holds a declaration or identifier it named:
 * each file is parsed, and every identifier in it is checked.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readConfigFile, resolveConfig } from '../../../generator/config/index.js';
import { generate } from '../../../generator/generate.js';
import { listFiles } from '../../../generator/write/index.js';
import { scratch } from '../../helpers/paths.js';
import { declarations, typecheck } from '../../helpers/typecheck.js';

/** Breaks out of a block comment, a line comment, and each kind of string, then declares INJECTED. */
const EVIL = [
  'x */ export declare const INJECTED: 42; /* y',
  "x\n export declare const INJECTED: 42; // y",
  "x' ; export const INJECTED = 42; const z = '",
  'x" ; export const INJECTED = 42; const z = "',
  'x` ; export const INJECTED = 42; const z = `${INJECTED}',
  'x */ declare global { interface Array<T> { INJECTED: 1 } } /* y',
  'x\u2028export const INJECTED = 42;',
];
const evil = EVIL.join(' ');

function spec(): string {
  const s = JSON.stringify;
  return `openrpc: 1.3.2
info: { title: ${s(`Evil ${evil}`)}, version: 1.0.0, description: ${s(evil)} }
servers:
  - url: ${s('/rpc;touch${IFS}pwned;#')}
x-jsonrpc: { batch: true }
components:
  schemas:
    Thing:
      title: ${s(`Thing ${EVIL[0]}`)}
      description: ${s(evil)}
      type: object
      properties:
        ${s(`weird */ INJECTED`)}: { type: string, description: ${s(evil)} }
        plain: { type: string, enum: ${s(EVIL)}, description: ${s(evil)} }
methods:
  - name: evil_method
    x-effects: read
    summary: ${s(evil)}
    description: ${s(evil)}
    paramStructure: by-position
    params:
      - { name: first, required: true, description: ${s(evil)}, summary: ${s(evil)}, schema: { $ref: '#/components/schemas/Thing' } }
    result: { name: out, description: ${s(evil)}, schema: { type: string, description: ${s(evil)} } }
    errors:
      - { code: -32000, message: ${s(evil)} }
    examples:
      - name: ${s(`ex ${EVIL[0]}`)}
        description: ${s(evil)}
        params: [{ name: first, value: { plain: ${s(EVIL[0])} } }]
        result: { name: out, value: ${s(evil)} }
`;
}

/** Every identifier in a TypeScript or JavaScript file. */
function identifiers(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS);
  const out: string[] = [];
  const walk = (n: ts.Node): void => {
    if (ts.isIdentifier(n)) out.push(n.text);
    n.forEachChild(walk);
  };
  walk(source);
  return out;
}

describe('document text never becomes code', () => {
  it('escapes every text for the place it lands in', { timeout: 120_000 }, async () => {
    const dir = scratch('injection');
    mkdirSync(join(dir, 'spec'));
    writeFileSync(join(dir, 'spec/evil.yaml'), spec());
    writeFileSync(join(dir, 'noderpc.config.json'), JSON.stringify({ documents: ['spec/evil.yaml'], package: { name: 'evil-client', version: '1.0.0' }, strict: false }));
    const out = join(dir, 'out');
    const result = await generate(resolveConfig(dir, { ...readConfigFile(dir)!, out }), { cacheDir: false });
    expect(result.ok, result.report).toBe(true);
    const code = listFiles(out).filter((f) => /\.(d\.ts|ts|js|mjs)$/.test(f) && !f.startsWith('client/runtime/'));
    expect(code.length).toBeGreaterThan(5);
    const found: string[] = [];
    for (const f of code) {
      const text = readFileSync(join(out, f), 'utf8');
      if (identifiers(f, text).includes('INJECTED')) found.push(f);
    }
    expect(found).toEqual([]);
    expect(typecheck(declarations(join(out, 'client')), out)).toEqual([]);
  });
});

/**
 * The naming functions: one name per declaration, the same at the declaration and at every use. A type's
 * name must survive json-schema-to-typescript unchanged (it normalises the names it declares), or the uses
 * would name a type that does not exist.
 */
import fc from 'fast-check';
import ts from 'typescript';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { camelCase } from '../../../../generator/emit/shared/client-names.js';
import { pascalCase } from '../../../../generator/schema/typescript.js';
import { GENERATED_BINDINGS } from '../../../../generator/schema/ts-names.js';
import { ROOT } from '../../../helpers/paths.js';

const { toSafeString } = createRequire(import.meta.url)('json-schema-to-typescript/dist/src/utils.js') as { toSafeString: (s: string) => string };

const CASES: [string, { pascal: string; camel: string }][] = [
  ['Block object', { pascal: 'BlockObject', camel: 'blockObject' }],
  ['platform.getBalance', { pascal: 'PlatformGetBalance', camel: 'platformGetBalance' }],
  ['getUTXOs', { pascal: 'GetUTXOs', camel: 'getUTXOs' }],
  ['p2p.Info', { pascal: 'P2PInfo', camel: 'p2PInfo' }],
  ['eth_signTypedData_v4', { pascal: 'EthSignTypedDataV4', camel: 'ethSignTypedDataV4' }],
  ['BLOCK_BODY_WITH_TX_HASHES', { pascal: 'BLOCK_BODY_WITH_TX_HASHES', camel: 'blockBodyWithTxHashes' }],
  ['FELT', { pascal: 'FELT', camel: 'felt' }],
  ['block_id', { pascal: 'BlockId', camel: 'blockId' }],
  ['Filecoin.ChainHead', { pascal: 'FilecoinChainHead', camel: 'filecoinChainHead' }],
  ['2fa-code', { pascal: 'T2FaCode', camel: 't2FaCode' }],
  ['Promise', { pascal: 'PromiseType', camel: 'promiseType' }],
  ['default', { pascal: 'Default', camel: 'default_' }],
  ['***', { pascal: 'Type', camel: 'type' }],
];

describe('pascalCase and camelCase', () => {
  for (const [given, want] of CASES) {
    it(JSON.stringify(given), () => {
      expect(pascalCase(given)).toBe(want.pascal);
      expect(camelCase(given)).toBe(want.camel);
    });
  }

  it('a type name is a fixed point of json-schema-to-typescript and an identifier, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'aZ0_9 .-$Éx/'.split('')), maxLength: 24 }), (text) => {
        const name = pascalCase(text);
        expect(name).toMatch(/^[A-Z][A-Za-z0-9_]*$/);
        expect(toSafeString(name)).toBe(name);
        expect(toSafeString(`${name}Result`)).toBe(`${name}Result`);
      }),
      { seed: 11, numRuns: 500 },
    );
  });
});

/** Every name the ECMAScript library declares in the global scope, as TypeScript's lib.es2022 has them. */
function libGlobals(): string[] {
  const host = ts.createCompilerHost({});
  const read = host.getSourceFile.bind(host);
  const exists = host.fileExists.bind(host);
  host.getSourceFile = (file, language) => (file === '/probe.ts' ? ts.createSourceFile(file, 'export {};', language) : read(file, language));
  host.fileExists = (file) => file === '/probe.ts' || exists(file);
  const program = ts.createProgram(['/probe.ts'], { lib: ['lib.es2022.d.ts'], types: [], noEmit: true }, host);
  const flags = ts.SymbolFlags.Type | ts.SymbolFlags.Value | ts.SymbolFlags.Namespace;
  return program
    .getTypeChecker()
    .getSymbolsInScope(program.getSourceFile('/probe.ts')!, flags)
    .map((s) => s.name)
    .filter((n) => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(n));
}

/** Reserved words of strict-mode module code (ECMAScript 2022, 13.1 and 12.7.2), contextual ones included, and TypeScript's. */
const WORDS = (
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
  'instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package ' +
  'private protected public await arguments eval as async from get set of type declare namespace module keyof readonly unique infer is ' +
  'asserts abstract any unknown never object symbol bigint string number boolean undefined constructor require global satisfies accessor'
).split(' ');

/** Whether `name` binds as a function, a parameter and a variable in strict code inside an async generator (await and yield reserved). */
function binds(name: string): boolean {
  try {
    new Function(`"use strict"; async function* outer() { function ${name}(${name}) { let ${name}$ = ${name}; return ${name}$; } let ${name}_ = 1; class ${name.replace(/^./, (c) => c.toUpperCase())}C {} }`);
    new Function(`"use strict"; async function* outer() { let ${name} = 1; return ${name}; }`);
    return true;
  } catch {
    return false;
  }
}

describe('one naming rule for every identifier a document names', () => {
  const globals = libGlobals();
  const texts = [...WORDS, ...globals, ...WORDS.map((w) => w[0]!.toUpperCase() + w.slice(1))];

  it('no camelCase name (function, param, label) is reserved in strict module code or shadows a global', () => {
    const bad = texts.map((t) => [t, camelCase(t)] as const).filter(([, n]) => !binds(n) || globals.includes(n));
    expect(bad).toEqual([]);
  });

  it('no PascalCase name (a declared type) is reserved or shadows a global type or value', () => {
    const bad = texts.map((t) => [t, pascalCase(t)] as const).filter(([, n]) => !binds(n) || globals.includes(n));
    expect(bad).toEqual([]);
  });

  it('a name that is neither keeps its spelling', () => {
    expect([camelCase('getBalance'), camelCase('arguments list'), pascalCase('Block'), pascalCase('Records')]).toEqual(['getBalance', 'argumentsList', 'Block', 'Records']);
  });
});

describe('names the generated modules bind themselves', () => {
  /** Every name a module of the generated package (client, server, mock, validators) binds by importing it from the runtime, read from the output. */
  function runtimeImports(): Set<string> {
    const found = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'runtime') walk(path);
        } else if (entry.name.endsWith('.d.ts') || entry.name.endsWith('.js')) {
          for (const m of readFileSync(path, 'utf8').matchAll(/^import (?:type )?\{([^}]*)\} from '[./]*runtime\//gm))
            for (const n of m[1]!.split(',')) found.add(n.trim().replace(/^type /, '').replace(/^.* as /, ''));
        }
      }
    };
    walk(join(ROOT, 'generated/client'));
    return found;
  }

  it('every runtime name a generated module imports is one a document name cannot take', () => {
    const imported = [...runtimeImports()].filter(Boolean);
    expect(imported.length).toBeGreaterThan(5);
    expect(imported.filter((n) => !GENERATED_BINDINGS.has(n))).toEqual([]);
  });

  it('a method, param or schema named like one takes the suffix (a method `call` beside the imported `call`)', () => {
    expect([camelCase('call'), camelCase('meta'), pascalCase('Transport'), pascalCase('call')]).toEqual(['call_', 'meta_', 'TransportType', 'Call']);
  });
});

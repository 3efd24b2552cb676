/**
 * The TypeScript printer of the emitters (generator/emit/ts-printer.ts) prints what ts-morph's structure
 * printer prints for the same structures: each case is printed by both (ts-morph with its numeric kinds),
 * and the texts must be equal. A field the printer does not handle is an internal error naming the field.
 */
import { printStructure, StructureKind, type SourceFileStructure } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { jsonLiteral, objectLiteral, returnObject } from '../../../../generator/emit/shared/ts-print.js';
import { PrintError, printStatements, type Statement } from '../../../../generator/emit/shared/ts-printer.js';
import { RunMemory } from '../../../../generator/speed/incremental.js';

const KINDS: Record<string, StructureKind> = {
  import: StructureKind.ImportDeclaration,
  export: StructureKind.ExportDeclaration,
  variable: StructureKind.VariableStatement,
  function: StructureKind.Function,
  interface: StructureKind.Interface,
  typeAlias: StructureKind.TypeAlias,
};

function morph(statements: readonly Statement[]): string {
  const converted = statements.map((s) => (typeof s === 'object' ? { ...s, kind: KINDS[s.kind]! } : s));
  return printStructure({ kind: StructureKind.SourceFile, statements: converted } as SourceFileStructure, { indentNumberOfSpaces: 2, useSingleQuote: true });
}

const doc = (description: string, tags: { tagName: string; text?: string }[] = []) => [{ description, tags }];

/** A list of `n` items of every kind a long list in a module has (interface members, object literal entries). */
const many = (n: number) => Array.from({ length: n }, (_, i) => i);

const CASES: [string, Statement[]][] = [
  ['a banner and imports of every form', [
    '// Generated: do not edit.',
    { kind: 'import', moduleSpecifier: './a.js', namedImports: ['a', 'b'] },
    { kind: 'import', isTypeOnly: true, moduleSpecifier: "./it's.js", namedImports: ['T'] },
    { kind: 'import', moduleSpecifier: './c.js', namedImports: [{ name: 'start', alias: 'startServer' }, { name: 'U', isTypeOnly: true }, 'c'] },
    { kind: 'import', moduleSpecifier: './ns.js', namedImports: ['createNs', { name: 'NsNamespace', isTypeOnly: true }, 'aMeta', { name: 'bMeta' }] },
    { kind: 'export', moduleSpecifier: './ns.js', namedExports: [{ name: 'Ns', isTypeOnly: true }, 'x'] },
    { kind: 'import', moduleSpecifier: './d.js', defaultImport: 'D', namedImports: ['d'] },
    { kind: 'import', moduleSpecifier: './e.js', namespaceImport: 'e' },
    { kind: 'import', moduleSpecifier: './side-effect.js' },
  ]],
  ['exports: all, type-only, named', [
    { kind: 'export', moduleSpecifier: './runtime/index.js' },
    { kind: 'export', isTypeOnly: true, moduleSpecifier: './types.js' },
    { kind: 'export', moduleSpecifier: './ns.js', namedExports: ['aMeta', 'bMeta'] },
    { kind: 'export', namespaceExport: 'ns', moduleSpecifier: './ns.js' },
    { kind: 'export' },
  ]],
  ['a function with JSDoc tags, a default parameter and a body of text and writers', [
    {
      kind: 'function',
      isExported: true,
      name: 'getBlock',
      docs: doc('Gets a block.\n\nWith a second paragraph.', [{ tagName: 'param', text: 'height the height' }, { tagName: 'deprecated', text: 'Use x instead.' }, { tagName: 'internal' }]),
      typeParameters: ['T', { name: 'const U', constraint: 'readonly unknown[]' }],
      parameters: [{ name: 'transport', type: 'Transport' }, { name: 'height', type: 'bigint | undefined', hasQuestionToken: true }, { name: 'invoke', type: 'Invoke', initializer: 'call' }],
      returnType: 'Promise<Block>',
      statements: ['const x = 1;', (w) => w.write('return ').write('x;')],
    },
    { kind: 'function', name: 'plain', parameters: [{ name: 'a' }, { name: 'b', initializer: '{}' }], statements: [returnObject(['a', 'b: 2', "c: 'x'"])] },
    { kind: 'function', isExported: true, hasDeclareKeyword: true, name: 'declared', parameters: [{ name: 'x', type: 'string', hasQuestionToken: true }], returnType: 'void' },
    { kind: 'function', isExported: true, isDefaultExport: false, name: 'empty', statements: [] },
  ]],
  ['a one-line JSDoc and one that starts with a blank line', [
    { kind: 'typeAlias', isExported: true, name: 'A', docs: doc('One line.'), type: 'string' },
    { kind: 'typeAlias', isExported: true, name: 'B', docs: ['\nstarts on the next line'], type: 'number' },
    { kind: 'typeAlias', isExported: true, name: 'Map', typeParameters: ['NS'], type: '{ [K in keyof NS]: NS[K] }' },
  ]],
  ['interfaces with properties and method signatures', [
    {
      kind: 'interface',
      isExported: true,
      name: 'Client',
      docs: doc('A client.'),
      properties: [
        { name: 'eth', isReadonly: true, type: 'EthNamespace', docs: doc('The `eth` methods.') },
        { name: '"quoted.name"', isReadonly: true, hasQuestionToken: true, type: '{ params: undefined; result: void }' },
      ],
      methods: [
        {
          name: 'batch',
          typeParameters: [{ name: 'T', constraint: 'readonly PreparedCall<unknown>[]', isConst: true }],
          docs: doc('Several calls.'),
          parameters: [{ name: 'build', type: '(batch: B) => T' }, { name: 'options', type: 'CallOptions', hasQuestionToken: true }],
          returnType: 'Promise<BatchResult<T>>',
        },
        { name: 'close', returnType: 'Promise<void>' },
        { name: 'maybe', hasQuestionToken: true, parameters: [{ name: 'x', type: "'a' | 'b'" }] },
      ],
    },
    { kind: 'interface', name: 'Empty' },
    { kind: 'interface', name: 'Sub', extends: ['A', 'B<C>'], properties: [{ name: 'x', type: 'string' }] },
  ]],
  ['variable statements with object literals, exported or not', [
    { kind: 'variable', isExported: true, declarationKind: 'const', docs: doc('Meta.'), declarations: [{ name: 'meta', type: 'MethodMeta', initializer: objectLiteral(['name: "a"', ['nested', objectLiteral(['x: 1'])], 'last']) }] },
    { kind: 'variable', declarationKind: 'const', declarations: [{ name: 'DATA', type: 'Record<string, unknown>', initializer: jsonLiteral({ a: [1, 2], 'b-c': { d: 'https://example.com/x' } }) }] },
    { kind: 'variable', declarations: [{ name: 'a', initializer: '1' }, { name: 'b', type: 'string' }] },
    { kind: 'variable', isExported: true, hasDeclareKeyword: true, declarationKind: 'const', declarations: [{ name: 'c', type: 'readonly X[]' }] },
    'export default c;',
  ]],
  ['long lists: interface members and object literal entries, put together after printing', [
    {
      kind: 'interface',
      isExported: true,
      name: 'Everything',
      docs: doc('Every method.'),
      properties: many(40).map((i) => ({ name: `"m${i}"`, isReadonly: true, docs: i % 3 ? doc(`Member ${i}, with a \`code\` span and "quotes".`) : undefined, type: i % 5 ? `{ params: P${i}; result: R${i} }` : '{\n  a: `0x${string}`\n  // comment\n  b?: string\n}' })),
      methods: many(30).map((i) => ({ name: `m${i}`, docs: doc(`Calls m${i}.\n\nSecond paragraph.`, [{ tagName: 'param', text: 'x the x' }]), parameters: [{ name: 'x', type: `X${i}`, hasQuestionToken: i % 2 === 0 }, { name: 'options', type: 'CallOptions', hasQuestionToken: true }], returnType: `Promise<R${i}>` })),
    },
    { kind: 'function', isExported: true, name: 'create', parameters: [{ name: 't', type: 'T' }], returnType: 'X', statements: ['const x = 1;', returnObject(many(50).map((i) => `"m${i}": (a, b) => invoke(t.http("s"), m${i}Meta, { a, b: '}' }, options)`))] },
    { kind: 'variable', isExported: true, declarationKind: 'const', declarations: [{ name: 'DATA', type: 'Data', initializer: objectLiteral([['service', '"s"'], ['examples', jsonLiteral(Object.fromEntries(many(25).map((i) => [`m${i}`, [{ name: `e${i}`, params: [{ name: 'p', value: `it's "${i}"` }] }]])))]]) }] },
    { kind: 'interface', name: 'Small', properties: [{ name: 'a', type: 'A' }] },
  ]],
  ['multi-line types and template literals in parameters (commas go after the last token)', [
    {
      kind: 'function',
      name: 'f',
      parameters: [
        { name: 'a', type: '{\n  /**\n   * A field, with "quotes" and // slashes.\n   */\n  x?: string\n  }' },
        { name: 'b', type: '`0x${string}` /* trailing comment */' },
        { name: 'c', type: "'it''s' // trailing line comment" },
        { name: 'd', type: '`a${`b${"c"}`}d`' },
      ],
      statements: ['return `${a}`;'],
    },
  ]],
  ['overloads, in an implementation and in a declaration', [
    {
      kind: 'function',
      isExported: true,
      name: 'get',
      docs: doc('Either shape.'),
      overloads: [
        { docs: doc('With `full` true.'), parameters: [{ name: 'id', type: 'string' }, { name: 'full', type: 'true' }, { name: 'options', type: 'CallOptions', hasQuestionToken: true }], returnType: 'Promise<Full>' },
        { parameters: [{ name: 'id', type: 'string' }, { name: 'full', type: 'boolean' }], returnType: 'Promise<Either>' },
      ],
      parameters: [{ name: 'id', type: 'string' }, { name: 'full', type: 'boolean' }],
      returnType: 'Promise<Either>',
      statements: ['return call(id, full);'],
    },
    {
      kind: 'function',
      isExported: true,
      hasDeclareKeyword: true,
      name: 'declared',
      overloads: [{ docs: doc('One.'), parameters: [{ name: 'x', type: '1' }], returnType: 'One' }],
      parameters: [{ name: 'x', type: 'number' }],
      returnType: 'number',
    },
  ]],
  ['a method signature whose parameters span lines', [
    {
      kind: 'interface',
      name: 'I',
      methods: [{ name: 'm', parameters: [{ name: 'traceConfig', type: '{\n  debug?: boolean\n  /** limit */\n  limit?: number\n  }', hasQuestionToken: true }, { name: 'options', type: 'CallOptions', hasQuestionToken: true }], returnType: 'Promise<void>' }],
    },
  ]],
];

describe('printStatements prints as ts-morph does', () => {
  for (const [name, statements] of CASES) {
    it(name, () => {
      const ours = printStatements(statements, new RunMemory(false));
      expect(ours).toBe(morph(statements));
      expect(ours.endsWith('\n')).toBe(true);
    });
    // A watch session prints statements one by one and keeps their texts (interface members and long lists
    // put together after printing): the first run and the one that reuses the kept texts print the same.
    it(`${name}, while keeping texts for a next run (twice)`, () => {
      const session = new RunMemory(true);
      const want = morph(statements);
      expect(printStatements(statements, session)).toBe(want);
      expect(printStatements(statements, session)).toBe(want);
    });
  }
});

describe('what it does not print is an internal error', () => {
  const cases: [string, Statement, RegExp][] = [
    ['a class', { kind: 'class', name: 'C' } as unknown as Statement, /cannot print a class structure/],
    ['an overload with leading trivia', { kind: 'function', name: 'f', overloads: [{ parameters: [], leadingTrivia: '// x' }] }, /cannot print `leadingTrivia` of a overload structure/],
    ['import attributes', { kind: 'import', moduleSpecifier: './x.json', attributes: [{ name: 'type', value: 'json' }] }, /cannot print `attributes` of a import structure/],
    ['a parameter scope', { kind: 'function', name: 'f', parameters: [{ name: 'x', scope: 'public' } as never] }, /cannot print `scope` of a parameter structure/],
    ['leading trivia', { kind: 'typeAlias', name: 'T', type: 'string', leadingTrivia: '// x' }, /cannot print `leadingTrivia` of a typeAlias structure/],
  ];
  for (const [name, statement, message] of cases) {
    it(name, () => {
      expect(() => printStatements([statement], new RunMemory(false))).toThrow(PrintError);
      expect(() => printStatements([statement], new RunMemory(false))).toThrow(message);
    });
  }
});

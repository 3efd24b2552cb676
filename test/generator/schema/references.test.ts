/**
 * The schema compiler's one reference table per ajv instance (generator/schema/references.ts): each schema
 * that methods refer to directly is compiled once, and what comes out is what ajv makes when every root
 * keeps its own table: the same standalone code, the same strict-mode warnings in the same order, the same
 * errors. The documents below hold what changes the code ajv makes: a reference chain, a recursive schema
 * reached first from a method and later from inside the document, a schema strict mode would refuse.
 */
import standaloneModule from 'ajv/dist/standalone/index.js';
import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { renumber } from '../../../generator/emit/validators/index.js';
import { SchemaCompiler } from '../../../generator/schema/ajv.js';
import { compileParams } from '../../../generator/schema/envelope.js';

const standaloneCode = ((standaloneModule as unknown as { default?: typeof standaloneModule }).default ?? standaloneModule) as unknown as (
  ajv: ReturnType<SchemaCompiler['ajv']>,
  fn: ValidateFunction,
) => string;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function documentOf(methods: number): Record<string, unknown> {
  return {
    components: {
      schemas: {
        ID: { type: 'string', pattern: '^[0-9a-f]{8}$' },
        Alias: ref('ID'),
        Tree: { type: 'object', properties: { id: ref('ID'), children: { type: 'array', items: ref('Tree') } } },
        // No `type`: strict mode would refuse `required` (a warning when not strict).
        Loose: { required: ['a'], properties: { a: { type: 'integer' } } },
        Pair: { type: 'object', properties: { left: ref('Tree'), right: ref('Loose'), other: ref('Forest') } },
        Forest: { type: 'array', items: ref('Tree') },
      },
    },
    methods: Array.from({ length: methods }, (_, i) => ({
      name: `m${i}`,
      params: [
        { name: 'id', schema: ref('ID') },
        { name: 'alias', schema: ref('Alias') },
        { name: 'tree', schema: ref(i % 2 ? 'Forest' : 'Tree') },
        { name: 'loose', schema: ref('Loose') },
      ],
      result: { name: 'r', schema: i % 3 === 2 ? { type: 'object', properties: { pair: ref('Pair'), id: ref('ID') } } : ref(i % 2 ? 'Pair' : 'Tree') },
    })),
  };
}

/** Every compile the schema job makes for the methods, in its order: what each gives (code or error) and says. */
function run(document: Record<string, unknown>, strict: boolean, shareReferences: boolean) {
  const compiler = new SchemaCompiler('test:refs', document, { strict, source: true, shareReferences });
  const out: { what: string; code?: string; error?: string; warnings: string[] }[] = [];
  const record = (what: string, fn: ValidateFunction | Error, mode: 'first' | 'all') => {
    const warnings = compiler.drainWarnings();
    if (fn instanceof Error) out.push({ what, error: fn.message, warnings });
    else out.push({ what, code: renumber(standaloneCode(compiler.ajv(mode), fn)), warnings });
  };
  (document.methods as { params: unknown[] }[]).forEach((method, i) => {
    const params = method.params.map((_, j) => ({ name: ['id', 'alias', 'tree', 'loose'][j]!, required: j === 0, schemaPointer: `/methods/${i}/params/${j}/schema` }));
    record(`m${i} params`, compileParams(compiler, `/methods/${i}`, params, 'either'), 'all');
    record(`m${i} result`, compiler.compile(`/methods/${i}/result/schema`), 'first');
    record(`m${i} param 2`, compiler.compile(`/methods/${i}/params/2/schema`), 'first');
  });
  const functions = (['first', 'all'] as const).map((mode) => (compiler.ajv(mode).scope.get() as { validate?: unknown[] }).validate?.length ?? 0);
  return { out, functions: functions[0]! + functions[1]! };
}

describe('one reference table per ajv instance', () => {
  const cases: [string, { strict: boolean }][] = [
    ['not strict (warnings)', { strict: false }],
    ['strict (errors)', { strict: true }],
  ];
  for (const [name, { strict }] of cases) {
    it(`${name}: the same code, warnings and errors as a table per root, from fewer compiled functions`, () => {
      const document = documentOf(6);
      const shared = run(document, strict, true);
      const own = run(document, strict, false);
      expect(shared.out).toEqual(own.out);
      // What the comparison rests on is there to compare.
      expect(shared.out.filter((o) => o.code).length).toBeGreaterThan(5);
      if (strict) expect(shared.out.filter((o) => o.error).length).toBeGreaterThan(5);
      else expect(shared.out.filter((o) => o.warnings.length).length).toBeGreaterThan(5);
      expect(shared.functions).toBeLessThan(own.functions);
    });
  }

  it('compiles a schema that every method refers to directly once, however many methods there are', () => {
    const few = run(documentOf(4), false, true).functions;
    const many = run(documentOf(40), false, true).functions;
    // Per added method: its envelope, its result (and its wrapper), a few wrappers; not the shared schemas again.
    const perMethod = (many - few) / 36;
    expect(perMethod).toBeLessThan(7);
    const ownPerMethod = (run(documentOf(40), false, false).functions - run(documentOf(4), false, false).functions) / 36;
    expect(perMethod).toBeLessThan(ownPerMethod);
  });
});

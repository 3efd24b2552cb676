/**
 * The mock, inside the client package: `mock/data/<service>` (the spec's examples in wire form, or a value
 * the schema job made where a method has none) and `mock/index` (`start<X>Mock`). The request pipeline is
 * hand-written runtime (runtime/mock) over the server's.
 */
import { objectKey } from '../../lib/escape.js';
import type { MethodModel, ServiceModel } from '../../model/index.js';
import type { OutputFile } from '../../lib/output-file.js';
import { SAMPLE_NAME } from '../../schema/sample.js';
import { slot } from '../../lib/memory.js';
import { packageContext } from '../shared/context.js';
import { camelCase, factoryStem } from '../shared/client-names.js';
import { tsModule } from '../shared/ts-module.js';
import { docs, GENERATED_BANNER, objectLiteral, type Statement } from '../shared/ts-print.js';
import type { EmitContext, Emitter } from '../shared/types.js';
import { PACKAGE_DIR } from '../shared/paths.js';

const MOCK_EXAMPLES = slot<MethodModel, string>('mock examples');
const MOCK_SUBSCRIPTIONS = slot<MethodModel, string>('mock subscriptions');

function mockData(ctx: EmitContext, service: ServiceModel): OutputFile[] {
  // The texts of the entries (each kept by its method), in the order an object of them has its keys.
  const examples: [string, string][] = [];
  const subscriptions: [string, string][] = [];
  for (const m of service.methods) {
    // A method without an example is answered with a value made from its result schema (and checked
    // against it) when generating.
    const made = m.examples.length ? undefined : ctx.samples?.[service.name]?.[m.name];
    const text = ctx.memory.memo(MOCK_EXAMPLES).get(m, [made === undefined ? undefined : JSON.stringify(made)], () =>
      JSON.stringify(
        made
          ? [{ name: SAMPLE_NAME, params: made.params, ...('result' in made ? { result: made.result } : {}) }]
          : m.examples.map((e) => ({ name: e.name, params: e.params, ...(e.result ? { result: e.result.value } : {}) })),
      ),
    );
    examples.push([m.name, text]);
    if (m.subscriptions) subscriptions.push([m.name, ctx.memory.memo(MOCK_SUBSCRIPTIONS).get(m, [], () => JSON.stringify(Object.fromEntries(m.subscriptions!.kinds.map((k) => [k.name, k.examples]))))]);
  }
  // Keyed by method name: `objectKey` keeps a method called `__proto__` an own property.
  const literal = (texts: [string, string][]) => objectLiteral(texts.map(([k, v]) => [objectKey(k), v] as const));
  return tsModule(`${PACKAGE_DIR}/mock/data/${service.name}.ts`, [
    GENERATED_BANNER,
    { kind: 'import', isTypeOnly: true, moduleSpecifier: '../../runtime/mock/index.js', namedImports: ['MockServiceData'] },
    {
      kind: 'variable',
      isExported: true,
      declarationKind: 'const',
      docs: docs([`The examples of the ${service.title}, in wire form, for the mock.`]),
      declarations: [
        {
          name: `${camelCase(service.name)}MockData`,
          type: 'MockServiceData',
          initializer: objectLiteral([
            ['service', JSON.stringify(service.name)],
            ['examples', literal(examples)],
            ...(subscriptions.length ? [['subscriptions', literal(subscriptions)] as const] : []),
          ]),
        },
      ],
    },
  ], ctx.memory);
}

function mockIndex(ctx: EmitContext): OutputFile[] {
  const stem = factoryStem(ctx.config.clientName);
  const name = `start${stem}Mock`;
  const statements: Statement[] = [GENERATED_BANNER];
  statements.push({ kind: 'import', moduleSpecifier: '../runtime/mock/index.js', namedImports: [{ name: 'startMock', alias: 'startMockServer' }] });
  statements.push({ kind: 'import', isTypeOnly: true, moduleSpecifier: '../runtime/mock/index.js', namedImports: ['MockOptions', 'MockServiceData', 'RunningMock'] });
  statements.push({ kind: 'import', moduleSpecifier: '../server/index.js', namedImports: ['services'] });
  for (const s of ctx.model.services) statements.push({ kind: 'import', moduleSpecifier: `./data/${s.name}.js`, namedImports: [`${camelCase(s.name)}MockData`] });
  statements.push({ kind: 'export', moduleSpecifier: '../runtime/mock/index.js' });
  statements.push({
    kind: 'variable',
    isExported: true,
    declarationKind: 'const',
    docs: docs(["Every service's examples, in wire form."]),
    declarations: [{ name: 'mockData', type: 'readonly MockServiceData[]', initializer: `[${ctx.model.services.map((s) => `${camelCase(s.name)}MockData`).join(', ')}]` }],
  });
  statements.push({
    kind: 'function',
    isExported: true,
    isDefaultExport: false,
    name,
    docs: docs([
      "Starts a mock answering every method of every service from the spec's examples (on 127.0.0.1, any free port unless `port` is given). Header `x-mock-example: <name>` picks a named example, `x-mock-error: <code>` one of the method's documented errors.",
    ]),
    parameters: [{ name: 'options', type: "Omit<MockOptions, 'services' | 'data'>", initializer: '{}' }],
    returnType: 'Promise<RunningMock>',
    statements: ['return startMockServer({ ...options, services, data: mockData });'],
  });
  statements.push(`export default ${name};`);
  return tsModule(`${PACKAGE_DIR}/mock/index.ts`, statements, ctx.memory);
}

export async function emitMock(ctx: EmitContext): Promise<OutputFile[]> {
  // The names and types the mock's modules import come from the package context: its problems stop the mock too.
  await packageContext(ctx);
  const files: OutputFile[] = [];
  for (const s of ctx.model.services) files.push(...mockData(ctx, s));
  files.push(...mockIndex(ctx));
  return files;
}

/** Runs after the schema job (emit/index.ts): methods without an example answer with a value it made. */
export const mockEmitter: Emitter = { name: 'mock', emit: emitMock };

/**
 * Conformance of the EVM document with the public execution-API standard: every request/response pair of
 * the standard's fixtures (../shared/conformance/execution-apis/tests, `testing_*` calls skipped) is checked
 * against the bundled document generated/openrpc/evm.json with ajv draft-07 in strict mode.
 *
 * - A request's params validate by position against the method's param schemas. Fixture requests may omit
 *   the block param of the five state methods the C-Chain node requires it for (the standard makes it
 *   optional): those omissions are counted and must be exactly those.
 * - A result validates against the method's result schema, and type-mutated copies of it are rejected,
 *   except where the schema is deliberately open (`x-open`, a custom tracer's output). Struct-logger traces
 *   (no `tracer` asked for) are also checked, and mutated, against `StructLoggerResult` itself.
 * - An error response is a well-formed JSON-RPC error; an invalid-params (-32602) response of a fixture
 *   named `invalid` belongs to a request our param schemas reject.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AjvModule, { type ValidateFunction } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, SHARED } from '../../helpers/paths.js';
import { isOpenAt, isWellFormedError, mutationsOf, readFixtures, withValueAt, type FixturePair } from './execution-apis.js';

const Ajv = AjvModule.default ?? AjvModule;

const DOCUMENT = join(ROOT, 'generated/openrpc/evm.json');
const CONFORMANCE = join(SHARED, 'conformance/execution-apis');
const NAMESPACES = /^(eth|debug|net|txpool|web3|personal)_/;
/** Methods whose block param the C-Chain node requires and the standard makes optional. */
const BLOCK_REQUIRED_BY_NODE = new Set(['eth_getBalance', 'eth_getCode', 'eth_getStorageAt', 'eth_getTransactionCount', 'eth_getProof']);

if (!existsSync(DOCUMENT)) throw new Error(`${DOCUMENT} is missing: run \`npm run generate\` first.`);
const document = JSON.parse(readFileSync(DOCUMENT, 'utf8')) as {
  methods: { name: string; params: { name: string; required?: boolean; schema: unknown }[]; result: { schema: Record<string, unknown> } }[];
  components: { schemas: Record<string, unknown> };
};

// ---- one strict ajv over the whole document; schemas are compiled by JSON pointer
const ID = 'evm.json';
const ajv = new Ajv({ strict: true, strictRequired: false, allowUnionTypes: true, allErrors: true, validateFormats: false });
const extensionKeywords = new Set<string>();
(function collect(node: unknown): void {
  if (Array.isArray(node)) node.forEach(collect);
  else if (node !== null && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      if (k.startsWith('x-')) extensionKeywords.add(k);
      collect(v);
    }
})(document);
for (const keyword of ['components', 'methods', ...[...extensionKeywords].sort()]) ajv.addKeyword({ keyword });
ajv.addSchema({ $id: ID, components: document.components, methods: document.methods });
const compile = (pointer: string): ValidateFunction => ajv.compile({ $ref: `${ID}#${pointer}` });

interface MethodValidators {
  params: { name: string; required: boolean; validate: ValidateFunction }[];
  result: ValidateFunction;
  resultSchema: Record<string, unknown>;
}
const methods = new Map<string, MethodValidators>();
document.methods.forEach((m, i) => {
  methods.set(m.name, {
    params: m.params.map((p, pi) => ({ name: p.name, required: p.required === true, validate: compile(`/methods/${i}/params/${pi}/schema`) })),
    result: compile(`/methods/${i}/result/schema`),
    resultSchema: m.result.schema,
  });
});
const structLogger = compile('/components/schemas/StructLoggerResult');

const errorsOf = (v: ValidateFunction) => (v.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ');

// ---- the fixtures
const fixtures = readFixtures(join(CONFORMANCE, 'tests'));
const standard = JSON.parse(readFileSync(join(CONFORMANCE, 'openrpc.json'), 'utf8')) as { methods: { name: string }[] };

const stats = {
  pairs: 0,
  passed: 0,
  skipped: 0,
  errorResponses: 0,
  invalidParamsRejected: 0,
  omittedNodeRequired: [] as string[],
  mutations: 0,
  rejected: 0,
  exemptOpen: 0,
  structLoggerMutations: 0,
  structLoggerRejected: 0,
};

/** Mutations of `value` that `validate` must reject, skipping those landing in an open part of `schema`. */
function checkMutations(value: unknown, validate: ValidateFunction, schema: Record<string, unknown> | undefined, label: string, problems: string[], counters: 'main' | 'structLogger') {
  for (const m of mutationsOf(value)) {
    if (schema && isOpenAt(document, schema, m.path)) {
      stats.exemptOpen++;
      continue;
    }
    if (counters === 'main') stats.mutations++;
    else stats.structLoggerMutations++;
    if (validate(withValueAt(value, m.path, m.value))) problems.push(`${label}: mutation accepted (${m.what} at /${m.path.join('/')})`);
    else if (counters === 'main') stats.rejected++;
    else stats.structLoggerRejected++;
  }
}

/** The struct-logger results inside a trace response when no tracer was asked for. */
function structLoggerResults(pair: FixturePair): unknown[] {
  const { method, params = [] } = pair.request;
  if (!/^debug_trace(Transaction|BlockByNumber|BlockByHash)$/.test(method)) return [];
  const config = params[1] as { tracer?: unknown } | undefined;
  if (config?.tracer !== undefined) return [];
  if (method === 'debug_traceTransaction') return [pair.response.result];
  return (pair.response.result as { result?: unknown }[]).map((entry) => entry.result).filter((r) => r !== undefined);
}

function checkPair(fixture: string, pair: FixturePair, problems: string[]): void {
  const { request, response } = pair;
  const label = `${fixture} (${request.method}, id ${String(request.id)})`;
  const method = methods.get(request.method);
  if (!method) {
    problems.push(`${label}: the document has no method ${request.method}`);
    return;
  }
  const params = request.params ?? [];
  const before = problems.length;
  if (params.length > method.params.length) problems.push(`${label}: ${params.length} params, the method declares ${method.params.length}`);

  if (response.error !== undefined) {
    stats.errorResponses++;
    if (!isWellFormedError(request, response)) problems.push(`${label}: malformed error response ${JSON.stringify(response).slice(0, 120)}`);
    if (response.error.code === -32602 && /invalid/.test(fixture.split('/')[1]!)) {
      const accepted = params.every((v, i) => method.params[i] !== undefined && method.params[i]!.validate(v));
      if (accepted) problems.push(`${label}: a request the node rejects as invalid passes our param schemas`);
      else stats.invalidParamsRejected++;
    }
  } else {
    params.forEach((value, i) => {
      const p = method.params[i];
      if (p && !p.validate(value)) problems.push(`${label}: param ${i} (${p.name}) rejected: ${errorsOf(p.validate)}`);
    });
    method.params.forEach((p, i) => {
      if (!p.required || i < params.length) return;
      if (BLOCK_REQUIRED_BY_NODE.has(request.method) && p.name === 'block') stats.omittedNodeRequired.push(label);
      else problems.push(`${label}: required param ${p.name} is missing`);
    });
    if (!method.result(response.result)) problems.push(`${label}: result rejected: ${errorsOf(method.result)}`);
    checkMutations(response.result, method.result, method.resultSchema, label, problems, 'main');
    for (const trace of structLoggerResults(pair)) {
      if (!structLogger(trace)) problems.push(`${label}: struct-logger trace rejected by StructLoggerResult: ${errorsOf(structLogger)}`);
      checkMutations(trace, structLogger, undefined, `${label} StructLoggerResult`, problems, 'structLogger');
    }
  }
  if (problems.length === before) stats.passed++;
}

describe('execution-apis conformance of generated/openrpc/evm.json', () => {
  it('declares every eth_/debug_/net_/txpool_/web3_/personal_ method of the standard and of the fixtures', () => {
    const wanted = new Set<string>();
    for (const m of standard.methods) if (NAMESPACES.test(m.name)) wanted.add(m.name);
    for (const f of fixtures) for (const p of f.pairs) if (NAMESPACES.test(p.request.method)) wanted.add(p.request.method);
    expect(wanted.size).toBe(57); // 44 eth_, 9 debug_, 3 txpool_, 1 net_ (the fixtures call no others)
    expect([...wanted].filter((name) => !methods.has(name)).sort()).toEqual([]);
  });

  for (const fixture of fixtures) {
    it(fixture.name, () => {
      const problems: string[] = [];
      for (const pair of fixture.pairs) {
        if (pair.request.method.startsWith('testing_')) {
          stats.skipped++;
          continue;
        }
        stats.pairs++;
        checkPair(fixture.name, pair, problems);
      }
      expect(problems).toEqual([]);
    });
  }

  it('checked every pair, and the only omitted required params are the block params the node requires', () => {
    expect(stats.pairs + stats.skipped).toBe(236);
    expect(stats.passed).toBe(stats.pairs);
    expect(stats.omittedNodeRequired.map((l) => l.split(' ')[0]!.split('/')[0]).sort()).toEqual([...BLOCK_REQUIRED_BY_NODE].sort());
    expect(stats.rejected).toBe(stats.mutations);
    expect(stats.structLoggerRejected).toBe(stats.structLoggerMutations);
    expect(stats.structLoggerMutations).toBeGreaterThan(0);
  });

  afterAll(() => {
    console.log(
      `conformance: ${stats.pairs} pairs checked (${stats.passed} passed, ${stats.errorResponses} error responses, ${stats.skipped} testing_ pairs skipped); ` +
        `${stats.rejected}/${stats.mutations} result mutations rejected, ${stats.exemptOpen} skipped as x-open, ` +
        `${stats.structLoggerRejected}/${stats.structLoggerMutations} struct-logger mutations rejected; ` +
        `${stats.invalidParamsRejected} invalid requests rejected by param schemas; ` +
        `${stats.omittedNodeRequired.length} requests omit a block param the C-Chain node requires`,
    );
  });
});

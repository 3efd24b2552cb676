/**
 * Conformance of wire values to a spec: each case a value and exactly the problems and unnamed fields it
 * must get, against a small document that has the shapes the node's replies have (references, a nullable
 * union, a map, an open object, `allOf`, by-name and by-position params). The project spec's own examples
 * all conform (the same check verify, the proxy and replay make).
 */
import { describe, expect, it } from 'vitest';
import { createConformance, type Problem } from '../../../../generator/lifecycle/conform/index.js';
import { buildService } from '../../../../generator/model/index.js';
import { allMethods, projectModel } from '../../../helpers/model.js';

const document = {
  openrpc: '1.3.2',
  info: { title: 'T', version: '1' },
  methods: [
    {
      name: 't.block',
      paramStructure: 'by-name',
      params: [
        { name: 'id', required: true, schema: { $ref: '#/components/schemas/Hash' } },
        { name: 'depth', schema: { type: 'integer' } },
      ],
      result: { name: 'r', schema: { oneOf: [{ type: 'null' }, { $ref: '#/components/schemas/Block' }] } },
    },
    {
      name: 't.list',
      paramStructure: 'by-position',
      params: [
        { name: 'from', required: true, schema: { type: 'string' } },
        { name: 'to', schema: { type: 'string' } },
      ],
      result: {
        name: 'r',
        schema: {
          type: 'object',
          required: ['items'],
          properties: {
            items: { type: 'array', items: { $ref: '#/components/schemas/Block' } },
            byOwner: { type: 'object', additionalProperties: { type: 'string' } },
            config: { type: 'object', 'x-open': true },
          },
        },
      },
    },
    {
      name: 't.both',
      params: [],
      result: { name: 'r', schema: { allOf: [{ $ref: '#/components/schemas/Block' }, { type: 'object', properties: { size: { type: 'integer' } } }] } },
    },
  ],
  components: {
    schemas: {
      Hash: { type: 'string', pattern: '^0x[0-9a-f]{4}$' },
      Block: {
        type: 'object',
        required: ['hash', 'height'],
        properties: { hash: { $ref: '#/components/schemas/Hash' }, height: { type: 'string', pattern: '^[0-9]+$' } },
      },
    },
  },
};

const conformance = createConformance([buildService('t', 't.json', document)]);
const block = { hash: '0xabcd', height: '7' };

const cases: [string, { method: string; part: 'params' | 'result'; value: unknown; problems?: Problem[]; extra?: Problem[] }][] = [
  ['a conforming block', { method: 't.block', part: 'result', value: block }],
  ['null, the other branch', { method: 't.block', part: 'result', value: null }],
  [
    'a block missing a field is explained by the block branch alone',
    {
      method: 't.block',
      part: 'result',
      value: { hash: '0xabcd' },
      problems: [{ pointer: '/height', message: 'required field "height" is missing', expected: 'string matching ^[0-9]+$' }],
    },
  ],
  [
    'a renamed field: the missing one and the unnamed one',
    {
      method: 't.block',
      part: 'result',
      value: { hash: '0xabcd', blockHeight: '7' },
      problems: [{ pointer: '/height', message: 'required field "height" is missing', expected: 'string matching ^[0-9]+$' }],
      extra: [{ pointer: '/blockHeight', message: 'field "blockHeight" is not in the spec', received: '7' }],
    },
  ],
  [
    'a number where a decimal string is due',
    {
      method: 't.block',
      part: 'result',
      value: { hash: '0xabcd', height: 7 },
      problems: [{ pointer: '/height', message: 'must be of type string', expected: 'string matching ^[0-9]+$', received: 7 }],
    },
  ],
  [
    'a value no branch takes names every branch',
    { method: 't.block', part: 'result', value: 5, problems: [{ pointer: '', message: 'must be null or Block: object', expected: 'null | Block: object', received: 5 }] },
  ],
  [
    'a named component is named in what is expected',
    {
      method: 't.block',
      part: 'result',
      value: { hash: '0xABCD', height: '1' },
      problems: [{ pointer: '/hash', message: 'must match ^0x[0-9a-f]{4}$', expected: 'Hash: string matching ^0x[0-9a-f]{4}$', received: '0xABCD' }],
    },
  ],
  ['an unnamed field of a conforming block', { method: 't.block', part: 'result', value: { ...block, size: 1 }, extra: [{ pointer: '/size', message: 'field "size" is not in the spec', received: 1 }] }],
  [
    'items, maps and open objects: only fields a schema could have named count',
    {
      method: 't.list',
      part: 'result',
      value: { items: [block, { ...block, gas: '1' }], byOwner: { anyone: 'x' }, config: { anything: true } },
      extra: [{ pointer: '/items/1/gas', message: 'field "gas" is not in the spec', received: '1' }],
    },
  ],
  [
    'a problem deep in an array names its index',
    {
      method: 't.list',
      part: 'result',
      value: { items: [block, { hash: '0xabcd', height: 'x' }] },
      problems: [{ pointer: '/items/1/height', message: 'must match ^[0-9]+$', expected: 'string matching ^[0-9]+$', received: 'x' }],
    },
  ],
  ['fields of every allOf part are named', { method: 't.both', part: 'result', value: { ...block, size: 3 } }],
  ['params by name', { method: 't.block', part: 'params', value: { id: '0xabcd', depth: 1 } }],
  [
    'a missing required param by name',
    { method: 't.block', part: 'params', value: { depth: 1 }, problems: [{ pointer: '/id', message: 'required param "id" is missing', expected: 'Hash: string matching ^0x[0-9a-f]{4}$' }] },
  ],
  [
    'a bad param by position names its index',
    { method: 't.list', part: 'params', value: ['a', 3], problems: [{ pointer: '/1', message: 'must be of type string', expected: 'string', received: 3 }] },
  ],
  [
    'too many params by position',
    { method: 't.list', part: 'params', value: ['a', 'b', 'c'], problems: [{ pointer: '/2', message: 'too many params: the method takes at most 2', received: 3 }] },
  ],
  [
    'an object where params go by position',
    {
      method: 't.list',
      part: 'params',
      value: { from: 'a' },
      problems: [{ pointer: '', message: 'params must be an array of params by position', expected: 'an array of params by position', received: { from: 'a' } }],
    },
  ],
];

describe('conformance of wire values', () => {
  for (const [name, c] of cases) {
    it(name, () => {
      const m = conformance.method(c.method)!;
      const verdict = c.part === 'params' ? m.params(c.value) : m.result(c.value);
      expect(verdict.problems).toEqual(c.problems ?? []);
      expect(verdict.extra).toEqual(c.extra ?? []);
    });
  }

  it('answers undefined for a method the spec does not have', () => {
    expect(conformance.method('t.nothing')).toBeUndefined();
  });

  it('every example of the project spec conforms, params and result, with no unnamed field', () => {
    const project = createConformance(projectModel().services);
    const failures: string[] = [];
    for (const { method } of allMethods()) {
      const m = project.method(method.name)!;
      for (const ex of method.examples) {
        const params = method.positional ? ex.params.map((p) => p.value) : Object.fromEntries(ex.params.map((p) => [p.name, p.value]));
        const verdicts = [m.params(params), ...(ex.result ? [m.result(ex.result.value)] : [])];
        for (const v of verdicts) for (const p of [...v.problems, ...v.extra]) failures.push(`${method.name} ${ex.name}: ${p.pointer} ${p.message}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

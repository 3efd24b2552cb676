/**
 * How TypeCatalog names types: a titled inline schema is declared under its title, and where two schemas
 * want one name, the same structure (prose aside) shares it, and a different one is qualified by its owner
 * and property; a method type whose name a component holds takes the next free one.
 */
import { describe, expect, it } from 'vitest';
import { buildService } from '../../../generator/model/index.js';
import { TypeCatalog } from '../../../generator/schema/typescript.js';
import { RunMemory } from '../../../generator/speed/incremental.js';

function catalog(methods: unknown[], schemas: Record<string, unknown> = {}): TypeCatalog {
  const document = { openrpc: '1.3.2', info: { title: 'T', version: '1' }, methods, components: { schemas } };
  return new TypeCatalog({ services: [buildService('t', 't.json', document)] }, new RunMemory(false));
}

const method = (name: string, result: unknown, params: unknown[] = []) => ({ name, params, result: { name: 'r', schema: result } });
const point = (title: string, description?: string) => ({
  title,
  type: 'object',
  properties: { x: { type: 'integer', description: description ?? 'x' }, y: { type: 'integer' } },
});

describe('type names', () => {
  it('shares one name between titled schemas of one structure, prose aside', () => {
    const c = catalog([method('a', point('Point', 'first')), method('b', { type: 'array', items: point('Point', 'second') })]);
    expect(c.problems).toEqual([]);
    expect(c.names()).toEqual(['AResult', 'BResult', 'Point']);
  });

  it('qualifies a title two different structures want: by the owner, then by the property', () => {
    const other = { title: 'Point', type: 'object', properties: { lat: { type: 'number' } } };
    const third = { title: 'Point', type: 'object', properties: { z: { type: 'string' } } };
    const c = catalog([
      method('a', point('Point')),
      method('b', { type: 'object', properties: { where: other } }),
      method('c', { type: 'object', properties: { p: { type: 'object', properties: { q: third, r: { title: 'Point', type: 'object', properties: { w: { type: 'boolean' } } } } } } }),
    ]);
    expect(c.problems).toEqual([]);
    expect(c.names()).toEqual(['AResult', 'BResult', 'BResultPoint', 'CResult', 'CResultPoint', 'CResultRPoint', 'Point']);
  });

  it('leaves a component its name when a method type wants it for another schema: the method type takes the next free one', () => {
    const c = catalog(
      [method('get', { type: 'string', enum: ['a'] }), { name: 'transferPoint', paramStructure: 'by-name', params: [{ name: 'point', required: true, schema: { type: 'string' } }], result: { name: 'r', schema: { type: 'boolean' } } }],
      { GetResult: { type: 'object', properties: { a: { type: 'string' } } }, TransferPointParams: { type: 'object', properties: { address: { type: 'string' } } } },
    );
    expect(c.problems).toEqual([]);
    expect(c.names()).toEqual(['GetResult', 'GetResult2', 'TransferPointParams', 'TransferPointParams2', 'TransferPointResult']);
  });

  it('puts the service name in front of a component another document declares differently under its key', () => {
    const event = { type: 'object', properties: { keys: { type: 'array', items: { type: 'string' } } } };
    const traced = { type: 'object', properties: { order: { type: 'integer' } } };
    const doc = (title: string, schemas: Record<string, unknown>, m: unknown[]) => ({ openrpc: '1.3.2', info: { title, version: '1' }, methods: m, components: { schemas } });
    const services = [
      buildService('main', 'main.json', doc('Main', { EVENT: event, Same: { type: 'string', enum: ['x'] } }, [method('main_events', { $ref: '#/components/schemas/EVENT' })])),
      buildService('trace', 'trace.json', doc('Trace', { EVENT: traced, Same: { type: 'string', enum: ['x'] } }, [method('trace_events', { $ref: '#/components/schemas/EVENT' })])),
      buildService('other', 'other.json', doc('Other', { EVENT: { type: 'boolean', const: true, description: 'a third' }, TraceEVENT: { type: 'number' } }, [])),
    ];
    const c = new TypeCatalog({ services }, new RunMemory(false));
    expect(c.problems).toEqual([]);
    expect(c.componentType(services[0]!, 'EVENT')).toBe('EVENT');
    expect(c.componentType(services[1]!, 'EVENT')).toBe('TraceEVENT');
    // The same schema under one key is one type, whichever document declares it.
    expect(c.componentType(services[1]!, 'Same')).toBe(c.componentType(services[0]!, 'Same'));
    expect(c.componentType(services[2]!, 'EVENT')).toBe('OtherEVENT');
    expect(c.names()).toContain('TraceEventsResult');
  });

  it('takes a method type that is its component under the same name as that component', () => {
    const c = catalog([method('get', { $ref: '#/components/schemas/GetResult' })], { GetResult: { type: 'object', properties: { a: { type: 'string' } } } });
    expect(c.problems).toEqual([]);
    expect(c.names()).toEqual(['GetResult']);
  });

  it('tells structures apart by every keyword that shapes a type, and by field names', () => {
    const base = { type: 'object', properties: { a: { type: 'string' } } };
    for (const variant of [
      { type: 'object', properties: { b: { type: 'string' } } },
      { type: 'object', properties: { a: { type: 'integer' } } },
      { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
      { type: 'object', properties: { a: { type: 'string', enum: ['x'] } } },
      { type: 'object', properties: { a: { type: 'string', description: 'prose' } }, additionalProperties: false },
    ]) {
      const c = catalog([method('x', { title: 'Thing', ...base }), method('y', { title: 'Thing', ...variant })]);
      expect(c.names(), JSON.stringify(variant)).toEqual(['Thing', 'XResult', 'YResult', 'YResultThing']);
    }
    const same = catalog([method('x', { title: 'Thing', ...base }), method('y', { title: 'Thing', description: 'other words', ...base, properties: { a: { type: 'string', description: 'prose' } } })]);
    expect(same.names()).toEqual(['Thing', 'XResult', 'YResult']);
  });
});

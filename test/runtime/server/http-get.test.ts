/**
 * The pure parts of the plain GETs (`x-http-get`): which status a result gets, the params a query string
 * gives the server, and the query string the client builds from wire-form params. The round trip over
 * 127.0.0.1 is test/runtime/mock/http-get.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { HttpGetMeta } from '../../../runtime/client/meta.js';
import { queryString } from '../../../runtime/client/http-get.js';
import { paramsFromQuery, statusOf } from '../../../runtime/server/http-get.js';

const HEALTH: HttpGetMeta = {
  paths: ['', '/health'],
  query: { tag: { param: 'tags', list: true } },
  status: [{ code: 503, when: { pointer: '/healthy', equals: false } }, { code: 200 }],
};

const NESTED: HttpGetMeta = {
  paths: ['/state'],
  query: { chain: { param: 'chain', list: false }, 'a/b': { param: 'ab', list: false } },
  status: [
    { code: 425, when: { pointer: '/sync/phase', equals: 'starting' } },
    { code: 503, when: { pointer: '/x~1y', equals: { down: true } } },
    { code: 200 },
  ],
};

describe('statusOf: the first rule whose when holds', () => {
  const cases: [string, { meta: HttpGetMeta; result: unknown; want: number }][] = [
    ['healthy', { meta: HEALTH, result: { healthy: true, checks: {} }, want: 200 }],
    ['unhealthy', { meta: HEALTH, result: { healthy: false, checks: {} }, want: 503 }],
    ['field missing: the default', { meta: HEALTH, result: { checks: {} }, want: 200 }],
    ['not an object: the default', { meta: HEALTH, result: null, want: 200 }],
    ['a nested pointer', { meta: NESTED, result: { sync: { phase: 'starting' } }, want: 425 }],
    ['an escaped segment and an object value', { meta: NESTED, result: { 'x/y': { down: true } }, want: 503 }],
    ['no rule holds: the default', { meta: NESTED, result: { sync: { phase: 'done' } }, want: 200 }],
  ];
  for (const [name, { meta, result, want }] of cases) it(name, () => expect(statusOf(meta, result)).toBe(want));
});

describe('paramsFromQuery: a list param takes every value, another the first', () => {
  const cases: [string, { meta: HttpGetMeta; query: string; want: Record<string, unknown> }][] = [
    ['none', { meta: HEALTH, query: '', want: {} }],
    ['repeated', { meta: HEALTH, query: 'tag=a&tag=b%20c', want: { tags: ['a', 'b c'] } }],
    ['unknown query parameters are ignored', { meta: HEALTH, query: 'other=1&tag=a', want: { tags: ['a'] } }],
    ['a single param takes the first', { meta: NESTED, query: 'chain=C&chain=X&a%2Fb=1', want: { chain: 'C', ab: '1' } }],
  ];
  for (const [name, { meta, query, want }] of cases) it(name, () => expect(paramsFromQuery(meta, query)).toEqual(want));
});

describe('queryString: what the client sends, and the server reads back', () => {
  const cases: [string, { meta: HttpGetMeta; wire: Record<string, unknown>; want: string }][] = [
    ['no params', { meta: HEALTH, wire: {}, want: '' }],
    ['an empty list', { meta: HEALTH, wire: { tags: [] }, want: '' }],
    ['a list repeats the parameter', { meta: HEALTH, wire: { tags: ['a', 'b&c'] }, want: '?tag=a&tag=b%26c' }],
    ['names and values encoded', { meta: NESTED, wire: { ab: 'x y', chain: 'C' }, want: '?chain=C&a%2Fb=x%20y' }],
  ];
  for (const [name, { meta, wire, want }] of cases)
    it(name, () => {
      const q = queryString(meta, wire);
      expect(q).toBe(want);
      const back = paramsFromQuery(meta, q.slice(1));
      expect(back).toEqual(Object.fromEntries(Object.entries(wire).filter(([, v]) => !(Array.isArray(v) && v.length === 0))));
    });
});

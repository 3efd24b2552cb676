/** Path routing: one segment per variable, literal segments win, enums, percent-decoding, caching. */
import { describe, expect, it } from 'vitest';
import type { EndpointMeta } from '../../../runtime/client/meta.js';
import { Router } from '../../../runtime/server/route.js';

const ep = (path: string, variables: EndpointMeta['variables'] = {}): EndpointMeta => ({ name: path, transport: 'http', path, variables });

const routes = [
  { service: 'evm', endpoint: ep('/ext/bc/{blockchainID}/rpc', { blockchainID: { default: 'C' } }) },
  { service: 'admin-any', endpoint: ep('/ext/bc/{blockchainID}/admin') },
  { service: 'admin-c', endpoint: ep('/ext/bc/C/admin') },
  { service: 'info', endpoint: ep('/ext/info') },
  { service: 'pair', endpoint: ep('/ext/{a}/{b}') },
  { service: 'half', endpoint: ep('/ext/{a}/x') },
  { service: 'enum', endpoint: ep('/chain/{id}', { id: { default: 'C', enum: ['C', 'X'] } }) },
];

const cases: [string, { given: string; want: [string, Record<string, string>] | null }][] = [
  ['a literal path', { given: '/ext/info', want: ['info', {}] }],
  ['a variable segment', { given: '/ext/bc/C/rpc', want: ['evm', { blockchainID: 'C' }] }],
  ['literal wins over a variable declared first', { given: '/ext/bc/C/admin', want: ['admin-c', {}] }],
  ['the variable route still takes the others', { given: '/ext/bc/Q/admin', want: ['admin-any', { blockchainID: 'Q' }] }],
  ['the first differing segment decides', { given: '/ext/y/x', want: ['half', { a: 'y' }] }],
  ['two variables', { given: '/ext/y/z', want: ['pair', { a: 'y', b: 'z' }] }],
  ['percent-decoding', { given: '/ext/bc/%43%2dx/rpc', want: ['evm', { blockchainID: 'C-x' }] }],
  ['an encoded slash stays inside one segment', { given: '/ext/bc/a%2Fb/rpc', want: ['evm', { blockchainID: 'a/b' }] }],
  ['bad percent-encoding', { given: '/ext/bc/%E0%A4%A/rpc', want: null }],
  ['an empty segment does not fill a variable', { given: '/ext/bc//rpc', want: null }],
  ['a trailing slash is another path', { given: '/ext/info/', want: null }],
  ['more segments', { given: '/ext/bc/C/rpc/x', want: null }],
  ['an enum variable takes its values', { given: '/chain/X', want: ['enum', { id: 'X' }] }],
  ['and only those', { given: '/chain/P', want: null }],
  ['not a path', { given: 'ext/info', want: null }],
];

describe('Router', () => {
  const router = new Router(routes);
  it.each(cases)('%s', (_, { given, want }) => {
    const m = router.match(given);
    expect(m === null ? null : [m.service, m.variables]).toEqual(want);
    // A second lookup comes from the cache and agrees.
    expect(router.match(given)).toBe(m);
  });

  it('lists its templates', () => {
    expect(router.templates()).toContain('/ext/bc/{blockchainID}/rpc');
  });

  it('keeps its cache bounded under many distinct paths', () => {
    for (let i = 0; i < 5000; i++) router.match(`/ext/bc/${i}/rpc`);
    expect(router.match('/ext/bc/77/rpc')?.variables).toEqual({ blockchainID: '77' });
  });
});

/**
 * A server entry becomes an endpoint: the path below the host (the client's base URL stands for the host)
 * and the variables that path holds, with their defaults.
 */
import { describe, expect, it } from 'vitest';
import { buildService } from '../../../generator/model/index.js';

const endpoint = (server: Record<string, unknown>) => {
  const document = { openrpc: '1.3.2', info: { title: 'T', version: '1' }, servers: [server], methods: [] };
  const e = buildService('t', 't.json', document).endpoints[0]!;
  return { path: e.path, variables: Object.fromEntries(Object.entries(e.variables).map(([k, v]) => [k, v.default])) };
};

const CASES: readonly [string, { given: Record<string, unknown>; want: ReturnType<typeof endpoint> }][] = [
  ['a path variable', { given: { url: 'http://127.0.0.1:9650/ext/bc/{chain}/rpc', variables: { chain: { default: 'C' } } }, want: { path: '/ext/bc/{chain}/rpc', variables: { chain: 'C' } } }],
  [
    'variables in the host and port (the base URL gives those), one in the path',
    {
      given: { url: 'http://{user}.example.org:{port}/{base}/', variables: { user: { default: 'demo' }, port: { default: '443', enum: ['8545', '443'] }, base: { default: 'jsonrpc' } } },
      want: { path: '/{base}/', variables: { base: 'jsonrpc' } },
    },
  ],
  [
    'variables written ${name}, as the OpenRPC examples write them',
    {
      given: { url: 'http://${user}.example.org:${port}/${base}/', variables: { user: { default: 'demo' }, port: { default: '443' }, base: { default: 'jsonrpc' } } },
      want: { path: '/{base}/', variables: { base: 'jsonrpc' } },
    },
  ],
  ['a host variable and no path', { given: { url: 'https://{network}.example.org', variables: { network: { default: 'main' } } }, want: { path: '', variables: {} } }],
];

describe('endpoints from servers', () => {
  for (const [name, { given, want }] of CASES) it(name, () => expect(endpoint(given)).toEqual(want));
});

/**
 * The naming functions: one name per declaration, the same at the declaration and at every use. A type's
 * name must survive json-schema-to-typescript unchanged (it normalises the names it declares), or the uses
 * would name a type that does not exist.
 */
import fc from 'fast-check';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { camelCase } from '../../generator/emit/shared/client-names.js';
import { pascalCase } from '../../generator/schema/typescript.js';

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

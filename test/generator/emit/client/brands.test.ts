/**
 * Branded IDs (`x-brand` in the spec): the generated package's constructors check text against the
 * schema's pattern and say what is wrong and where; results carry the brand, and tsc rejects an ID of one
 * brand where another is wanted (a blockchain ID as a node ID), while text from elsewhere (a literal, a
 * string) is accepted as it is.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cb58Id, chainAddress, isNodeId, nodeId } from '../../../../generated/client/index.js';
import { ROOT } from '../../../helpers/paths.js';
import { typecheck } from '../../../helpers/typecheck.js';

const NODE_FORM = 'expected a node ID, `NodeID-` followed by the cb58 form of its 20 bytes (pattern ^NodeID-[1-9A-HJ-NP-Za-km-z]{25,33}$)';
const ADDRESS_FORM =
  'expected an address on the X-, P- or C-Chain in bech32 form with its chain prefix and network label, for example `P-avax1...` (main network), `X-fuji1...` (test network), `P-local1...` or `C-custom1...` (pattern ^[XPC]-[a-z]{1,16}1[02-9ac-hj-np-z]{38}$)';
const NODE = 'NodeID-GdtA5o1LYVp3yhDNpmkH6ZW45vNuVWrz3';

describe('checked constructors', () => {
  const cases: [string, () => unknown, string][] = [
    ['too short', () => nodeId('NodeID-xyz'), `invalid NodeID "NodeID-xyz": it ends too soon; ${NODE_FORM}`],
    ['a wrong prefix', () => nodeId('Node-xyz'), `invalid NodeID "Node-xyz": it has "-" at position 4, where it does not fit (before "xyz"); ${NODE_FORM}`],
    ['a character outside base58', () => nodeId('NodeID-0abcdefghijkmnopqrstuvwxyz'), `invalid NodeID "NodeID-0abcdefghijkmnopqrstuvwxyz": it has "0" at position 7, where it does not fit (before "abcdefgh"...); ${NODE_FORM}`],
    ['too long', () => nodeId(`NodeID-${'a'.repeat(36)}`), `invalid NodeID "NodeID-${'a'.repeat(36)}": it has "aaa" too many at position 40; ${NODE_FORM}`],
    ['empty', () => nodeId(''), `invalid NodeID "": it is empty; ${NODE_FORM}`],
    ['not a string', () => nodeId(42 as unknown as string), `invalid NodeID: got number, not a string; ${NODE_FORM}`],
    ['a chain the address form does not have', () => chainAddress(`Q-avax1${'q'.repeat(38)}`), `invalid ChainAddress "Q-avax1${'q'.repeat(38)}": it has "Q" at position 0, where it does not fit (before "-avax1qq"...); ${ADDRESS_FORM}`],
    ['a character outside bech32', () => chainAddress(`P-avax1${'q'.repeat(37)}b`), `invalid ChainAddress "P-avax1${'q'.repeat(37)}b": it has "b" at position 44, where it does not fit; ${ADDRESS_FORM}`],
    ['an address cut short', () => chainAddress(`P-fuji1${'q'.repeat(20)}`), `invalid ChainAddress "P-fuji1${'q'.repeat(20)}": it ends too soon; ${ADDRESS_FORM}`],
  ];
  for (const [name, call, message] of cases) {
    it(`names what is wrong: ${name}`, () => {
      expect(call).toThrow(TypeError);
      expect(call).toThrow(message);
    });
  }

  it('returns a value of the form as it is, and the guards agree', () => {
    expect(nodeId(NODE)).toBe(NODE);
    expect(cb58Id('11111111111111111111111111111111LpoYY')).toBe('11111111111111111111111111111111LpoYY');
    expect(chainAddress(`X-fuji1${'q'.repeat(38)}`)).toBe(`X-fuji1${'q'.repeat(38)}`);
    expect([isNodeId(NODE), isNodeId('NodeID-xyz'), isNodeId(7), isNodeId(undefined)]).toEqual([true, false, false, false]);
  });
});

describe('types', () => {
  const dir = join(ROOT, 'test/.tmp', `brands-${process.pid}`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('results carry the brand, brands do not mix, text is accepted', { timeout: 120_000 }, () => {
    mkdirSync(dir, { recursive: true });
    const prelude = [
      "import { createNodeClient, nodeId, isNodeId, type CB58ID, type NodeID } from '../../../generated/client/index.js';",
      'void nodeId; void isNodeId;',
      'export type Used = CB58ID | NodeID;',
      "const node = createNodeClient({ url: 'http://127.0.0.1:9650' });",
      'const { nodeID } = await node.info.getNodeID();',
      'declare const text: string;',
      'declare const value: unknown;',
      'void text; void value; void nodeID;',
    ];
    const files: Record<string, string[]> = {
      accepted: [
        `await node.info.peers({ nodeIDs: [nodeId('${NODE}')] });`,
        'const id: NodeID = nodeID;',
        'const plain: string = nodeID;',
        'await node.info.peers({ nodeIDs: [id, nodeID] });',
        'if (isNodeId(value)) await node.info.peers({ nodeIDs: [value] });',
        'void plain;',
      ],
      text: [`await node.info.peers({ nodeIDs: ['${NODE}', text] });`, `const literal: NodeID = '${NODE}';`, 'void literal;'],
      otherBrand: ['const other: CB58ID = nodeID;', 'void other;'],
      otherBrandParam: ["const { blockchainID } = await node.info.getBlockchainID({ alias: 'X' });", 'await node.info.peers({ nodeIDs: [blockchainID] });'],
      notText: ['const n: NodeID = 42;', 'void n;'],
    };
    const paths = Object.entries(files).map(([name, lines]) => {
      const path = join(dir, `${name}.ts`);
      writeFileSync(path, `${[...prelude, ...lines].join('\n')}\n`);
      return path;
    });
    const errors = typecheck(paths, `${dir}/`);
    const of = (name: string) => errors.filter((e) => e.startsWith(`${name}.ts:`));
    expect(of('accepted')).toEqual([]);
    expect(of('text')).toEqual([]);
    expect(of('otherBrand')).toHaveLength(1);
    expect(of('otherBrand')[0]).toContain("Type 'NodeID' is not assignable to type 'CB58ID'");
    expect(of('otherBrandParam')).toHaveLength(1);
    expect(of('otherBrandParam')[0]).toContain("Type 'CB58ID' is not assignable to type 'NodeID'");
    expect(of('notText')).toHaveLength(1);
    expect(of('notText')[0]).toContain("Type 'number' is not assignable to type 'NodeID'");
    expect(errors).toHaveLength(3);
  });
});

/**
 * @avalabs/avalanchejs 5.2.0, used exactly as its README shows (`new info.InfoApi(baseURL)`,
 * `new pvm.PVMApi(baseURL)`), pointed at the generated mock node's base URL: no option, header or
 * adapter on avalanchejs' side. It runs against the mock in both modes, `standard` (JSON-RPC 2.0 in full)
 * and `node` (the real node's gorilla/json2 behaviour). Every call must succeed and return the spec example
 * the mock answered with (read from generated/openrpc/{info,platform}.json), as avalanchejs decodes it:
 * mostly the raw reply, bigints for the few methods it converts, and its own codec's objects for the hex
 * UTXOs, outputs and transactions it unpacks.
 *
 * What avalanchejs sends (asserted below): POST `<base>/ext/info` or `<base>/ext/bc/P`, header
 * `Content-Type: application/json`, one JSON object per call (it has no batching), numeric ids counting from
 * 0 per API object, `params` an object, or absent (not `{}`, not `[]`) for methods without arguments.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as avalanchejs from '@avalabs/avalanchejs';
import { info, utils, Utxo } from '@avalabs/avalanchejs';
import type { LogEntry } from '../../../generated/client/runtime/server/index.js';
import { loadModel, wireParam, wireResult } from './spec.js';

const CALL_TIMEOUT = 5_000;
type Wire = Record<string, any>;

// avalanchejs 5.2.0's declaration files re-export `./vms` and `./serializable` with extension-less
// specifiers, which TypeScript's NodeNext resolution does not follow: `pvm`, `Common`, `PChainOwner`,
// `avaxSerial` and `TransferableOutput` exist at run time but come without types. Named here, loosely.
type PVMApi = Readonly<
  Record<
    | 'getHeight'
    | 'getCurrentSupply'
    | 'getBalance'
    | 'getStakingAssetID'
    | 'getTimestamp'
    | 'getCurrentValidators'
    | 'getValidatorsAt'
    | 'getMinStake'
    | 'getTotalStake'
    | 'getBlockchains'
    | 'getBlockchainStatus'
    | 'getTxStatus'
    | 'getSubnets'
    | 'getSubnet'
    | 'validatedBy'
    | 'validates'
    | 'sampleValidators'
    | 'getFeeConfig'
    | 'getFeeState'
    | 'getL1Validator'
    | 'getStake'
    | 'getRewardUTXOs'
    | 'getUTXOs'
    | 'getTx',
    (...args: any[]) => Promise<any>
  >
>;
interface UntypedExports {
  readonly pvm: { readonly PVMApi: new (baseURL?: string) => PVMApi };
  readonly Common: { createDimensions(d: { bandwidth: number; dbRead: number; dbWrite: number; compute: number }): unknown };
  readonly PChainOwner: { fromNative(addresses: readonly Uint8Array[], threshold: number): unknown };
  readonly avaxSerial: { readonly SignedTx: unknown };
  readonly TransferableOutput: unknown;
}
const { pvm, Common, PChainOwner, avaxSerial, TransferableOutput } = avalanchejs as unknown as UntypedExports;

/** The codec manager a PVMApi unpacks with (a protected field: the same object avalanchejs uses). */
type Unpacker = { unpack(bytes: Uint8Array, type: unknown): unknown };
const managerOf = (api: PVMApi): Unpacker => (api as unknown as { manager: Unpacker }).manager;
type Apis = { readonly info: info.InfoApi; readonly pvm: PVMApi };

interface Case {
  /** The avalanchejs method, as called. */
  readonly name: string;
  /** The service's bundled document and the wire method avalanchejs sends. */
  readonly service: 'info' | 'platform';
  readonly method: string;
  /** The example the mock must pick from the params avalanchejs sends. */
  readonly example: string;
  readonly call: (apis: Apis) => Promise<unknown>;
  /** The example's wire result as avalanchejs decodes it; default: unchanged. */
  readonly decoded?: (wire: Wire, apis: Apis) => unknown;
}

const p = (method: string, example: string, param: string) => wireParam('platform', method, example, param) as any;
const i = (method: string, example: string, param: string) => wireParam('info', method, example, param) as any;

const cases: Case[] = [
  { name: 'getNodeVersion', service: 'info', method: 'info.getNodeVersion', example: 'release-build', call: (a) => a.info.getNodeVersion() },
  { name: 'getNodeId', service: 'info', method: 'info.getNodeID', example: 'node-with-bls-key', call: (a) => a.info.getNodeId() },
  { name: 'getNodeIp', service: 'info', method: 'info.getNodeIP', example: 'ipv4', call: (a) => a.info.getNodeIp() },
  { name: 'getNetworkId', service: 'info', method: 'info.getNetworkID', example: 'main-network', call: (a) => a.info.getNetworkId() },
  { name: 'getNetworkName', service: 'info', method: 'info.getNetworkName', example: 'test-network', call: (a) => a.info.getNetworkName() },
  {
    name: 'getBlockchainId',
    service: 'info',
    method: 'info.getBlockchainID',
    example: 'x-chain-on-main-network',
    call: (a) => a.info.getBlockchainId(i('info.getBlockchainID', 'x-chain-on-main-network', 'alias')),
  },
  {
    name: 'peers',
    service: 'info',
    method: 'info.peers',
    example: 'one-requested-peer',
    call: (a) => a.info.peers(i('info.peers', 'one-requested-peer', 'nodeIDs')),
  },
  // avalanchejs' own bug (node-wire-truth §4.2): isBootstrapped sends `info.peers` with `{ chain }`. Both
  // modes ignore the unknown `chain` field like the node does, so the call succeeds with the peers example
  // that pins no params: avalanchejs returns it as if it were the isBootstrapped reply.
  {
    name: 'isBootstrapped',
    service: 'info',
    method: 'info.peers',
    example: 'documented-form',
    call: (a) => a.info.isBootstrapped(i('info.isBootstrapped', 'x-chain-bootstrapped', 'chain')),
  },
  { name: 'uptime', service: 'info', method: 'info.uptime', example: 'healthy-validator', call: (a) => a.info.uptime() },
  { name: 'getVMs', service: 'info', method: 'info.getVMs', example: 'built-in-vms', call: (a) => a.info.getVMs() },
  { name: 'getUpgradesInfo', service: 'info', method: 'info.upgrades', example: 'main-network', call: (a) => a.info.getUpgradesInfo() },

  { name: 'getHeight', service: 'platform', method: 'platform.getHeight', example: 'main-network', call: (a) => a.pvm.getHeight() },
  { name: 'getCurrentSupply', service: 'platform', method: 'platform.getCurrentSupply', example: 'primary-network', call: (a) => a.pvm.getCurrentSupply() },
  ...(['unlocked-funds', 'empty-address'] as const).map((example): Case => ({
    name: `getBalance (${example})`,
    service: 'platform',
    method: 'platform.getBalance',
    example,
    call: (a) => a.pvm.getBalance({ addresses: p('platform.getBalance', example, 'addresses') }),
    decoded: (w) => ({
      balance: BigInt(w.balance),
      unlocked: BigInt(w.unlocked),
      lockedStakeable: BigInt(w.lockedStakeable),
      lockedNotStakeable: BigInt(w.lockedNotStakeable),
      utxoIDs: w.utxoIDs,
    }),
  })),
  {
    name: 'getStakingAssetID',
    service: 'platform',
    method: 'platform.getStakingAssetID',
    example: 'primary-network-main',
    call: (a) => a.pvm.getStakingAssetID({ subnetID: primaryNetwork() }),
  },
  { name: 'getTimestamp', service: 'platform', method: 'platform.getTimestamp', example: 'current-node', call: (a) => a.pvm.getTimestamp() },
  {
    name: 'getCurrentValidators',
    service: 'platform',
    method: 'platform.getCurrentValidators',
    example: 'primary-network-one-node-with-delegators',
    call: (a) => a.pvm.getCurrentValidators({ nodeIDs: p('platform.getCurrentValidators', 'primary-network-one-node-with-delegators', 'nodeIDs') }),
  },
  {
    name: 'getValidatorsAt',
    service: 'platform',
    method: 'platform.getValidatorsAt',
    example: 'current-bare-map',
    // avalanchejs types the height as a number; the node (and the spec) accept a JSON number too.
    call: (a) =>
      a.pvm.getValidatorsAt({
        height: Number(p('platform.getValidatorsAt', 'current-bare-map', 'height')),
        subnetID: p('platform.getValidatorsAt', 'current-bare-map', 'subnetID'),
      }),
  },
  { name: 'getMinStake', service: 'platform', method: 'platform.getMinStake', example: 'primary-network', call: (a) => a.pvm.getMinStake() },
  {
    name: 'getTotalStake',
    service: 'platform',
    method: 'platform.getTotalStake',
    example: 'primary-network',
    call: (a) => a.pvm.getTotalStake(primaryNetwork()),
  },
  { name: 'getBlockchains', service: 'platform', method: 'platform.getBlockchains', example: 'main-network-excerpt', call: (a) => a.pvm.getBlockchains() },
  {
    name: 'getBlockchainStatus',
    service: 'platform',
    method: 'platform.getBlockchainStatus',
    example: 'chain-of-untracked-subnet',
    call: (a) => a.pvm.getBlockchainStatus(p('platform.getBlockchainStatus', 'chain-of-untracked-subnet', 'blockchainID')),
  },
  {
    name: 'getTxStatus',
    service: 'platform',
    method: 'platform.getTxStatus',
    example: 'dropped-with-reason',
    call: (a) => a.pvm.getTxStatus({ txID: p('platform.getTxStatus', 'dropped-with-reason', 'txID') }),
  },
  {
    name: 'getSubnets',
    service: 'platform',
    method: 'platform.getSubnets',
    example: 'documented-form-without-chain-prefix',
    call: (a) => a.pvm.getSubnets({ ids: p('platform.getSubnets', 'documented-form-without-chain-prefix', 'ids') }),
  },
  {
    name: 'getSubnet',
    service: 'platform',
    method: 'platform.getSubnet',
    example: 'permissioned-subnet',
    call: (a) => a.pvm.getSubnet({ subnetID: p('platform.getSubnet', 'permissioned-subnet', 'subnetID') }),
  },
  {
    name: 'validatedBy',
    service: 'platform',
    method: 'platform.validatedBy',
    example: 'l1-chain',
    call: (a) => a.pvm.validatedBy({ blockchainID: p('platform.validatedBy', 'l1-chain', 'blockchainID') }),
  },
  {
    name: 'validates',
    service: 'platform',
    method: 'platform.validates',
    example: 'single-chain-subnet',
    call: (a) => a.pvm.validates({ subnetID: p('platform.validates', 'single-chain-subnet', 'subnetID') }),
  },
  {
    name: 'sampleValidators',
    service: 'platform',
    method: 'platform.sampleValidators',
    example: 'two-validators',
    call: (a) => a.pvm.sampleValidators({ size: p('platform.sampleValidators', 'two-validators', 'size') }),
  },
  {
    name: 'getFeeConfig',
    service: 'platform',
    method: 'platform.getFeeConfig',
    example: 'main-network',
    call: (a) => a.pvm.getFeeConfig(),
    decoded: (w) => {
      const [bandwidth, dbRead, dbWrite, compute] = w.weights as number[];
      return {
        weights: Common.createDimensions({ bandwidth: bandwidth!, dbRead: dbRead!, dbWrite: dbWrite!, compute: compute! }),
        maxCapacity: BigInt(w.maxCapacity),
        maxPerSecond: BigInt(w.maxPerSecond),
        targetPerSecond: BigInt(w.targetPerSecond),
        minPrice: BigInt(w.minPrice),
        excessConversionConstant: BigInt(w.excessConversionConstant),
      };
    },
  },
  {
    name: 'getFeeState',
    service: 'platform',
    method: 'platform.getFeeState',
    example: 'quiet-chain',
    call: (a) => a.pvm.getFeeState(),
    decoded: (w) => ({ capacity: BigInt(w.capacity), excess: BigInt(w.excess), price: BigInt(w.price), timestamp: w.timestamp }),
  },
  {
    name: 'getL1Validator',
    service: 'platform',
    method: 'platform.getL1Validator',
    example: 'active-l1-validator',
    call: (a) => a.pvm.getL1Validator(p('platform.getL1Validator', 'active-l1-validator', 'validationID')),
    decoded: (w) => {
      const owner = (o: Wire) =>
        PChainOwner.fromNative(
          (o.addresses as string[]).map((x) => utils.parse(x)[2]),
          Number(o.threshold),
        );
      return {
        balance: BigInt(w.balance),
        nodeID: w.nodeID,
        publicKey: w.publicKey,
        subnetID: w.subnetID,
        weight: BigInt(w.weight),
        deactivationOwner: owner(w.deactivationOwner),
        remainingBalanceOwner: owner(w.remainingBalanceOwner),
        startTime: BigInt(w.startTime),
        height: BigInt(w.height),
        minNonce: BigInt(w.minNonce),
      };
    },
  },
  {
    name: 'getStake',
    service: 'platform',
    method: 'platform.getStake',
    example: 'one-validator',
    call: (a) => a.pvm.getStake({ addresses: p('platform.getStake', 'one-validator', 'addresses') }),
    decoded: (w, a) => ({
      ...w,
      staked: BigInt(w.staked),
      stakedOutputs: (w.stakedOutputs as string[]).map((h) => managerOf(a.pvm).unpack(utils.hexToBuffer(h), TransferableOutput)),
    }),
  },
  {
    name: 'getRewardUTXOs',
    service: 'platform',
    method: 'platform.getRewardUTXOs',
    example: 'rewarded-validator',
    call: (a) => a.pvm.getRewardUTXOs({ txID: p('platform.getRewardUTXOs', 'rewarded-validator', 'txID') }),
    decoded: (w, a) => ({ ...w, utxos: (w.utxos as string[]).map((h) => managerOf(a.pvm).unpack(utils.hexToBuffer(h), Utxo)) }),
  },
  {
    name: 'getUTXOs',
    service: 'platform',
    method: 'platform.getUTXOs',
    example: 'first-page',
    call: (a) => a.pvm.getUTXOs({ addresses: p('platform.getUTXOs', 'first-page', 'addresses'), limit: p('platform.getUTXOs', 'first-page', 'limit') }),
    decoded: (w, a) => ({ ...w, utxos: (w.utxos as string[]).map((h) => managerOf(a.pvm).unpack(utils.hexToBuffer(h), Utxo)) }),
  },
  {
    name: 'getTx',
    service: 'platform',
    method: 'platform.getTx',
    example: 'hex',
    call: (a) => a.pvm.getTx({ txID: p('platform.getTx', 'hex', 'txID') }),
    decoded: (w, a) => managerOf(a.pvm).unpack(utils.hexToBuffer(w.tx), avaxSerial.SignedTx),
  },
];

/** The Primary Network's subnet ID, as the spec's examples write it. */
function primaryNetwork(): string {
  return p('platform.getCurrentSupply', 'documented-form', 'subnetID') as string;
}

interface Sent {
  readonly url: string;
  readonly method: string | undefined;
  readonly contentType: string | null;
  readonly body: Wire;
}

for (const mode of ['standard', 'node'] as const) {
  describe(`avalanchejs 5.2.0 against the mock node (mode: ${mode})`, () => {
    let mock: { url: string; close(): Promise<void> };
    const logged: LogEntry[] = [];
    let sent: Sent[] = [];
    const realFetch = globalThis.fetch;

    beforeAll(async () => {
      loadModel();
      const { startNodeMock } = await import('../../../generated/client/mock/index.js');
      mock = await startNodeMock({ port: 0, mode, logger: (e) => logged.push(e) });
    }, 60_000);

    afterAll(async () => {
      await mock?.close();
    }, 10_000);

    // Observes what avalanchejs puts on the wire (it calls the global fetch), passing every call through.
    beforeEach(() => {
      sent = [];
      logged.length = 0;
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
        const headers = new Headers(init?.headers);
        sent.push({ url: String(input), method: init?.method, contentType: headers.get('content-type'), body: JSON.parse(String(init?.body)) as Wire });
        return realFetch(input, init);
      });
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    for (const c of cases) {
      it(`${c.name} → ${c.method} · ${c.example}`, { timeout: CALL_TIMEOUT }, async () => {
        const apis: Apis = { info: new info.InfoApi(mock.url), pvm: new pvm.PVMApi(mock.url) };
        const got = await c.call(apis);
        const wire = wireResult(c.service, c.method, c.example) as Wire;
        expect(got).toEqual(c.decoded ? c.decoded(wire, apis) : wire);

        expect(sent).toHaveLength(1);
        const [req] = sent;
        expect(req!.url).toBe(`${mock.url}${c.service === 'info' ? '/ext/info' : '/ext/bc/P'}`);
        expect(req!.method).toBe('POST');
        expect(req!.contentType).toBe('application/json');
        expect(req!.body).toMatchObject({ jsonrpc: '2.0', id: 0, method: c.method });
        if ('params' in req!.body) {
          expect(req!.body.params).toBeTypeOf('object');
          expect(req!.body.params).not.toBeNull();
          expect(Array.isArray(req!.body.params)).toBe(false);
        }
        const call = logged.findLast((e) => e.event === 'call' && e.method === c.method);
        expect(call, 'the mock logged the call').toBeDefined();
        expect(call!.code, 'the mock answered without an error').toBeUndefined();
      });
    }

    it('methods without arguments are sent without a params member', { timeout: CALL_TIMEOUT }, async () => {
      await new pvm.PVMApi(mock.url).getHeight();
      expect(sent[0]!.body).not.toHaveProperty('params');
    });

    it('one API object numbers its calls 0, 1, 2, ... and the mock echoes each id', { timeout: CALL_TIMEOUT }, async () => {
      const api = new info.InfoApi(mock.url);
      const answers: unknown[] = [];
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
        sent.push({ url: String(input), method: init?.method, contentType: null, body: JSON.parse(String(init?.body)) as Wire });
        const res = await realFetch(input, init);
        answers.push(((await res.clone().json()) as Wire).id);
        return res;
      });
      await api.getNodeVersion();
      await api.getNetworkId();
      await api.getNetworkName();
      expect(sent.map((s) => s.body.id)).toEqual([0, 1, 2]);
      expect(answers).toEqual([0, 1, 2]);
    });
  });
}

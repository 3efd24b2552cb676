/**
 * The spec's method list held against the JSON-RPC methods the node serves, taken from the node's source:
 * avalanchego at commit 1cf1fc3d1711a09fde7319d2b48609c8cba93680 (after v1.14.2). Each gorilla/rpc service
 * registers the exported methods of its Go type under a service name, the first letter lower-cased on the
 * wire; the table lists them per endpoint, as read from these files:
 *   api/info/service.go, api/health/service.go, api/admin/service.go, indexer/service.go,
 *   vms/platformvm/service.go, vms/avm/service.go, vms/avm/wallet_service.go, vms/proposervm/service.go,
 *   graft/coreth/plugin/evm/atomic/vm/api.go (the `native` namespace here), graft/coreth/plugin/evm/admin.go.
 * A method missing from the spec, or one the spec says the node serves today but the node does not, fails.
 *
 * A service the node has since removed is held against the last release that served it: the Keystore API
 * (`/ext/keystore`, gone in v1.12.2) against avalanchego v1.12.1 (commit
 * a69772fb33b3dc2538b1e54b7547ddb0f27398d0), api/keystore/service.go.
 */
import { describe, expect, it } from 'vitest';
import { projectModel } from '../helpers/model.js';

const NODE_COMMIT = '1cf1fc3d1711a09fde7319d2b48609c8cba93680';

/** Endpoint path template → every method the node serves there today. */
const SERVED: Readonly<Record<string, readonly string[]>> = {
  '/ext/info': ['info.acps', 'info.getBlockchainID', 'info.getNetworkID', 'info.getNetworkName', 'info.getNodeID', 'info.getNodeIP', 'info.getNodeVersion', 'info.getTxFee', 'info.getVMs', 'info.isBootstrapped', 'info.peers', 'info.upgrades', 'info.uptime'],
  '/ext/health': ['health.health', 'health.liveness', 'health.readiness'],
  '/ext/admin': ['admin.alias', 'admin.aliasChain', 'admin.dbGet', 'admin.getChainAliases', 'admin.getConfig', 'admin.getLoggerLevel', 'admin.loadVMs', 'admin.lockProfile', 'admin.memoryProfile', 'admin.setLoggerLevel', 'admin.stacktrace', 'admin.startCPUProfiler', 'admin.stopCPUProfiler'],
  '/ext/index/{blockchainID}/{container}': ['index.getContainerByID', 'index.getContainerByIndex', 'index.getContainerRange', 'index.getIndex', 'index.getLastAccepted', 'index.isAccepted'],
  '/ext/bc/P': ['platform.getAllValidatorsAt', 'platform.getBalance', 'platform.getBlock', 'platform.getBlockByHeight', 'platform.getBlockchainStatus', 'platform.getBlockchains', 'platform.getCurrentSupply', 'platform.getCurrentValidators', 'platform.getFeeConfig', 'platform.getFeeState', 'platform.getHeight', 'platform.getL1Validator', 'platform.getMinStake', 'platform.getProposedHeight', 'platform.getRewardUTXOs', 'platform.getStake', 'platform.getStakingAssetID', 'platform.getSubnet', 'platform.getSubnets', 'platform.getTimestamp', 'platform.getTotalStake', 'platform.getTx', 'platform.getTxStatus', 'platform.getUTXOs', 'platform.getValidatorFeeConfig', 'platform.getValidatorFeeState', 'platform.getValidatorsAt', 'platform.issueTx', 'platform.sampleValidators', 'platform.validatedBy', 'platform.validates'],
  '/ext/bc/X': ['avm.getAllBalances', 'avm.getAssetDescription', 'avm.getBalance', 'avm.getBlock', 'avm.getBlockByHeight', 'avm.getHeight', 'avm.getTx', 'avm.getTxFee', 'avm.getTxStatus', 'avm.getUTXOs', 'avm.issueTx'],
  '/ext/bc/X/wallet': ['wallet.issueTx'],
  '/ext/bc/{blockchainID}/proposervm': ['proposervm.getCurrentEpoch', 'proposervm.getProposedHeight'],
  '/ext/bc/{blockchainID}/native': ['native.getAtomicTx', 'native.getAtomicTxStatus', 'native.getUTXOs', 'native.issueTx'],
  '/ext/bc/C/admin': ['admin.getVMConfig', 'admin.lockProfile', 'admin.memoryProfile', 'admin.setLogLevel', 'admin.startCPUProfiler', 'admin.stopCPUProfiler'],
  '/ext/keystore': [],
};

/** Endpoint path → the release that removed the whole service, and every method the release before served. */
const REMOVED_SERVICES: Readonly<Record<string, { readonly removedIn: string; readonly lastServedBy: string; readonly keystore: boolean; readonly methods: readonly string[] }>> = {
  '/ext/keystore': {
    removedIn: 'v1.12.2',
    lastServedBy: 'v1.12.1 (a69772fb33b3dc2538b1e54b7547ddb0f27398d0)',
    keystore: true,
    methods: ['keystore.createUser', 'keystore.deleteUser', 'keystore.exportUser', 'keystore.importUser', 'keystore.listUsers'],
  },
};

describe(`the spec against the node's served methods (avalanchego ${NODE_COMMIT.slice(0, 12)})`, () => {
  const model = projectModel();

  it.each(Object.entries(SERVED))('%s: the spec describes exactly the methods the node serves', (path, served) => {
    const services = model.services.filter((s) => s.endpoints.some((e) => e.path === path));
    expect(services.map((s) => s.name), `no document is served at ${path}`).not.toEqual([]);
    const described = services.flatMap((s) => s.methods);
    // What the spec says today's node serves there: not removed in an earlier release, not marked unserved.
    const servedBySpec = described.filter((m) => m.availability.removedIn === undefined && m.availability.served).map((m) => m.name);
    expect([...servedBySpec].sort()).toEqual([...served].sort());
  });

  it('names every method the spec keeps as removed with the release that removed it', () => {
    const removed = model.services.flatMap((s) => s.methods).filter((m) => m.availability.removedIn !== undefined);
    for (const m of removed) expect(m.availability.removedIn, m.name).toMatch(/^v1\.\d+\.\d+$/);
    expect(removed.map((m) => m.name)).toEqual(expect.arrayContaining(['avm.getAddressTxs', 'avm.send', 'wallet.send', 'native.export']));
  });

  it.each(Object.entries(REMOVED_SERVICES))('%s: a removed service is described whole, every method removed with it', (path, { removedIn, lastServedBy, keystore, methods }) => {
    const services = model.services.filter((s) => s.endpoints.some((e) => e.path === path));
    expect(services.map((s) => s.name), `no document is served at ${path}`).not.toEqual([]);
    const described = services.flatMap((s) => s.methods);
    expect(described.map((m) => m.name).sort(), `the methods avalanchego ${lastServedBy} served`).toEqual([...methods].sort());
    for (const m of described) {
      expect(m.availability.removedIn, m.name).toBe(removedIn);
      expect(m.keystore?.removedIn, m.name).toBe(keystore ? removedIn : undefined);
    }
  });
});

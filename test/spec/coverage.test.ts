/**
 * The spec covers every method of the service description: the 61 node-specific methods listed by name,
 * each present in the bundled documents with params, a result and at least one example.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

const EXPECTED: Record<string, string[]> = {
  info: ['acps', 'isBootstrapped', 'getBlockchainID', 'getNetworkID', 'getNetworkName', 'getNodeID', 'getNodeIP', 'getNodeVersion', 'getTxFee', 'getVMs', 'peers', 'uptime', 'upgrades'].map((m) => `info.${m}`),
  platform: [
    'getBalance', 'getBlock', 'getBlockByHeight', 'getBlockchains', 'getBlockchainStatus', 'getCurrentSupply', 'getCurrentValidators', 'getFeeConfig',
    'getFeeState', 'getHeight', 'getL1Validator', 'getProposedHeight', 'getMinStake', 'getRewardUTXOs', 'getStake', 'getStakingAssetID', 'getSubnet',
    'getSubnets', 'getTimestamp', 'getTotalStake', 'getTx', 'getTxStatus', 'getUTXOs', 'getValidatorsAt', 'getValidatorFeeConfig', 'getValidatorFeeState',
    'issueTx', 'sampleValidators', 'validatedBy', 'validates',
  ].map((m) => `platform.${m}`),
  native: ['export', 'exportNATIVE', 'exportKey', 'getAtomicTx', 'getAtomicTxStatus', 'getUTXOs', 'import', 'importNATIVE', 'importKey', 'issueTx'].map((m) => `native.${m}`),
  admin: ['setLogLevel', 'startCPUProfiler', 'stopCPUProfiler', 'memoryProfile', 'lockProfile'].map((m) => `admin.${m}`),
  evm: ['eth_baseFee', 'eth_maxPriorityFeePerGas', 'eth_getChainConfig'],
};

interface Doc {
  servers: { url: string }[];
  methods: { name: string; params: unknown[]; result?: unknown; examples?: unknown[]; paramStructure?: string }[];
}

function load(service: string): Doc {
  return JSON.parse(readFileSync(join(ROOT, 'generated/openrpc', `${service}.json`), 'utf8')) as Doc;
}

describe('spec coverage of the service description', () => {
  it('lists 61 node-specific methods', () => {
    expect(Object.values(EXPECTED).flat()).toHaveLength(61);
  });
  for (const [service, methods] of Object.entries(EXPECTED)) {
    it(`${service}: every method is specified with a result and an example`, () => {
      const doc = load(service);
      const byName = new Map(doc.methods.map((m) => [m.name, m]));
      const missing = methods.filter((m) => !byName.has(m));
      expect(missing).toEqual([]);
      for (const name of methods) {
        const m = byName.get(name)!;
        expect(m.result, `${name} has a result`).toBeDefined();
        expect(m.examples?.length ?? 0, `${name} has an example`).toBeGreaterThan(0);
        if (service !== 'evm') expect(m.paramStructure, `${name} takes params by name`).toBe('by-name');
      }
    });
  }
  it('each document names its endpoint path', () => {
    expect(load('info').servers.map((s) => s.url)).toEqual(['/ext/info']);
    expect(load('platform').servers.map((s) => s.url)).toEqual(['/ext/bc/P']);
    expect(load('native').servers.map((s) => s.url)).toEqual(['/ext/bc/{blockchainID}/native']);
    expect(load('admin').servers.map((s) => s.url)).toEqual(['/ext/bc/C/admin']);
    expect(load('keystore').servers.map((s) => s.url)).toEqual(['/ext/keystore']);
    expect(load('evm').servers.map((s) => s.url)).toEqual(['/ext/bc/{blockchainID}/rpc', '/ext/bc/{blockchainID}/ws']);
  });
});

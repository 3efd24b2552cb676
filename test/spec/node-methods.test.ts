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
import { EVM_NODE_COMMIT, EVM_SERVED, GO_PARAMS, GO_RESULTS, goResultNillable, LEGACY_ETH_API_NAMES, NIL_RESULTS, onByDefault, servedMethods } from './evm-served.js';

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

/**
 * Whether a schema lets `null` through: by its type, enum or const, through a `$ref` into the document's
 * schemas, any branch of a oneOf/anyOf or every part of an allOf; a schema that names no type accepts it.
 */
function acceptsNull(schema: unknown, schemas: Readonly<Record<string, unknown>>, depth = 0): boolean {
  if (schema === true || schema === undefined) return true;
  if (schema === null || typeof schema !== 'object' || depth > 32) return false;
  const s = schema as Record<string, unknown>;
  if (typeof s.$ref === 'string') {
    const target = s.$ref.startsWith('#/components/schemas/') ? schemas[decodeURIComponent(s.$ref.slice('#/components/schemas/'.length))] : undefined;
    if (target === undefined) throw new Error(`cannot follow ${s.$ref}`);
    return acceptsNull(target, schemas, depth + 1);
  }
  if ('const' in s) return s.const === null;
  if (Array.isArray(s.enum)) return s.enum.includes(null);
  if (s.type !== undefined) return s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null'));
  if (Array.isArray(s.allOf)) return s.allOf.every((p) => acceptsNull(p, schemas, depth + 1));
  const branches = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
  if (Array.isArray(branches)) return branches.some((b) => acceptsNull(b, schemas, depth + 1));
  return true;
}

/** Methods the EVM chain serves that the spec leaves out on purpose, each with the reason. */
const EVM_EXCLUDED: Readonly<Record<string, string>> = {};

/** Methods the EVM chain serves that the spec does not describe yet, each with what is missing. */
const EVM_PENDING: Readonly<Record<string, string>> = {};

describe(`the EVM chain's spec against the methods it serves (avalanchego ${EVM_NODE_COMMIT.slice(0, 12)}, graft/coreth)`, () => {
  const model = projectModel();
  const path = '/ext/bc/{blockchainID}/rpc';
  const described = model.services.filter((s) => s.endpoints.some((e) => e.path === path)).flatMap((s) => s.methods);
  const byName = new Map(described.map((m) => [m.name, m]));
  const served = servedMethods();
  const servedToday = (m: (typeof described)[number]): boolean => m.availability.removedIn === undefined && m.availability.served;

  it('reads a table with each method once per group and no group twice', () => {
    expect(described.length, `no document is served at ${path}`).toBeGreaterThan(0);
    const apis = EVM_SERVED.map((g) => g.api);
    expect(new Set(apis).size).toBe(apis.length);
    for (const g of EVM_SERVED) expect(new Set(g.methods).size, g.api).toBe(g.methods.length);
    for (const [name] of served) expect(name, 'namespace_method').toMatch(/^[a-z0-9]+_[a-z][A-Za-z0-9]*$/);
  });

  it('describes every served method, or says why not', () => {
    const missing = [...served.keys()].filter((n) => !(n in EVM_EXCLUDED) && !(n in EVM_PENDING) && !(byName.get(n) && servedToday(byName.get(n)!)));
    expect(missing).toEqual([]);
    // The exclusion and pending lists hold only served methods the spec does not describe, each with a reason.
    for (const [name, why] of Object.entries({ ...EVM_EXCLUDED, ...EVM_PENDING })) {
      expect(served.has(name), `${name} is not served`).toBe(true);
      expect(byName.has(name), `${name} is in the spec now`).toBe(false);
      expect(why.length, name).toBeGreaterThan(20);
    }
  });

  it('says the node serves only what it serves', () => {
    const unserved = described.filter((m) => servedToday(m) && !served.has(m.name)).map((m) => m.name);
    expect(unserved).toEqual([]);
    // What the spec keeps for other nodes (`served: false`) or as removed is really not served, and says so.
    for (const m of described.filter((m) => !servedToday(m))) {
      expect(served.has(m.name), `${m.name} is served`).toBe(false);
      expect(m.availability.note ?? m.availability.removedIn, m.name).toBeTruthy();
    }
  });

  it("gives each served method the node's default and the switch that serves it", () => {
    for (const m of described.filter(servedToday)) {
      const groups = served.get(m.name);
      if (!groups) continue;
      const where = `${m.name} (${groups.map((g) => g.api).join(' or ')})`;
      expect(m.availability.enabledByDefault, where).toBe(groups.some(onByDefault));
      if (groups.every((g) => g.switch === 'always')) expect(m.availability.enableWith, where).toBeUndefined();
      else expect(groups.map((g) => g.api), where).toContain(m.availability.enableWith);
      expect(Object.keys(LEGACY_ETH_API_NAMES), `${where}: the current eth-apis name`).not.toContain(m.availability.enableWith);
    }
  });

  it("takes the node's params, in its order, optional where the node lets them be left out", () => {
    const goArgs = (key: string): string[] => (GO_PARAMS[key] ?? '').split(', ').filter(Boolean);
    const shape = (params: readonly { name: string; required: boolean }[]): string[] => params.map((p) => (p.required ? p.name : `${p.name}?`));
    const goShape = (key: string, names: readonly string[]): string[] => goArgs(key).map((t, i) => (t.startsWith('*') ? `${names[i]}?` : `${names[i]}`));
    for (const g of EVM_SERVED)
      for (const name of g.methods) {
        const m = byName.get(name);
        if (!m || !servedToday(m)) continue;
        expect(GO_PARAMS[name], `${name} has no Go params in the table`).toBeDefined();
        expect(shape(m.params), `${name}(${GO_PARAMS[name]})`).toEqual(goShape(name, m.params.map((p) => p.name)));
      }
    for (const g of EVM_SERVED.filter((g) => g.subscriptions))
      for (const kind of g.subscriptions!.kinds) {
        const key = `${g.subscriptions!.method} ${kind}`;
        const k = byName.get(g.subscriptions!.method)?.subscriptions?.kinds.find((x) => x.name === kind);
        expect(GO_PARAMS[key], `${key} has no Go params in the table`).toBeDefined();
        if (k) expect(shape(k.params), `${key}(${GO_PARAMS[key]})`).toEqual(goShape(key, k.params.map((p) => p.name)));
      }
    const keys = new Set([...EVM_SERVED.flatMap((g) => g.methods), ...EVM_SERVED.flatMap((g) => (g.subscriptions ? g.subscriptions.kinds.map((k) => `${g.subscriptions!.method} ${k}`) : []))]);
    expect(Object.keys(GO_PARAMS).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('offers exactly the subscription kinds the node defines', () => {
    for (const g of EVM_SERVED.filter((g) => g.subscriptions)) {
      const sub = g.subscriptions!;
      const m = byName.get(sub.method);
      expect(m?.subscriptions, sub.method).toBeDefined();
      expect(m!.subscriptions!.unsubscribe).toBe(sub.unsubscribe);
      const kinds = m!.subscriptions!.kinds;
      expect(kinds.filter((k) => k.availability.served && k.availability.removedIn === undefined).map((k) => k.name).sort()).toEqual([...sub.kinds].sort());
      for (const k of kinds.filter((k) => !k.availability.served)) expect(k.availability.note, `${sub.method} ${k.name}`).toBeTruthy();
    }
    const withKinds = described.filter((m) => m.subscriptions).map((m) => m.name);
    expect(withKinds.sort()).toEqual(EVM_SERVED.flatMap((g) => (g.subscriptions ? [g.subscriptions.method] : [])).sort());
  });

  it('allows null in a result exactly where the node sends it', () => {
    const servedNames = [...new Set(EVM_SERVED.flatMap((g) => g.methods))].sort();
    expect(Object.keys(GO_RESULTS).sort()).toEqual(servedNames);
    expect(Object.keys(NIL_RESULTS).filter((n) => !(n in GO_RESULTS))).toEqual([]);
    const wrong: string[] = [];
    for (const [name, goType] of Object.entries(GO_RESULTS)) {
      const entry = NIL_RESULTS[name];
      if (goResultNillable(goType)) expect(entry, `${name} returns ${goType}: say whether the node ever sends null`).toBeDefined();
      else expect(entry, `${name} returns ${goType || 'no value'}, which cannot be nil`).toBeUndefined();
      if (entry) {
        expect(entry.why.length, name).toBeGreaterThan(15);
        if (entry.specAcceptsNull !== undefined) expect(entry.nil, `${name}: the node sends null, no other reason is needed`).toBe(false);
      }
      const m = byName.get(name);
      if (!m || !servedToday(m)) continue;
      const service = model.services.find((s) => s.methods.includes(m))!;
      const accepts = acceptsNull(m.result?.schema, service.schemas);
      // A method with no Go result answers null and nothing else.
      const want = goType === '' || entry?.nil === true || entry?.specAcceptsNull !== undefined;
      if (accepts !== want) wrong.push(`${name} (${goType || 'no result'}): the spec ${accepts ? 'accepts' : 'refuses'} null, the node ${entry?.nil || goType === '' ? 'sends it' : 'never does'}`);
      if (goType === '') expect(m.result?.schema, `${name} has no Go result`).toEqual({ type: 'null' });
    }
    expect(wrong).toEqual([]);
  });
});

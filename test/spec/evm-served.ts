/**
 * Every JSON-RPC method the EVM chain (C-Chain) serves at `/ext/bc/{blockchainID}/rpc` and `/ws`, read from
 * the node's source: avalanchego at commit 1cf1fc3d1711a09fde7319d2b48609c8cba93680, which carries the EVM as
 * graft/coreth (its own copies of the go-ethereum API types; no served type comes from libevm) and the RPC
 * server as graft/evm/rpc.
 *
 * How the node builds the list (graft/coreth/plugin/evm/vm.go `CreateHandlers` and `attachEthService`): the
 * API groups of eth/backend.go `APIs()` (which gathers internal/ethapi/backend.go `GetAPIs`, eth/tracers/api.go
 * `APIs` and node/api.go `apis`) are registered when their name is in the chain config's `eth-apis` list (the
 * legacy names of `legacyAPINames` map onto them); the `warp` namespace when `warp-api-enabled` is set; the
 * server registers `rpc` itself (graft/evm/rpc/server.go `NewServer`). A group serves every exported method of
 * its Go type, promoted ones included, whose results are at most one value and an error, named
 * namespace + "_" + the method's name with its first letter lower-cased (graft/evm/rpc/service.go). A method
 * taking a context first and returning `(*rpc.Subscription, error)` is not a method but a subscription kind
 * of `<namespace>_subscribe`; `<namespace>_unsubscribe` ends it. (The handler answers `*_unsubscribe` in any
 * namespace, registered or not, with "subscription not found" for an unknown ID; the table pairs it with the
 * only namespaces that have something to end.)
 *
 * The lists were taken by parsing the Go files (go/ast, build constraints for linux/amd64) and checked by
 * reading them; keep them sorted as read, one group per registered Go type.
 */

export const EVM_NODE_COMMIT = '1cf1fc3d1711a09fde7319d2b48609c8cba93680';

/** coreth plugin/evm/config/default_config.go: the `eth-apis` a node serves when its config names none. */
const DEFAULT_ETH_APIS: readonly string[] = ['eth', 'eth-filter', 'net', 'web3', 'internal-eth', 'internal-blockchain', 'internal-transaction'];

/** coreth plugin/evm/vm.go `legacyAPINames`: older `eth-apis` names still accepted for the same group. */
export const LEGACY_ETH_API_NAMES: Readonly<Record<string, string>> = {
  'internal-public-eth': 'internal-eth',
  'internal-public-blockchain': 'internal-blockchain',
  'internal-public-transaction-pool': 'internal-transaction',
  'internal-public-tx-pool': 'internal-tx-pool',
  'internal-public-debug': 'internal-debug',
  'internal-private-debug': 'internal-debug',
  'internal-public-account': 'internal-account',
  'internal-private-personal': 'internal-personal',
  'public-eth': 'eth',
  'public-eth-filter': 'eth-filter',
  'private-admin': 'admin',
  'public-debug': 'debug',
  'private-debug': 'debug',
};

/**
 * How a group is switched on: `eth-apis` names it in the chain config's list; `flag` is a boolean chain config
 * key (off by default); `always` is registered by the server whatever the config says.
 */
type Switch = 'eth-apis' | 'flag' | 'always';

export interface ServedGroup {
  /** The `eth-apis` name, the config flag, or `rpc` for the server's own group. */
  readonly api: string;
  readonly switch: Switch;
  /** The Go type registered, as `file (under graft/coreth unless named) Type`. */
  readonly type: string;
  readonly methods: readonly string[];
  /** Subscription kinds (`<namespace>_subscribe` with this first param) the type defines. */
  readonly subscriptions?: { readonly method: string; readonly unsubscribe: string; readonly kinds: readonly string[] };
}

export const EVM_SERVED: readonly ServedGroup[] = [
  { api: 'eth', switch: 'eth-apis', type: 'eth/api.go EthereumAPI', methods: ['eth_coinbase', 'eth_etherbase'] },
  {
    api: 'eth-filter',
    switch: 'eth-apis',
    type: 'eth/filters/api.go FilterAPI',
    methods: ['eth_getFilterChanges', 'eth_getFilterLogs', 'eth_getLogs', 'eth_newBlockFilter', 'eth_newFilter', 'eth_newPendingTransactionFilter', 'eth_uninstallFilter'],
    subscriptions: { method: 'eth_subscribe', unsubscribe: 'eth_unsubscribe', kinds: ['logs', 'newAcceptedTransactions', 'newHeads', 'newPendingTransactions'] },
  },
  { api: 'admin', switch: 'eth-apis', type: 'eth/api_admin.go AdminAPI', methods: ['admin_exportChain', 'admin_importChain'] },
  {
    api: 'debug',
    switch: 'eth-apis',
    type: 'eth/api_debug.go DebugAPI',
    methods: ['debug_accountRange', 'debug_dumpBlock', 'debug_getAccessibleState', 'debug_getBadBlocks', 'debug_getModifiedAccountsByHash', 'debug_getModifiedAccountsByNumber', 'debug_preimage', 'debug_storageRangeAt'],
  },
  { api: 'net', switch: 'eth-apis', type: 'internal/ethapi/api.go NetAPI', methods: ['net_listening', 'net_peerCount', 'net_version'] },
  {
    api: 'internal-eth',
    switch: 'eth-apis',
    type: 'internal/ethapi/api.go EthereumAPI',
    methods: ['eth_baseFee', 'eth_feeHistory', 'eth_gasPrice', 'eth_maxPriorityFeePerGas', 'eth_suggestPriceOptions', 'eth_syncing'],
  },
  {
    api: 'internal-blockchain',
    switch: 'eth-apis',
    type: 'internal/ethapi/api.go BlockChainAPI',
    methods: [
      'eth_blockNumber', 'eth_call', 'eth_callDetailed', 'eth_chainId', 'eth_createAccessList', 'eth_estimateGas', 'eth_getBadBlocks', 'eth_getBalance',
      'eth_getBlockByHash', 'eth_getBlockByNumber', 'eth_getBlockReceipts', 'eth_getChainConfig', 'eth_getCode', 'eth_getHeaderByHash',
      'eth_getHeaderByNumber', 'eth_getProof', 'eth_getStorageAt', 'eth_getUncleByBlockHashAndIndex', 'eth_getUncleByBlockNumberAndIndex',
      'eth_getUncleCountByBlockHash', 'eth_getUncleCountByBlockNumber',
    ],
  },
  {
    api: 'internal-transaction',
    switch: 'eth-apis',
    type: 'internal/ethapi/api.go TransactionAPI',
    methods: [
      'eth_fillTransaction', 'eth_getBlockTransactionCountByHash', 'eth_getBlockTransactionCountByNumber', 'eth_getRawTransactionByBlockHashAndIndex',
      'eth_getRawTransactionByBlockNumberAndIndex', 'eth_getRawTransactionByHash', 'eth_getTransactionByBlockHashAndIndex',
      'eth_getTransactionByBlockNumberAndIndex', 'eth_getTransactionByHash', 'eth_getTransactionCount', 'eth_getTransactionReceipt',
      'eth_pendingTransactions', 'eth_resend', 'eth_sendRawTransaction', 'eth_sendTransaction', 'eth_sign', 'eth_signTransaction',
    ],
  },
  { api: 'internal-tx-pool', switch: 'eth-apis', type: 'internal/ethapi/api.go TxPoolAPI', methods: ['txpool_content', 'txpool_contentFrom', 'txpool_inspect', 'txpool_status'] },
  {
    api: 'internal-debug',
    switch: 'eth-apis',
    type: 'internal/ethapi/api.go DebugAPI',
    methods: ['debug_getRawBlock', 'debug_getRawHeader', 'debug_getRawReceipts', 'debug_getRawTransaction', 'debug_printBlock'],
  },
  { api: 'internal-account', switch: 'eth-apis', type: 'internal/ethapi/api.go EthereumAccountAPI', methods: ['eth_accounts'] },
  {
    api: 'internal-personal',
    switch: 'eth-apis',
    type: 'internal/ethapi/api.go PersonalAccountAPI',
    methods: [
      'personal_deriveAccount', 'personal_ecRecover', 'personal_importRawKey', 'personal_initializeWallet', 'personal_listAccounts', 'personal_listWallets',
      'personal_lockAccount', 'personal_newAccount', 'personal_openWallet', 'personal_sendTransaction', 'personal_sign', 'personal_signTransaction',
      'personal_unlockAccount', 'personal_unpair',
    ],
  },
  {
    api: 'debug-tracer',
    switch: 'eth-apis',
    type: 'eth/tracers/api.go API',
    methods: ['debug_intermediateRoots', 'debug_traceBadBlock', 'debug_traceBlock', 'debug_traceBlockByHash', 'debug_traceBlockByNumber', 'debug_traceCall', 'debug_traceTransaction'],
    subscriptions: { method: 'debug_subscribe', unsubscribe: 'debug_unsubscribe', kinds: ['traceChain'] },
  },
  {
    // debug_traceBlock is promoted from the baseAPI both tracer types embed: either group serves it.
    api: 'debug-file-tracer',
    switch: 'eth-apis',
    type: 'eth/tracers/api.go FileTracerAPI',
    methods: ['debug_standardTraceBadBlockToFile', 'debug_standardTraceBlockToFile', 'debug_traceBlock', 'debug_traceBlockFromFile'],
  },
  {
    api: 'debug-handler',
    switch: 'eth-apis',
    type: 'internal/debug/{api,trace}.go HandlerT',
    methods: [
      'debug_blockProfile', 'debug_cpuProfile', 'debug_freeOSMemory', 'debug_gcStats', 'debug_goTrace', 'debug_memStats', 'debug_mutexProfile',
      'debug_setBlockProfileRate', 'debug_setGCPercent', 'debug_setMutexProfileFraction', 'debug_stacks', 'debug_startCPUProfile', 'debug_startGoTrace',
      'debug_stopCPUProfile', 'debug_stopGoTrace', 'debug_verbosity', 'debug_vmodule', 'debug_writeBlockProfile', 'debug_writeMemProfile',
      'debug_writeMutexProfile',
    ],
  },
  { api: 'web3', switch: 'eth-apis', type: 'node/api.go web3API', methods: ['web3_clientVersion', 'web3_sha3'] },
  {
    api: 'warp-api-enabled',
    switch: 'flag',
    type: 'warp/service.go API',
    methods: ['warp_getBlockAggregateSignature', 'warp_getBlockSignature', 'warp_getMessage', 'warp_getMessageAggregateSignature', 'warp_getMessageSignature'],
  },
  { api: 'rpc', switch: 'always', type: 'graft/evm/rpc/server.go RPCService', methods: ['rpc_modules'] },
];

/**
 * The Go parameters of each served method after the context (and of each subscription kind after its name,
 * keyed `<method> <kind>`), as the server decodes them from the params array: one param per Go argument,
 * optional exactly when its type is a pointer (graft/evm/rpc/json.go `parsePositionalArguments` answers
 * "missing value for required argument N" for any other).
 */
export const GO_PARAMS: Readonly<Record<string, string>> = {
  'admin_exportChain': 'string, *uint64, *uint64',
  'admin_importChain': 'string',
  'debug_accountRange': 'rpc.BlockNumberOrHash, hexutil.Bytes, int, bool, bool, bool',
  'debug_blockProfile': 'string, uint',
  'debug_cpuProfile': 'string, uint',
  'debug_dumpBlock': 'rpc.BlockNumber',
  'debug_freeOSMemory': '',
  'debug_gcStats': '',
  'debug_getAccessibleState': 'rpc.BlockNumber, rpc.BlockNumber',
  'debug_getBadBlocks': '',
  'debug_getModifiedAccountsByHash': 'common.Hash, *common.Hash',
  'debug_getModifiedAccountsByNumber': 'uint64, *uint64',
  'debug_getRawBlock': 'rpc.BlockNumberOrHash',
  'debug_getRawHeader': 'rpc.BlockNumberOrHash',
  'debug_getRawReceipts': 'rpc.BlockNumberOrHash',
  'debug_getRawTransaction': 'common.Hash',
  'debug_goTrace': 'string, uint',
  'debug_intermediateRoots': 'common.Hash, *TraceConfig',
  'debug_memStats': '',
  'debug_mutexProfile': 'string, uint',
  'debug_preimage': 'common.Hash',
  'debug_printBlock': 'uint64',
  'debug_setBlockProfileRate': 'int',
  'debug_setGCPercent': 'int',
  'debug_setMutexProfileFraction': 'int',
  'debug_stacks': '*string',
  'debug_standardTraceBadBlockToFile': 'common.Hash, *StdTraceConfig',
  'debug_standardTraceBlockToFile': 'common.Hash, *StdTraceConfig',
  'debug_startCPUProfile': 'string',
  'debug_startGoTrace': 'string',
  'debug_stopCPUProfile': '',
  'debug_stopGoTrace': '',
  'debug_storageRangeAt': 'rpc.BlockNumberOrHash, int, common.Address, hexutil.Bytes, int',
  'debug_subscribe traceChain': 'rpc.BlockNumber, rpc.BlockNumber, *TraceConfig',
  'debug_traceBadBlock': 'common.Hash, *TraceConfig',
  'debug_traceBlock': 'hexutil.Bytes, *TraceConfig',
  'debug_traceBlockByHash': 'common.Hash, *TraceConfig',
  'debug_traceBlockByNumber': 'rpc.BlockNumber, *TraceConfig',
  'debug_traceBlockFromFile': 'string, *TraceConfig',
  'debug_traceCall': 'ethapi.TransactionArgs, rpc.BlockNumberOrHash, *TraceCallConfig',
  'debug_traceTransaction': 'common.Hash, *TraceConfig',
  'debug_verbosity': 'int',
  'debug_vmodule': 'string',
  'debug_writeBlockProfile': 'string',
  'debug_writeMemProfile': 'string',
  'debug_writeMutexProfile': 'string',
  'eth_accounts': '',
  'eth_baseFee': '',
  'eth_blockNumber': '',
  'eth_call': 'TransactionArgs, *rpc.BlockNumberOrHash, *StateOverride, *BlockOverrides',
  'eth_callDetailed': 'TransactionArgs, rpc.BlockNumberOrHash, *StateOverride',
  'eth_chainId': '',
  'eth_coinbase': '',
  'eth_createAccessList': 'TransactionArgs, *rpc.BlockNumberOrHash',
  'eth_estimateGas': 'TransactionArgs, *rpc.BlockNumberOrHash, *StateOverride',
  'eth_etherbase': '',
  'eth_feeHistory': 'math.HexOrDecimal64, rpc.BlockNumber, []float64',
  'eth_fillTransaction': 'TransactionArgs',
  'eth_gasPrice': '',
  'eth_getBadBlocks': '',
  'eth_getBalance': 'common.Address, rpc.BlockNumberOrHash',
  'eth_getBlockByHash': 'common.Hash, bool',
  'eth_getBlockByNumber': 'rpc.BlockNumber, bool',
  'eth_getBlockReceipts': 'rpc.BlockNumberOrHash',
  'eth_getBlockTransactionCountByHash': 'common.Hash',
  'eth_getBlockTransactionCountByNumber': 'rpc.BlockNumber',
  'eth_getChainConfig': '',
  'eth_getCode': 'common.Address, rpc.BlockNumberOrHash',
  'eth_getFilterChanges': 'rpc.ID',
  'eth_getFilterLogs': 'rpc.ID',
  'eth_getHeaderByHash': 'common.Hash',
  'eth_getHeaderByNumber': 'rpc.BlockNumber',
  'eth_getLogs': 'FilterCriteria',
  'eth_getProof': 'common.Address, []string, rpc.BlockNumberOrHash',
  'eth_getRawTransactionByBlockHashAndIndex': 'common.Hash, hexutil.Uint',
  'eth_getRawTransactionByBlockNumberAndIndex': 'rpc.BlockNumber, hexutil.Uint',
  'eth_getRawTransactionByHash': 'common.Hash',
  'eth_getStorageAt': 'common.Address, string, rpc.BlockNumberOrHash',
  'eth_getTransactionByBlockHashAndIndex': 'common.Hash, hexutil.Uint',
  'eth_getTransactionByBlockNumberAndIndex': 'rpc.BlockNumber, hexutil.Uint',
  'eth_getTransactionByHash': 'common.Hash',
  'eth_getTransactionCount': 'common.Address, rpc.BlockNumberOrHash',
  'eth_getTransactionReceipt': 'common.Hash',
  'eth_getUncleByBlockHashAndIndex': 'common.Hash, hexutil.Uint',
  'eth_getUncleByBlockNumberAndIndex': 'rpc.BlockNumber, hexutil.Uint',
  'eth_getUncleCountByBlockHash': 'common.Hash',
  'eth_getUncleCountByBlockNumber': 'rpc.BlockNumber',
  'eth_maxPriorityFeePerGas': '',
  'eth_newBlockFilter': '',
  'eth_newFilter': 'FilterCriteria',
  'eth_newPendingTransactionFilter': '*bool',
  'eth_pendingTransactions': '',
  'eth_resend': 'TransactionArgs, *hexutil.Big, *hexutil.Uint64',
  'eth_sendRawTransaction': 'hexutil.Bytes',
  'eth_sendTransaction': 'TransactionArgs',
  'eth_sign': 'common.Address, hexutil.Bytes',
  'eth_signTransaction': 'TransactionArgs',
  'eth_subscribe logs': 'FilterCriteria',
  'eth_subscribe newAcceptedTransactions': '*bool',
  'eth_subscribe newHeads': '',
  'eth_subscribe newPendingTransactions': '*bool',
  'eth_suggestPriceOptions': '',
  'eth_syncing': '',
  'eth_uninstallFilter': 'rpc.ID',
  'net_listening': '',
  'net_peerCount': '',
  'net_version': '',
  'personal_deriveAccount': 'string, string, *bool',
  'personal_ecRecover': 'hexutil.Bytes, hexutil.Bytes',
  'personal_importRawKey': 'string, string',
  'personal_initializeWallet': 'string',
  'personal_listAccounts': '',
  'personal_listWallets': '',
  'personal_lockAccount': 'common.Address',
  'personal_newAccount': 'string',
  'personal_openWallet': 'string, *string',
  'personal_sendTransaction': 'TransactionArgs, string',
  'personal_sign': 'hexutil.Bytes, common.Address, string',
  'personal_signTransaction': 'TransactionArgs, string',
  'personal_unlockAccount': 'common.Address, string, *uint64',
  'personal_unpair': 'string, string',
  'rpc_modules': '',
  'txpool_content': '',
  'txpool_contentFrom': 'common.Address',
  'txpool_inspect': '',
  'txpool_status': '',
  'warp_getBlockAggregateSignature': 'ids.ID, uint64, string',
  'warp_getBlockSignature': 'ids.ID',
  'warp_getMessage': 'ids.ID',
  'warp_getMessageAggregateSignature': 'ids.ID, uint64, string',
  'warp_getMessageSignature': 'ids.ID',
  'web3_clientVersion': '',
  'web3_sha3': 'hexutil.Bytes',
};

/** Whether a group is served by a node whose chain config leaves every API setting at its default. */
export function onByDefault(group: ServedGroup): boolean {
  if (group.switch === 'always') return true;
  if (group.switch === 'flag') return false;
  return DEFAULT_ETH_APIS.includes(group.api);
}

/** Every served method name (subscribe and unsubscribe included) → the groups that serve it. */
export function servedMethods(): Map<string, ServedGroup[]> {
  const out = new Map<string, ServedGroup[]>();
  const add = (name: string, g: ServedGroup): void => void out.set(name, [...(out.get(name) ?? []), g]);
  for (const g of EVM_SERVED) {
    for (const m of g.methods) add(m, g);
    if (g.subscriptions) {
      add(g.subscriptions.method, g);
      add(g.subscriptions.unsubscribe, g);
    }
  }
  return out;
}

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

/**
 * The Go result of each served method (the value before the error; `''` when the method returns only an error
 * or nothing, which the server answers with `null`), read from the same files as the lists above.
 */
export const GO_RESULTS: Readonly<Record<string, string>> = {
  'admin_exportChain': 'bool',
  'admin_importChain': 'bool',
  'debug_accountRange': 'state.Dump',
  'debug_blockProfile': '',
  'debug_cpuProfile': '',
  'debug_dumpBlock': 'state.Dump',
  'debug_freeOSMemory': '',
  'debug_gcStats': '*debug.GCStats',
  'debug_getAccessibleState': 'uint64',
  'debug_getBadBlocks': '[]*ethapi.BadBlockArgs',
  'debug_getModifiedAccountsByHash': '[]common.Address',
  'debug_getModifiedAccountsByNumber': '[]common.Address',
  'debug_getRawBlock': 'hexutil.Bytes',
  'debug_getRawHeader': 'hexutil.Bytes',
  'debug_getRawReceipts': '[]hexutil.Bytes',
  'debug_getRawTransaction': 'hexutil.Bytes',
  'debug_goTrace': '',
  'debug_intermediateRoots': '[]common.Hash',
  'debug_memStats': '*runtime.MemStats',
  'debug_mutexProfile': '',
  'debug_preimage': 'hexutil.Bytes',
  'debug_printBlock': 'string',
  'debug_setBlockProfileRate': '',
  'debug_setGCPercent': 'int',
  'debug_setMutexProfileFraction': '',
  'debug_stacks': 'string',
  'debug_standardTraceBadBlockToFile': '[]string',
  'debug_standardTraceBlockToFile': '[]string',
  'debug_startCPUProfile': '',
  'debug_startGoTrace': '',
  'debug_stopCPUProfile': '',
  'debug_stopGoTrace': '',
  'debug_storageRangeAt': 'StorageRangeResult',
  'debug_traceBadBlock': '[]*txTraceResult',
  'debug_traceBlock': '[]*txTraceResult',
  'debug_traceBlockByHash': '[]*txTraceResult',
  'debug_traceBlockByNumber': '[]*txTraceResult',
  'debug_traceBlockFromFile': '[]*txTraceResult',
  'debug_traceCall': 'interface{}',
  'debug_traceTransaction': 'interface{}',
  'debug_verbosity': '',
  'debug_vmodule': '',
  'debug_writeBlockProfile': '',
  'debug_writeMemProfile': '',
  'debug_writeMutexProfile': '',
  'eth_accounts': '[]common.Address',
  'eth_baseFee': '*hexutil.Big',
  'eth_blockNumber': 'hexutil.Uint64',
  'eth_call': 'hexutil.Bytes',
  'eth_callDetailed': '*DetailedExecutionResult',
  'eth_chainId': '*hexutil.Big',
  'eth_coinbase': 'common.Address',
  'eth_createAccessList': '*accessListResult',
  'eth_estimateGas': 'hexutil.Uint64',
  'eth_etherbase': 'common.Address',
  'eth_feeHistory': '*feeHistoryResult',
  'eth_fillTransaction': '*SignTransactionResult',
  'eth_gasPrice': '*hexutil.Big',
  'eth_getBadBlocks': '[]*BadBlockArgs',
  'eth_getBalance': '*hexutil.Big',
  'eth_getBlockByHash': 'map[string]interface{}',
  'eth_getBlockByNumber': 'map[string]interface{}',
  'eth_getBlockReceipts': '[]map[string]interface{}',
  'eth_getBlockTransactionCountByHash': '*hexutil.Uint',
  'eth_getBlockTransactionCountByNumber': '*hexutil.Uint',
  'eth_getChainConfig': '*params.ChainConfig',
  'eth_getCode': 'hexutil.Bytes',
  'eth_getFilterChanges': 'interface{}',
  'eth_getFilterLogs': '[]*types.Log',
  'eth_getHeaderByHash': 'map[string]interface{}',
  'eth_getHeaderByNumber': 'map[string]interface{}',
  'eth_getLogs': '[]*types.Log',
  'eth_getProof': '*AccountResult',
  'eth_getRawTransactionByBlockHashAndIndex': 'hexutil.Bytes',
  'eth_getRawTransactionByBlockNumberAndIndex': 'hexutil.Bytes',
  'eth_getRawTransactionByHash': 'hexutil.Bytes',
  'eth_getStorageAt': 'hexutil.Bytes',
  'eth_getTransactionByBlockHashAndIndex': '*RPCTransaction',
  'eth_getTransactionByBlockNumberAndIndex': '*RPCTransaction',
  'eth_getTransactionByHash': '*RPCTransaction',
  'eth_getTransactionCount': '*hexutil.Uint64',
  'eth_getTransactionReceipt': 'map[string]interface{}',
  'eth_getUncleByBlockHashAndIndex': 'map[string]interface{}',
  'eth_getUncleByBlockNumberAndIndex': 'map[string]interface{}',
  'eth_getUncleCountByBlockHash': '*hexutil.Uint',
  'eth_getUncleCountByBlockNumber': '*hexutil.Uint',
  'eth_maxPriorityFeePerGas': '*hexutil.Big',
  'eth_newBlockFilter': 'rpc.ID',
  'eth_newFilter': 'rpc.ID',
  'eth_newPendingTransactionFilter': 'rpc.ID',
  'eth_pendingTransactions': '[]*RPCTransaction',
  'eth_resend': 'common.Hash',
  'eth_sendRawTransaction': 'common.Hash',
  'eth_sendTransaction': 'common.Hash',
  'eth_sign': 'hexutil.Bytes',
  'eth_signTransaction': '*SignTransactionResult',
  'eth_suggestPriceOptions': '*PriceOptions',
  'eth_syncing': 'interface{}',
  'eth_uninstallFilter': 'bool',
  'net_listening': 'bool',
  'net_peerCount': 'hexutil.Uint',
  'net_version': 'string',
  'personal_deriveAccount': 'accounts.Account',
  'personal_ecRecover': 'common.Address',
  'personal_importRawKey': 'common.Address',
  'personal_initializeWallet': 'string',
  'personal_listAccounts': '[]common.Address',
  'personal_listWallets': '[]rawWallet',
  'personal_lockAccount': 'bool',
  'personal_newAccount': 'common.AddressEIP55',
  'personal_openWallet': '',
  'personal_sendTransaction': 'common.Hash',
  'personal_sign': 'hexutil.Bytes',
  'personal_signTransaction': '*SignTransactionResult',
  'personal_unlockAccount': 'bool',
  'personal_unpair': '',
  'rpc_modules': 'map[string]string',
  'txpool_content': 'map[string]map[string]map[string]*RPCTransaction',
  'txpool_contentFrom': 'map[string]map[string]*RPCTransaction',
  'txpool_inspect': 'map[string]map[string]map[string]string',
  'txpool_status': 'map[string]hexutil.Uint',
  'warp_getBlockAggregateSignature': 'hexutil.Bytes',
  'warp_getBlockSignature': 'hexutil.Bytes',
  'warp_getMessage': 'hexutil.Bytes',
  'warp_getMessageAggregateSignature': 'hexutil.Bytes',
  'warp_getMessageSignature': 'hexutil.Bytes',
  'web3_clientVersion': 'string',
  'web3_sha3': 'hexutil.Bytes',
};

/**
 * Go result types whose zero value is nil. The server marshals a nil pointer, map, slice or interface as JSON
 * `null`, except a named slice with a MarshalText method on its value: hexutil.Bytes writes a nil value as `0x`.
 */
export function goResultNillable(goType: string): boolean {
  return /^(\*|\[\]|map\[|interface\{\})/.test(goType) || goType === 'hexutil.Bytes';
}

export interface NilResult {
  /** Whether the node answers `null` (a nil result with a nil error) on some path. */
  readonly nil: boolean;
  /** The path that returns nil, or why none does. */
  readonly why: string;
  /** Why the spec accepts `null` although this node never sends it (another EVM node does). */
  readonly specAcceptsNull?: string;
}

const HEX_BYTES = 'hexutil.Bytes encodes a nil value as "0x", never null';
const NO_BLOCK = 'the node does not have the block';

/**
 * For each served method with a nillable Go result: whether the node really sends `null`, read from the code
 * paths at EVM_NODE_COMMIT (the backend is eth/api_backend.go; BlockByNumber and HeaderByNumber answer
 * "cannot query unfinalized data" above the last accepted block unless `allow-unfinalized-queries` is set,
 * and nil, nil for a height the node lacks, e.g. below a state-sync summary; BlockByHash and HeaderByHash
 * answer nil, nil for an unknown or non-canonical hash).
 */
export const NIL_RESULTS: Readonly<Record<string, NilResult>> = {
  debug_gcStats: { nil: false, why: 'a new debug.GCStats is always filled and returned' },
  debug_getBadBlocks: { nil: false, why: 'delegates to BlockChainAPI.GetBadBlocks, which builds its list with make' },
  debug_getModifiedAccountsByHash: { nil: true, why: 'getModifiedAccounts appends to a nil slice: no changed account between the two states leaves it nil' },
  debug_getModifiedAccountsByNumber: { nil: true, why: 'getModifiedAccounts appends to a nil slice: no changed account between the two states leaves it nil' },
  debug_getRawBlock: { nil: false, why: HEX_BYTES },
  debug_getRawHeader: { nil: false, why: HEX_BYTES },
  debug_getRawReceipts: { nil: true, why: `by number, returns nil, nil when BlockByNumberOrHash finds no block (${NO_BLOCK}); by hash, an unknown block gives []` },
  debug_getRawTransaction: { nil: false, why: HEX_BYTES },
  debug_intermediateRoots: { nil: true, why: 'appends one root per transaction to a nil slice: a block without EVM transactions (only atomic ones) gives null, as does a first transaction that fails' },
  debug_memStats: { nil: false, why: 'a new runtime.MemStats is always filled and returned' },
  debug_preimage: { nil: false, why: HEX_BYTES },
  debug_standardTraceBadBlockToFile: {
    nil: false,
    why: 'never returns a value: the bad-block search calls Hash on a nil block (the handler answers "method handler crashed"), and with no bad block it answers "bad block not found"',
  },
  debug_standardTraceBlockToFile: { nil: true, why: 'appends one file per traced transaction to a nil slice: a block without EVM transactions gives null' },
  debug_traceBadBlock: { nil: false, why: 'traceBlock builds its results with make (the bad-block search fails before it is reached)' },
  debug_traceBlock: { nil: false, why: 'traceBlock and traceBlockParallel build their results with make(len(txs))' },
  debug_traceBlockByHash: { nil: false, why: 'traceBlock and traceBlockParallel build their results with make(len(txs))' },
  debug_traceBlockByNumber: { nil: false, why: 'traceBlock and traceBlockParallel build their results with make(len(txs))' },
  debug_traceBlockFromFile: { nil: false, why: 'traceBlock and traceBlockParallel build their results with make(len(txs))' },
  debug_traceCall: { nil: true, why: "the tracer's JSON result as is: a JavaScript tracer whose result function returns null gives null" },
  debug_traceTransaction: { nil: true, why: "the tracer's JSON result as is: a JavaScript tracer whose result function returns null gives null" },
  eth_accounts: { nil: false, why: 'accounts.Manager.Accounts starts from make([]common.Address, 0)' },
  eth_baseFee: { nil: true, why: 'EstimateBaseFee answers nil, nil while the latest block has no base fee (before Apricot Phase 3 is active)' },
  eth_call: { nil: false, why: HEX_BYTES },
  eth_callDetailed: { nil: false, why: 'a new DetailedExecutionResult, or an error' },
  eth_chainId: { nil: false, why: 'the chain config always carries a chain ID' },
  eth_createAccessList: { nil: false, why: 'a new accessListResult, or an error' },
  eth_feeHistory: { nil: false, why: 'a new feeHistoryResult, or an error' },
  eth_fillTransaction: { nil: false, why: 'a new SignTransactionResult, or an error' },
  eth_gasPrice: { nil: false, why: 'SuggestPrice answers a new big.Int (the tip, plus the base fee when there is one), or an error' },
  eth_getBadBlocks: { nil: false, why: 'builds its list with make' },
  eth_getBalance: { nil: false, why: 'StateAndHeaderByNumberOrHash gives a nil state only with an error' },
  eth_getBlockByHash: { nil: true, why: 'BlockByHash answers nil, nil for an unknown or non-canonical hash' },
  eth_getBlockByNumber: { nil: true, why: `BlockByNumber answers nil, nil when ${NO_BLOCK}` },
  eth_getBlockReceipts: { nil: true, why: 'returns nil, nil when the block is not found (the lookup error is dropped too)' },
  eth_getBlockTransactionCountByHash: { nil: true, why: 'returns nil when BlockByHash finds no block (its error is dropped)' },
  eth_getBlockTransactionCountByNumber: { nil: true, why: 'returns nil when BlockByNumber finds no block (its error is dropped)' },
  eth_getChainConfig: { nil: false, why: "the backend's chain config, never nil on a running chain" },
  eth_getCode: { nil: false, why: HEX_BYTES },
  eth_getFilterChanges: { nil: false, why: 'returnHashes and returnLogs turn nil into [], the transaction lists are built with make' },
  eth_getFilterLogs: { nil: false, why: 'returnLogs turns nil into []' },
  eth_getHeaderByHash: { nil: true, why: 'HeaderByHash answers nil, nil for an unknown or non-canonical hash (its error is dropped)' },
  eth_getHeaderByNumber: { nil: true, why: `HeaderByNumber answers nil, nil when ${NO_BLOCK}` },
  eth_getLogs: { nil: false, why: 'returnLogs turns nil into []' },
  eth_getProof: { nil: false, why: 'a new AccountResult, or an error' },
  eth_getRawTransactionByBlockHashAndIndex: { nil: false, why: HEX_BYTES, specAcceptsNull: 'other EVM nodes (anvil among them) answer null for a missing block or index' },
  eth_getRawTransactionByBlockNumberAndIndex: { nil: false, why: HEX_BYTES, specAcceptsNull: 'other EVM nodes (anvil among them) answer null for a missing block or index' },
  eth_getRawTransactionByHash: { nil: false, why: HEX_BYTES, specAcceptsNull: 'other EVM nodes (anvil among them) answer null for an unknown hash' },
  eth_getStorageAt: { nil: false, why: HEX_BYTES },
  eth_getTransactionByBlockHashAndIndex: { nil: true, why: 'returns nil for an unknown block or an index past its last transaction' },
  eth_getTransactionByBlockNumberAndIndex: { nil: true, why: 'returns nil for a missing block or an index past its last transaction' },
  eth_getTransactionByHash: { nil: true, why: 'returns nil, nil when neither an accepted block nor the pool holds the transaction' },
  eth_getTransactionCount: { nil: false, why: 'the pool nonce, or the state nonce; StateAndHeaderByNumberOrHash gives a nil state only with an error' },
  eth_getTransactionReceipt: { nil: true, why: 'returns nil, nil for a transaction not in an accepted block (unknown, or still pending)' },
  eth_getUncleByBlockHashAndIndex: { nil: true, why: 'C-Chain blocks have no uncles: every index answers nil, as does an unknown block' },
  eth_getUncleByBlockNumberAndIndex: { nil: true, why: 'C-Chain blocks have no uncles: every index answers nil, as does a missing block' },
  eth_getUncleCountByBlockHash: { nil: true, why: 'returns nil when BlockByHash finds no block' },
  eth_getUncleCountByBlockNumber: { nil: true, why: 'returns nil when BlockByNumber finds no block' },
  eth_maxPriorityFeePerGas: { nil: false, why: 'SuggestTipCap answers a new big.Int, or an error' },
  eth_pendingTransactions: { nil: false, why: 'builds its list with make' },
  eth_sign: { nil: false, why: HEX_BYTES },
  eth_signTransaction: { nil: false, why: 'a new SignTransactionResult, or an error' },
  eth_suggestPriceOptions: { nil: true, why: 'returns nil, nil while the chain has no base fee (dynamic fees not active)' },
  eth_syncing: { nil: false, why: 'always answers false, nil (the node reports no sync progress here)' },
  personal_listAccounts: { nil: false, why: 'accounts.Manager.Accounts starts from make([]common.Address, 0)' },
  personal_listWallets: { nil: false, why: 'builds its list with make' },
  personal_sign: { nil: false, why: HEX_BYTES },
  personal_signTransaction: { nil: false, why: 'a new SignTransactionResult, or an error' },
  rpc_modules: { nil: false, why: 'builds its map with make' },
  txpool_content: { nil: false, why: 'a map literal with pending and queued' },
  txpool_contentFrom: { nil: false, why: 'builds its map with make' },
  txpool_inspect: { nil: false, why: 'a map literal with pending and queued' },
  txpool_status: { nil: false, why: 'a map literal with pending and queued' },
  warp_getBlockAggregateSignature: { nil: false, why: HEX_BYTES },
  warp_getBlockSignature: { nil: false, why: HEX_BYTES },
  warp_getMessage: { nil: false, why: HEX_BYTES },
  warp_getMessageAggregateSignature: { nil: false, why: HEX_BYTES },
  warp_getMessageSignature: { nil: false, why: HEX_BYTES },
  web3_sha3: { nil: false, why: HEX_BYTES },
};

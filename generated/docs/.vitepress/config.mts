// Generated from the spec by the docs emitter (templates/docs/vitepress.config.mts.hbs): do not edit.
import { defineConfig } from 'vitepress';

export default defineConfig({
  title: '@noderpc/client',
  description:
    "Typed JSON-RPC clients, validators, server stubs and a mock for the node's Info, P-Chain and EVM chain APIs.",
  lang: 'en-US',
  cleanUrls: false,
  lastUpdated: false,
  // Dead links fail the build.
  ignoreDeadLinks: false,
  // No favicon request (a 404 in every browser console).
  head: [['link', { rel: 'icon', href: 'data:,' }]],
  vite: {
    // Pages of a large service compile to large chunks; that is expected here.
    build: { chunkSizeWarningLimit: 4096 },
  },
  themeConfig: {
    // Local full-text search: the index is built into the site, nothing is fetched from elsewhere.
    search: { provider: 'local' },
    outline: { level: [2, 3] },
    nav: [
      {
        text: 'Overview',
        link: '/',
      },
      {
        text: 'Services',
        items: [
          {
            text: 'Info API',
            link: '/info',
          },
          {
            text: 'P-Chain API',
            link: '/platform',
          },
          {
            text: 'Native API (EVM chain)',
            link: '/native',
          },
          {
            text: 'Admin API (EVM chain)',
            link: '/admin',
          },
          {
            text: 'EVM chain JSON-RPC (C-Chain)',
            link: '/evm/',
          },
        ],
      },
      {
        text: 'Types',
        link: '/types',
      },
    ],
    sidebar: [
      {
        text: 'Overview',
        link: '/',
      },
      {
        text: 'Info API',
        link: '/info',
        collapsed: true,
        items: [
          {
            text: 'info.acps',
            link: '/info#info-acps',
          },
          {
            text: 'info.isBootstrapped',
            link: '/info#info-isBootstrapped',
          },
          {
            text: 'info.getBlockchainID',
            link: '/info#info-getBlockchainID',
          },
          {
            text: 'info.getNetworkID',
            link: '/info#info-getNetworkID',
          },
          {
            text: 'info.getNetworkName',
            link: '/info#info-getNetworkName',
          },
          {
            text: 'info.getNodeID',
            link: '/info#info-getNodeID',
          },
          {
            text: 'info.getNodeIP',
            link: '/info#info-getNodeIP',
          },
          {
            text: 'info.getNodeVersion',
            link: '/info#info-getNodeVersion',
          },
          {
            text: 'info.getTxFee',
            link: '/info#info-getTxFee',
          },
          {
            text: 'info.getVMs',
            link: '/info#info-getVMs',
          },
          {
            text: 'info.peers',
            link: '/info#info-peers',
          },
          {
            text: 'info.uptime',
            link: '/info#info-uptime',
          },
          {
            text: 'info.upgrades',
            link: '/info#info-upgrades',
          },
        ],
      },
      {
        text: 'P-Chain API',
        link: '/platform',
        collapsed: true,
        items: [
          {
            text: 'platform.getBalance',
            link: '/platform#platform-getBalance',
          },
          {
            text: 'platform.getBlock',
            link: '/platform#platform-getBlock',
          },
          {
            text: 'platform.getBlockByHeight',
            link: '/platform#platform-getBlockByHeight',
          },
          {
            text: 'platform.getBlockchains',
            link: '/platform#platform-getBlockchains',
          },
          {
            text: 'platform.getBlockchainStatus',
            link: '/platform#platform-getBlockchainStatus',
          },
          {
            text: 'platform.getCurrentSupply',
            link: '/platform#platform-getCurrentSupply',
          },
          {
            text: 'platform.getCurrentValidators',
            link: '/platform#platform-getCurrentValidators',
          },
          {
            text: 'platform.getFeeConfig',
            link: '/platform#platform-getFeeConfig',
          },
          {
            text: 'platform.getFeeState',
            link: '/platform#platform-getFeeState',
          },
          {
            text: 'platform.getHeight',
            link: '/platform#platform-getHeight',
          },
          {
            text: 'platform.getL1Validator',
            link: '/platform#platform-getL1Validator',
          },
          {
            text: 'platform.getProposedHeight',
            link: '/platform#platform-getProposedHeight',
          },
          {
            text: 'platform.getMinStake',
            link: '/platform#platform-getMinStake',
          },
          {
            text: 'platform.getRewardUTXOs',
            link: '/platform#platform-getRewardUTXOs',
          },
          {
            text: 'platform.getStake',
            link: '/platform#platform-getStake',
          },
          {
            text: 'platform.getStakingAssetID',
            link: '/platform#platform-getStakingAssetID',
          },
          {
            text: 'platform.getSubnet',
            link: '/platform#platform-getSubnet',
          },
          {
            text: 'platform.getSubnets',
            link: '/platform#platform-getSubnets',
          },
          {
            text: 'platform.getTimestamp',
            link: '/platform#platform-getTimestamp',
          },
          {
            text: 'platform.getTotalStake',
            link: '/platform#platform-getTotalStake',
          },
          {
            text: 'platform.getTx',
            link: '/platform#platform-getTx',
          },
          {
            text: 'platform.getTxStatus',
            link: '/platform#platform-getTxStatus',
          },
          {
            text: 'platform.getUTXOs',
            link: '/platform#platform-getUTXOs',
          },
          {
            text: 'platform.getValidatorsAt',
            link: '/platform#platform-getValidatorsAt',
          },
          {
            text: 'platform.getValidatorFeeConfig',
            link: '/platform#platform-getValidatorFeeConfig',
          },
          {
            text: 'platform.getValidatorFeeState',
            link: '/platform#platform-getValidatorFeeState',
          },
          {
            text: 'platform.issueTx',
            link: '/platform#platform-issueTx',
          },
          {
            text: 'platform.sampleValidators',
            link: '/platform#platform-sampleValidators',
          },
          {
            text: 'platform.validatedBy',
            link: '/platform#platform-validatedBy',
          },
          {
            text: 'platform.validates',
            link: '/platform#platform-validates',
          },
        ],
      },
      {
        text: 'Native API (EVM chain)',
        link: '/native',
        collapsed: true,
        items: [
          {
            text: 'native.export',
            link: '/native#native-export',
          },
          {
            text: 'native.exportNATIVE',
            link: '/native#native-exportNATIVE',
          },
          {
            text: 'native.exportKey',
            link: '/native#native-exportKey',
          },
          {
            text: 'native.getAtomicTx',
            link: '/native#native-getAtomicTx',
          },
          {
            text: 'native.getAtomicTxStatus',
            link: '/native#native-getAtomicTxStatus',
          },
          {
            text: 'native.getUTXOs',
            link: '/native#native-getUTXOs',
          },
          {
            text: 'native.import',
            link: '/native#native-import',
          },
          {
            text: 'native.importNATIVE',
            link: '/native#native-importNATIVE',
          },
          {
            text: 'native.importKey',
            link: '/native#native-importKey',
          },
          {
            text: 'native.issueTx',
            link: '/native#native-issueTx',
          },
        ],
      },
      {
        text: 'Admin API (EVM chain)',
        link: '/admin',
        collapsed: true,
        items: [
          {
            text: 'admin.setLogLevel',
            link: '/admin#admin-setLogLevel',
          },
          {
            text: 'admin.startCPUProfiler',
            link: '/admin#admin-startCPUProfiler',
          },
          {
            text: 'admin.stopCPUProfiler',
            link: '/admin#admin-stopCPUProfiler',
          },
          {
            text: 'admin.memoryProfile',
            link: '/admin#admin-memoryProfile',
          },
          {
            text: 'admin.lockProfile',
            link: '/admin#admin-lockProfile',
          },
        ],
      },
      {
        text: 'EVM chain JSON-RPC (C-Chain)',
        collapsed: true,
        items: [
          {
            text: 'Overview',
            link: '/evm/',
          },
          {
            text: 'eth',
            link: '/evm/eth',
            collapsed: true,
            items: [
              {
                text: 'eth_chainId',
                link: '/evm/eth#eth_chainId',
              },
              {
                text: 'eth_blockNumber',
                link: '/evm/eth#eth_blockNumber',
              },
              {
                text: 'eth_getBlockByNumber',
                link: '/evm/eth#eth_getBlockByNumber',
              },
              {
                text: 'eth_getBlockByHash',
                link: '/evm/eth#eth_getBlockByHash',
              },
              {
                text: 'eth_getHeaderByNumber',
                link: '/evm/eth#eth_getHeaderByNumber',
              },
              {
                text: 'eth_getHeaderByHash',
                link: '/evm/eth#eth_getHeaderByHash',
              },
              {
                text: 'eth_getBlockTransactionCountByNumber',
                link: '/evm/eth#eth_getBlockTransactionCountByNumber',
              },
              {
                text: 'eth_getBlockTransactionCountByHash',
                link: '/evm/eth#eth_getBlockTransactionCountByHash',
              },
              {
                text: 'eth_getUncleByBlockNumberAndIndex',
                link: '/evm/eth#eth_getUncleByBlockNumberAndIndex',
              },
              {
                text: 'eth_getUncleByBlockHashAndIndex',
                link: '/evm/eth#eth_getUncleByBlockHashAndIndex',
              },
              {
                text: 'eth_getUncleCountByBlockNumber',
                link: '/evm/eth#eth_getUncleCountByBlockNumber',
              },
              {
                text: 'eth_getUncleCountByBlockHash',
                link: '/evm/eth#eth_getUncleCountByBlockHash',
              },
              {
                text: 'eth_getBlockReceipts',
                link: '/evm/eth#eth_getBlockReceipts',
              },
              {
                text: 'eth_getTransactionByHash',
                link: '/evm/eth#eth_getTransactionByHash',
              },
              {
                text: 'eth_getTransactionByBlockNumberAndIndex',
                link: '/evm/eth#eth_getTransactionByBlockNumberAndIndex',
              },
              {
                text: 'eth_getTransactionByBlockHashAndIndex',
                link: '/evm/eth#eth_getTransactionByBlockHashAndIndex',
              },
              {
                text: 'eth_getRawTransactionByHash',
                link: '/evm/eth#eth_getRawTransactionByHash',
              },
              {
                text: 'eth_getRawTransactionByBlockNumberAndIndex',
                link: '/evm/eth#eth_getRawTransactionByBlockNumberAndIndex',
              },
              {
                text: 'eth_getRawTransactionByBlockHashAndIndex',
                link: '/evm/eth#eth_getRawTransactionByBlockHashAndIndex',
              },
              {
                text: 'eth_getTransactionReceipt',
                link: '/evm/eth#eth_getTransactionReceipt',
              },
              {
                text: 'eth_pendingTransactions',
                link: '/evm/eth#eth_pendingTransactions',
              },
              {
                text: 'eth_getBalance',
                link: '/evm/eth#eth_getBalance',
              },
              {
                text: 'eth_getCode',
                link: '/evm/eth#eth_getCode',
              },
              {
                text: 'eth_getStorageAt',
                link: '/evm/eth#eth_getStorageAt',
              },
              {
                text: 'eth_getTransactionCount',
                link: '/evm/eth#eth_getTransactionCount',
              },
              {
                text: 'eth_getProof',
                link: '/evm/eth#eth_getProof',
              },
              {
                text: 'eth_getStorageValues',
                link: '/evm/eth#eth_getStorageValues',
              },
              {
                text: 'eth_call',
                link: '/evm/eth#eth_call',
              },
              {
                text: 'eth_estimateGas',
                link: '/evm/eth#eth_estimateGas',
              },
              {
                text: 'eth_createAccessList',
                link: '/evm/eth#eth_createAccessList',
              },
              {
                text: 'eth_callDetailed',
                link: '/evm/eth#eth_callDetailed',
              },
              {
                text: 'eth_simulateV1',
                link: '/evm/eth#eth_simulateV1',
              },
              {
                text: 'eth_gasPrice',
                link: '/evm/eth#eth_gasPrice',
              },
              {
                text: 'eth_baseFee',
                link: '/evm/eth#eth_baseFee',
              },
              {
                text: 'eth_maxPriorityFeePerGas',
                link: '/evm/eth#eth_maxPriorityFeePerGas',
              },
              {
                text: 'eth_feeHistory',
                link: '/evm/eth#eth_feeHistory',
              },
              {
                text: 'eth_blobBaseFee',
                link: '/evm/eth#eth_blobBaseFee',
              },
              {
                text: 'eth_suggestPriceOptions',
                link: '/evm/eth#eth_suggestPriceOptions',
              },
              {
                text: 'eth_getChainConfig',
                link: '/evm/eth#eth_getChainConfig',
              },
              {
                text: 'eth_syncing',
                link: '/evm/eth#eth_syncing',
              },
              {
                text: 'eth_coinbase',
                link: '/evm/eth#eth_coinbase',
              },
              {
                text: 'eth_etherbase',
                link: '/evm/eth#eth_etherbase',
              },
              {
                text: 'eth_getBadBlocks',
                link: '/evm/eth#eth_getBadBlocks',
              },
              {
                text: 'eth_capabilities',
                link: '/evm/eth#eth_capabilities',
              },
              {
                text: 'eth_config',
                link: '/evm/eth#eth_config',
              },
              {
                text: 'eth_getBlockAccessList',
                link: '/evm/eth#eth_getBlockAccessList',
              },
              {
                text: 'eth_getLogs',
                link: '/evm/eth#eth_getLogs',
              },
              {
                text: 'eth_newFilter',
                link: '/evm/eth#eth_newFilter',
              },
              {
                text: 'eth_newBlockFilter',
                link: '/evm/eth#eth_newBlockFilter',
              },
              {
                text: 'eth_newPendingTransactionFilter',
                link: '/evm/eth#eth_newPendingTransactionFilter',
              },
              {
                text: 'eth_getFilterChanges',
                link: '/evm/eth#eth_getFilterChanges',
              },
              {
                text: 'eth_getFilterLogs',
                link: '/evm/eth#eth_getFilterLogs',
              },
              {
                text: 'eth_uninstallFilter',
                link: '/evm/eth#eth_uninstallFilter',
              },
              {
                text: 'eth_sendRawTransaction',
                link: '/evm/eth#eth_sendRawTransaction',
              },
              {
                text: 'eth_sendTransaction',
                link: '/evm/eth#eth_sendTransaction',
              },
              {
                text: 'eth_signTransaction',
                link: '/evm/eth#eth_signTransaction',
              },
              {
                text: 'eth_fillTransaction',
                link: '/evm/eth#eth_fillTransaction',
              },
              {
                text: 'eth_sign',
                link: '/evm/eth#eth_sign',
              },
              {
                text: 'eth_resend',
                link: '/evm/eth#eth_resend',
              },
              {
                text: 'eth_accounts',
                link: '/evm/eth#eth_accounts',
              },
              {
                text: 'eth_subscribe',
                link: '/evm/eth#eth_subscribe',
              },
              {
                text: 'eth_unsubscribe',
                link: '/evm/eth#eth_unsubscribe',
              },
            ],
          },
          {
            text: 'web3',
            link: '/evm/web3',
            collapsed: true,
            items: [
              {
                text: 'web3_clientVersion',
                link: '/evm/web3#web3_clientVersion',
              },
              {
                text: 'web3_sha3',
                link: '/evm/web3#web3_sha3',
              },
            ],
          },
          {
            text: 'net',
            link: '/evm/net',
            collapsed: true,
            items: [
              {
                text: 'net_version',
                link: '/evm/net#net_version',
              },
              {
                text: 'net_listening',
                link: '/evm/net#net_listening',
              },
              {
                text: 'net_peerCount',
                link: '/evm/net#net_peerCount',
              },
            ],
          },
          {
            text: 'txpool',
            link: '/evm/txpool',
            collapsed: true,
            items: [
              {
                text: 'txpool_content',
                link: '/evm/txpool#txpool_content',
              },
              {
                text: 'txpool_contentFrom',
                link: '/evm/txpool#txpool_contentFrom',
              },
              {
                text: 'txpool_inspect',
                link: '/evm/txpool#txpool_inspect',
              },
              {
                text: 'txpool_status',
                link: '/evm/txpool#txpool_status',
              },
            ],
          },
          {
            text: 'personal',
            link: '/evm/personal',
            collapsed: true,
            items: [
              {
                text: 'personal_listAccounts',
                link: '/evm/personal#personal_listAccounts',
              },
              {
                text: 'personal_listWallets',
                link: '/evm/personal#personal_listWallets',
              },
              {
                text: 'personal_openWallet',
                link: '/evm/personal#personal_openWallet',
              },
              {
                text: 'personal_deriveAccount',
                link: '/evm/personal#personal_deriveAccount',
              },
              {
                text: 'personal_newAccount',
                link: '/evm/personal#personal_newAccount',
              },
              {
                text: 'personal_importRawKey',
                link: '/evm/personal#personal_importRawKey',
              },
              {
                text: 'personal_unlockAccount',
                link: '/evm/personal#personal_unlockAccount',
              },
              {
                text: 'personal_lockAccount',
                link: '/evm/personal#personal_lockAccount',
              },
              {
                text: 'personal_sendTransaction',
                link: '/evm/personal#personal_sendTransaction',
              },
              {
                text: 'personal_signTransaction',
                link: '/evm/personal#personal_signTransaction',
              },
              {
                text: 'personal_sign',
                link: '/evm/personal#personal_sign',
              },
              {
                text: 'personal_ecRecover',
                link: '/evm/personal#personal_ecRecover',
              },
              {
                text: 'personal_initializeWallet',
                link: '/evm/personal#personal_initializeWallet',
              },
              {
                text: 'personal_unpair',
                link: '/evm/personal#personal_unpair',
              },
            ],
          },
          {
            text: 'debug',
            link: '/evm/debug',
            collapsed: true,
            items: [
              {
                text: 'debug_getRawHeader',
                link: '/evm/debug#debug_getRawHeader',
              },
              {
                text: 'debug_getRawBlock',
                link: '/evm/debug#debug_getRawBlock',
              },
              {
                text: 'debug_getRawReceipts',
                link: '/evm/debug#debug_getRawReceipts',
              },
              {
                text: 'debug_getRawTransaction',
                link: '/evm/debug#debug_getRawTransaction',
              },
              {
                text: 'debug_getRawBlockAccessList',
                link: '/evm/debug#debug_getRawBlockAccessList',
              },
              {
                text: 'debug_printBlock',
                link: '/evm/debug#debug_printBlock',
              },
              {
                text: 'debug_dumpBlock',
                link: '/evm/debug#debug_dumpBlock',
              },
              {
                text: 'debug_accountRange',
                link: '/evm/debug#debug_accountRange',
              },
              {
                text: 'debug_storageRangeAt',
                link: '/evm/debug#debug_storageRangeAt',
              },
              {
                text: 'debug_getModifiedAccountsByNumber',
                link: '/evm/debug#debug_getModifiedAccountsByNumber',
              },
              {
                text: 'debug_getModifiedAccountsByHash',
                link: '/evm/debug#debug_getModifiedAccountsByHash',
              },
              {
                text: 'debug_getAccessibleState',
                link: '/evm/debug#debug_getAccessibleState',
              },
              {
                text: 'debug_preimage',
                link: '/evm/debug#debug_preimage',
              },
              {
                text: 'debug_getBadBlocks',
                link: '/evm/debug#debug_getBadBlocks',
              },
              {
                text: 'debug_traceTransaction',
                link: '/evm/debug#debug_traceTransaction',
              },
              {
                text: 'debug_traceCall',
                link: '/evm/debug#debug_traceCall',
              },
              {
                text: 'debug_traceBlockByNumber',
                link: '/evm/debug#debug_traceBlockByNumber',
              },
              {
                text: 'debug_traceBlockByHash',
                link: '/evm/debug#debug_traceBlockByHash',
              },
              {
                text: 'debug_traceBadBlock',
                link: '/evm/debug#debug_traceBadBlock',
              },
              {
                text: 'debug_intermediateRoots',
                link: '/evm/debug#debug_intermediateRoots',
              },
              {
                text: 'debug_traceBlockFromFile',
                link: '/evm/debug#debug_traceBlockFromFile',
              },
              {
                text: 'debug_standardTraceBlockToFile',
                link: '/evm/debug#debug_standardTraceBlockToFile',
              },
              {
                text: 'debug_standardTraceBadBlockToFile',
                link: '/evm/debug#debug_standardTraceBadBlockToFile',
              },
              {
                text: 'debug_subscribe',
                link: '/evm/debug#debug_subscribe',
              },
              {
                text: 'debug_unsubscribe',
                link: '/evm/debug#debug_unsubscribe',
              },
              {
                text: 'debug_verbosity',
                link: '/evm/debug#debug_verbosity',
              },
              {
                text: 'debug_vmodule',
                link: '/evm/debug#debug_vmodule',
              },
              {
                text: 'debug_memStats',
                link: '/evm/debug#debug_memStats',
              },
              {
                text: 'debug_gcStats',
                link: '/evm/debug#debug_gcStats',
              },
              {
                text: 'debug_cpuProfile',
                link: '/evm/debug#debug_cpuProfile',
              },
              {
                text: 'debug_startCPUProfile',
                link: '/evm/debug#debug_startCPUProfile',
              },
              {
                text: 'debug_stopCPUProfile',
                link: '/evm/debug#debug_stopCPUProfile',
              },
              {
                text: 'debug_goTrace',
                link: '/evm/debug#debug_goTrace',
              },
              {
                text: 'debug_startGoTrace',
                link: '/evm/debug#debug_startGoTrace',
              },
              {
                text: 'debug_stopGoTrace',
                link: '/evm/debug#debug_stopGoTrace',
              },
              {
                text: 'debug_blockProfile',
                link: '/evm/debug#debug_blockProfile',
              },
              {
                text: 'debug_setBlockProfileRate',
                link: '/evm/debug#debug_setBlockProfileRate',
              },
              {
                text: 'debug_writeBlockProfile',
                link: '/evm/debug#debug_writeBlockProfile',
              },
              {
                text: 'debug_mutexProfile',
                link: '/evm/debug#debug_mutexProfile',
              },
              {
                text: 'debug_setMutexProfileFraction',
                link: '/evm/debug#debug_setMutexProfileFraction',
              },
              {
                text: 'debug_writeMutexProfile',
                link: '/evm/debug#debug_writeMutexProfile',
              },
              {
                text: 'debug_writeMemProfile',
                link: '/evm/debug#debug_writeMemProfile',
              },
              {
                text: 'debug_stacks',
                link: '/evm/debug#debug_stacks',
              },
              {
                text: 'debug_freeOSMemory',
                link: '/evm/debug#debug_freeOSMemory',
              },
              {
                text: 'debug_setGCPercent',
                link: '/evm/debug#debug_setGCPercent',
              },
            ],
          },
        ],
      },
      {
        text: 'Types',
        link: '/types',
      },
    ],
  },
});

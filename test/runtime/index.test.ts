/**
 * The runtime index re-exports with `export *` (see runtime/index.ts): what it offers is then whatever the
 * modules it names export. This pins the public values, so an internal export added to one of those modules
 * (or a name lost between two of them) shows up here.
 */
import { expect, it } from 'vitest';
import * as runtime from '../../runtime/index.js';

it('the runtime index exports exactly the public values', () => {
  expect(Object.keys(runtime).sort()).toEqual(
    [
      'AbortError', 'BufferOverflowError', 'CodecError', 'DecodeError', 'EncodeError', 'HttpError', 'NodeRpcError', 'ProtocolError',
      'ResponseValidationError', 'RpcError', 'TimeoutError', 'TransportError', 'TransportPool', 'UTXO_PAGINATION', 'UnsupportedError', 'appendErrors',
      'backoff', 'batch', 'call', 'callHttpGet', 'createFallbackTransport', 'createHttpTransport', 'createLog', 'createLogging', 'createWebSocketTransport', 'decode',
      'encode', 'encodeParams', 'endpointUrl', 'formatIssues', 'logRetries', 'mayRepeat', 'paginate', 'paginateByIndex', 'prepare',
      'retryAfter', 'retryBackoff', 'retryReason', 'secretValues', 'subscribe', 'surelyUnsent', 'toIssues', 'toWebSocketUrl', 'tooLarge',
      'withBackfill', 'withLogging', 'withMiddleware', 'withRetry',
      // units.ts
      'EVM_UNITS', 'NATIVE_DECIMALS', 'UnitError', 'formatEther', 'formatGwei', 'formatNative', 'formatUnits', 'parseEther', 'parseGwei',
      'parseNative', 'parseUnits',
    ].sort(),
  );
  // Two names for two different functions: the retry layer's delay and the WebSocket reconnect's.
  expect(runtime.retryBackoff).not.toBe(runtime.backoff);
});

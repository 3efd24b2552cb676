/** The client runtime: transports, calls, batches, subscriptions, pagination and errors. */
export { batch, call, encodeParams, prepare, secretValues, subscribe } from "./call.js";
export { CodecError, decode, encode } from "./codec.js";
export { TransportPool, endpointUrl, toWebSocketUrl } from "./endpoints.js";
export { AbortError, BufferOverflowError, DecodeError, EncodeError, HttpError, NodeRpcError, ProtocolError, ResponseValidationError, RpcError, TimeoutError, TransportError, UnsupportedError } from "./errors.js";
export { withBackfill } from "./backfill.js";
export { createFallbackTransport } from "./fallback.js";
export { createHttpTransport } from "./http.js";
export { createLog, logRetries, withLogging } from "./log.js";
export { withMiddleware } from "./middleware.js";
export { backoff as retryBackoff, mayRepeat, retryAfter, retryReason, surelyUnsent, tooLarge, withRetry } from "./retry.js";
export { UTXO_PAGINATION, paginate, paginateByIndex } from "./paginate.js";
export { formatIssues, toIssues } from "./validate.js";
export { backoff, createWebSocketTransport } from "./ws.js";

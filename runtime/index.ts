/** The client runtime: transports, calls, batches, subscriptions, pagination and errors. */
export { batch, call, encodeParams, prepare, secretValues, subscribe } from './call.js';
export type { BatchResult, CallOptions, PreparedCall, ResultOf, SubscribeCallOptions } from './call.js';
export { CodecError, decode, encode } from './codec.js';
export type { Plan } from './codec.js';
export { TransportPool, endpointUrl, toWebSocketUrl } from './endpoints.js';
export type { NodeClientOptions } from './endpoints.js';
export {
  AbortError,
  BufferOverflowError,
  DecodeError,
  EncodeError,
  HttpError,
  NodeRpcError,
  ProtocolError,
  ResponseValidationError,
  RpcError,
  TimeoutError,
  TransportError,
  UnsupportedError,
} from './errors.js';
export type { ErrorContext, JsonRpcErrorObject } from './errors.js';
export { withBackfill } from './backfill.js';
export type { BackfillOptions } from './backfill.js';
export { createFallbackTransport } from './fallback.js';
export type { FallbackOptions, FallbackTransport, RankOptions } from './fallback.js';
export { createHttpTransport } from './http.js';
export { createLog, logRetries, withLogging } from './log.js';
export type { LogLevel, LogOptions, LogRecord, Logger } from './log.js';
export { withMiddleware } from './middleware.js';
export type { HttpRequest, Middleware, Next } from './middleware.js';
export { backoff as retryBackoff, mayRepeat, retryAfter, retryReason, surelyUnsent, tooLarge, withRetry } from './retry.js';
export type { RetryEvent, RetryOptions } from './retry.js';
export type { AutoBatchOptions, FetchLike, FetchResponseLike, HttpTransport, HttpTransportOptions } from './http.js';
export type { Effect, MethodMeta, ServiceMeta, SubscriptionMeta, ValidationIssue, Validator, ValidatorModule } from './meta.js';
export { UTXO_PAGINATION, paginate, paginateByIndex } from './paginate.js';
export type { IndexPagination, PaginateOptions } from './paginate.js';
export type { HeadersLike, RequestOptions, ResponseInfo, RpcCall, Settled, SubscribeOptions, Subscription, SubscriptionTarget, Transport } from './transport.js';
export { formatIssues, toIssues } from './validate.js';
export type { AjvErrorLike } from './validate.js';
export { backoff, createWebSocketTransport } from './ws.js';
export type { KeepAliveOptions, ReconnectOptions, WebSocketConstructor, WebSocketLike, WebSocketTransport, WebSocketTransportOptions } from './ws.js';

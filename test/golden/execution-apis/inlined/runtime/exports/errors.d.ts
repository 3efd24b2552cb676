/** The error classes (errors.ts gathers them from error-base, error-transport and error-forms). */
export { AbortError, BufferOverflowError, DecodeError, EncodeError, HttpError, NodeRpcError, ProtocolError, ResponseValidationError, RpcError, TimeoutError, TransportError, UnsupportedError } from "../errors.js";
export type { ErrorContext, JsonRpcErrorObject } from "../errors.js";

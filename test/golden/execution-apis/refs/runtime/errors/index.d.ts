/**
* Every error the client runtime throws. All extend `NodeRpcError`, so one `instanceof` check tells a
* failure of the call apart from a bug in the caller's own code. The classes live in three modules (base,
* transport, forms) so a bundler keeps only those a program uses; this module names the public ones (the
* runtime index re-exports it), with `formatIssues`, which writes ResponseValidationError's message.
*/
export { NodeRpcError, RpcError } from "./base.js";
export type { ErrorContext, JsonRpcErrorObject } from "./base.js";
export { AbortError, HttpError, ProtocolError, TimeoutError, TransportError } from "./transport.js";
export { BufferOverflowError, DecodeError, EncodeError, formatIssues, ResponseValidationError, UnsupportedError } from "./forms.js";

/**
 * The contract between the generated clients and a transport (HTTP or WebSocket). Transports move wire-form
 * JSON-RPC calls; encoding, validation and decoding happen above them, in call.ts.
 */
export {};

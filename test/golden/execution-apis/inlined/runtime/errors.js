/**
* Every error the client runtime throws. All extend `NodeRpcError`, so one `instanceof` check tells a
* failure of the call apart from a bug in the caller's own code. The classes live in three modules (base,
* transport, forms) so a bundler keeps only those a program uses; this module gathers them.
*/
export * from "./error-base.js";
export * from "./error-transport.js";
export * from "./error-forms.js";

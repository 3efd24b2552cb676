/**
* The client runtime: transports, calls, batches, subscriptions, pagination and errors.
*
* Only `export *`, of modules that export public names only (errors.ts is the list of the public ones of the
* error modules): a module made only of `export *` is no part of a bundle, so a bundler follows just the
* modules whose names a program imports. A named re-export here would put this module, and every module it
* names, in the graph of any program that imports anything from it, and esbuild then places all the code of
* those modules that any chunk uses (the error classes, which the lazily loaded failure paths throw;
* `toIssues`, which the lazily loaded validators call) in the chunks loaded up front. Type-only exports leave
* nothing in the JavaScript.
*/
export * from "./client/call-api.js";
export * from "./client/codec.js";
export * from "./errors/index.js";
export * from "./client/endpoints.js";
export * from "./client/backfill.js";
export * from "./transports/fallback.js";
export * from "./transports/http.js";
export * from "./transports/log.js";
export * from "./transports/middleware.js";
export * from "./transports/retry.js";
export * from "./client/paginate.js";
export { callHttpGet, type HttpGetResult } from "./client/http-get.js";
export * from "./client/validate.js";
export * from "./client/units.js";
export * from "./transports/ws.js";
export type { Effect, HttpGetMeta, MethodMeta, ServiceMeta, SubscriptionMeta, ValidationIssue, Validator, ValidatorModule, ValidatorTable } from "./client/meta.js";
export type { HeadersLike, HttpGetReply, RequestOptions, ResponseInfo, RpcCall, Settled, SubscribeOptions, Subscription, SubscriptionTarget, Transport } from "./transports/transport.js";

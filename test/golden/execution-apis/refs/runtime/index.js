/**
* The client runtime: transports, calls, batches, subscriptions, pagination and errors.
*
* Values come through `export *` of the facades in exports/ (each names the public part of one module),
* never through named re-exports: a module made only of `export *` is no part of a bundle, and a bundler
* follows only the facades a program imports from. A named re-export here would put this module, and every
* module it names, in the graph of any program that imports anything from it; esbuild then places all the
* code of those modules that any chunk uses (the error classes, which the lazily loaded failure paths
* throw) in the chunks loaded up front. Type-only exports leave nothing in the JavaScript.
*/
export * from "./exports/call.js";
export * from "./exports/batch.js";
export * from "./exports/subscribe.js";
export * from "./exports/codec.js";
export * from "./exports/endpoints.js";
export * from "./exports/errors.js";
export * from "./exports/backfill.js";
export * from "./exports/fallback.js";
export * from "./exports/http.js";
export * from "./exports/log.js";
export * from "./exports/middleware.js";
export * from "./exports/retry.js";
export * from "./exports/paginate.js";
export * from "./exports/validate.js";
export * from "./exports/ws.js";

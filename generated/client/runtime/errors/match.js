/**
* The guard behind each generated `is<Method>Error`. Its own module: a method module imports it, and a
* bundler follows every import of a module it keeps, used or not; through this module the error classes
* reach only a program that calls a guard.
*/
import { RpcError } from "./base.js";
/** Whether `error` is the server's JSON-RPC error with one of `codes`. */
export function hasErrorCode(error, codes) {
	return error instanceof RpcError && codes.includes(error.code);
}

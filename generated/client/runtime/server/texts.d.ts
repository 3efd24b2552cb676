/**
* Error wording per flavor. `standard`: JSON-RPC 2.0 codes with messages that say what to do and
* validation issues in `data`. `geth`: go-ethereum's texts (its rpc package's
* errors). `gorilla`: the node's gorilla/rpc json2 server, where everything after parsing is -32000 told
* apart by message.
*/
import type { CodecError } from "../client/codec.js";
import type { ValidationIssue } from "../client/meta.js";
import type { WireError } from "./types.js";
export type Flavor = "standard" | "geth" | "gorilla";
/** What is wrong with the structure of `params`, before any schema is looked at. */
export type ParamsProblem = {
	readonly kind: "not-object";
} | {
	readonly kind: "not-array";
} | {
	readonly kind: "too-many";
	readonly max: number;
	readonly got: number;
} | {
	readonly kind: "missing";
	readonly index: number;
	readonly name: string;
};
export interface Texts {
	notFound(method: string, why: string | undefined): WireError;
	needsWebSocket(method: string): WireError;
	structure(method: string, problem: ParamsProblem): WireError;
	invalid(method: string, issues: readonly ValidationIssue[], positional: boolean): WireError;
	codec(method: string, error: CodecError, positional: boolean): WireError;
	internal(): WireError;
	resultInvalid(method: string, issues: readonly ValidationIssue[]): WireError;
	kindMissing(method: string): WireError;
	unknownKind(method: string, kind: string, kinds: readonly string[]): WireError;
	/** `eth_unsubscribe` of an id this connection does not have: an error, or `undefined` to answer `false`. */
	subscriptionNotFound(): WireError | undefined;
}
/**
* How many issues an error reply lists in `data`; its message gives the count of the rest. Params of
* 48,000 wrong items hold 48,000 issues: all of them made a 9 MB reply.
*/
export declare const MAX_REPLY_ISSUES = 10;
/**
* The issues of a call's params, each named by the param it is about (`param`, `position`), in the order of
* the params. Only the branch the call took speaks: a positional call is not told `must be object` (the
* by-name branch of a method taking either), an optional param that may be `null` is not told `must be
* null` beside its real problem, and a union's `must match a schema in anyOf` gives way to what is wrong
* inside it.
*/
export declare function paramIssues(issues: readonly ValidationIssue[], names: readonly string[], positional: boolean): ValidationIssue[];
/** avalanchego's `utils/json` codec turns every params unmarshal failure into this one message. */
export declare const GORILLA_UNMARSHAL = "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls";
/**
* avalanchego's rewrite of `service.method` before gorilla's lookup: the first letter after the dot is
* upper-cased (the Go method name); an upper-case letter there is refused. Returns the name gorilla looks
* up, or the refusal.
*/
export declare function gorillaName(method: string): {
	readonly name: string;
} | {
	readonly refused: string;
};
export declare const TEXTS: Readonly<Record<Flavor, Texts>>;

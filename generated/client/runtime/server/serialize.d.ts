/**
* Result serializers: a handler's value-form result straight to the wire form's JSON text, in one walk, with
* no intermediate wire-form copy. A serializer for `plan` gives `JSON.stringify(encode(plan, value))`, byte for
* byte (same key order, same omissions), and throws what that throws: when a fast walk meets anything it does
* not handle itself, the whole value is handed to that expression.
*
* Two kinds of fast walk: code the generator writes per method from the result's schema and plan
* (`server/<service>.js`, built on the helpers at the end of this module: known keys are constants there,
* and an object whose keys come in the schema's order is written in one expression), and, for a method
* without one, closures built here from the plan once per server. Neither generates code at run time, so
* both run where `eval` is not allowed. Why not fast-json-stringify: it serializes what a schema names,
* drops the fields it does not (results pass unknown fields through), knows no bigint-to-decimal-string
* codecs, and needs ajv at run time for unions; the generated package has no dependencies.
*/
import { type Plan } from "../client/codec.js";
export type Serializer = (value: unknown) => string | undefined;
/** A string as JSON text, as JSON.stringify writes it. */
export declare function quote(s: string): string;
/** A property key or an array index, as JSON.stringify passes it to `toJSON`. */
type Key = string | number;
/**
* The scalar codecs, for an object written in one expression, whose constants hold the quotes: what goes
* between them, or `undefined` for anything but the value form (null included), which the object's keyed
* path then writes with the walks below.
*/
export declare function u64d(v: unknown): number | bigint | undefined;
export declare function u32d(v: unknown): number | undefined;
export declare function fd(v: unknown): string | undefined;
export declare function qd(v: unknown): string | undefined;
/**
* The scalar codecs' walks: the value form as its JSON text, `null` and `undefined` as encode passes them;
* anything else leaves the whole value to encode + JSON.stringify.
*/
export declare function u64(v: unknown): string | undefined;
export declare function u64n(v: unknown): string | undefined;
export declare function u32(v: unknown): string | undefined;
export declare function f(v: unknown): string | undefined;
export declare function q(v: unknown): string | undefined;
/** A string that JSON.stringify writes as it is between quotes, else `undefined`. */
export declare function strd(v: unknown): string | undefined;
/**
* `(value) => JSON.stringify(encode(plan, value))`, faster: through `generated` (the method's serializer the
* generator wrote, see the helpers below) when there is one, else through closures built from the plan.
* Anything the walk does not take (a value not in the value form its plan expects, unions, tuples, `toJSON`
* on a converted object, a getter that throws) is redone by that expression, which then gives the exact
* result or error.
*/
export declare function compileSerializer(plan: Plan | undefined, generated?: Serializer): Serializer;
/** A value no plan converts, under `key` of its parent, `depth` levels down. */
export declare function any(v: unknown, key: Key, depth: number): string | undefined;
/** A value the schema says is a string. */
export declare function str(v: unknown, key: Key, depth: number): string | undefined;
/** A value the schema says is a number. */
export declare function num(v: unknown, key: Key, depth: number): string | undefined;
/** A value the schema says is a boolean. */
export declare function bool(v: unknown, key: Key, depth: number): string | undefined;
/** Whether an object (not null, not an array) is written key by key: a plain object without `toJSON`. */
export declare function plain(v: object): boolean;
/** Whether `k` is an own property of `v`. */
export declare function own(v: object, k: string): boolean;
/** A key as JSON text with its colon (`"key":`). */
export declare function key(k: string): string;
/** Leaves the whole result to encode + JSON.stringify. */
export declare function fail(): never;
/**
* A raw handler's result given with its JSON text already made (the mock's examples, serialized once): sent
* as `text`; `value` is what result validation checks. Both must say the same.
*/
export declare class JsonText {
	readonly value: unknown;
	readonly text: string;
	constructor(value: unknown, text: string);
}
export {};

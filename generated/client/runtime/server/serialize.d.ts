/**
* Result serializers compiled from codec plans: a handler's value-form result straight to the wire form's
* JSON text, in one walk, with no intermediate wire-form copy. `compileSerializer(plan)(value)` is
* `JSON.stringify(encode(plan, value))`, byte for byte (same key order, same omissions), and throws what that
* throws: when the fast walk meets anything it does not handle itself it hands the value to that expression.
*
* Built from the plans once per server, as closures (no code generated at run time, so it runs where `eval`
* is not allowed). Why not fast-json-stringify: it serializes what a schema names, drops the fields it does
* not (results pass unknown fields through), knows no bigint-to-decimal-string codecs, and needs ajv at run
* time for unions; the generated package has no dependencies.
*/
import { type Plan } from "../codec.js";
export type Serializer = (value: unknown) => string | undefined;
/** A string as JSON text, as JSON.stringify writes it. */
export declare function quote(s: string): string;
/**
* `(value) => JSON.stringify(encode(plan, value))`, faster. Anything the walk does not take (a value not in
* the value form its plan expects, unions, tuples, `toJSON` on a converted object, a getter that throws) is
* redone by that expression, which then gives the exact result or error.
*/
export declare function compileSerializer(plan: Plan | undefined): Serializer;
/**
* A raw handler's result given with its JSON text already made (the mock's examples, serialized once): sent
* as `text`; `value` is what result validation checks. Both must say the same.
*/
export declare class JsonText {
	readonly value: unknown;
	readonly text: string;
	constructor(value: unknown, text: string);
}

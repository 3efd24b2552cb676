/**
* The check behind each branded ID's constructor (a schema with `x-brand`, spec/README.md): the value must
* match the schema's pattern; when it does not, the error names the form expected and the part of the
* value that breaks it. Which part is found from the pattern alone: the longest start of the value that some
* ending of a known-good sample completes to a match; what follows it is the offending part.
*/
/**
* `value` when it matches `pattern`, else a TypeError such as
* `invalid NodeID "NodeID-xyz": it ends too soon; expected A node ID, ... (pattern ^NodeID-...$)`.
*/
export declare function checkBrand(value: unknown, brand: string, pattern: RegExp, form: string, samples: readonly string[]): string;

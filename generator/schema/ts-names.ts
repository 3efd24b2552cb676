/**
 * What schema keywords and codecs mean in TypeScript, on their own: the type deriver, the docs and diff share
 * them, and diff, docs and the server emitter must not load json-schema-to-typescript to read a table or name a type.
 */

/** The schema keywords that shape a TypeScript type (everything else only validates). */
export const TYPE_KEYWORDS: ReadonlySet<string> = new Set([
  'type', 'properties', 'patternProperties', 'required', 'additionalProperties', 'items', 'additionalItems', 'minItems', 'maxItems',
  'enum', 'const', 'oneOf', 'anyOf', 'allOf', 'description', 'deprecated', 'tsType',
]);

/** The TS value type of each `x-codec` (spec/README.md, "Codecs"). */
export const CODEC_TS: Readonly<Record<string, string>> = {
  uint64: 'bigint',
  'uint64-number': 'bigint',
  quantity: 'bigint',
  uint32: 'number',
  float: 'number',
  hex: '`0x${string}`',
};

/**
 * Words strict-mode module code reserves (ECMAScript 2022, 12.7.2 and 13.1.1): the keywords, the words
 * reserved for the future, and those that strict code or async and generator bodies forbid as a binding
 * (`let`, `static`, `yield`, `await`, `arguments`, `eval`, ...). A name made from a document never is one.
 */
const RESERVED_WORDS: ReadonlySet<string> = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
    'instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package ' +
    'private protected public await arguments eval'
  ).split(' '),
);

/**
 * The globals a declaration would shadow: every name ECMAScript's library declares (TypeScript's lib.es2022,
 * types and values, each `XConstructor` with its `X`), and the host's that generated code or its users reach for. test/generator/emit/shared/names.test.ts
 * checks the list against TypeScript's own library.
 */
const GLOBALS: ReadonlySet<string> = new Set(
  (
    'AggregateError Array ArrayBuffer ArrayBufferLike ArrayBufferTypes ArrayBufferView ArrayIterator ArrayLike AsyncGenerator ' +
    'AsyncGeneratorFunction AsyncIterable AsyncIterableIterator AsyncIterator AsyncIteratorObject Atomics Awaited BigInt BigInt64Array ' +
    'BigIntToLocaleStringOptions BigUint64Array Boolean BuiltinIteratorReturn CallableFunction Capitalize ClassAccessorDecoratorContext ' +
    'ClassAccessorDecoratorResult ClassAccessorDecoratorTarget ClassDecorator ClassDecoratorContext ClassFieldDecoratorContext ' +
    'ClassGetterDecoratorContext ClassMemberDecoratorContext ClassMethodDecoratorContext ClassSetterDecoratorContext ConcatArray ' +
    'ConstructorParameters DataView Date DecoratorContext DecoratorMetadata DecoratorMetadataObject Error ErrorOptions EvalError Exclude ' +
    'Extract FinalizationRegistry FlatArray Float32Array Float64Array Function Generator GeneratorFunction IArguments ImportAssertions ' +
    'ImportAttributes ImportCallOptions ImportMeta Infinity InstanceType Int16Array Int32Array Int8Array Intl Iterable IterableIterator ' +
    'Iterator IteratorObject IteratorResult IteratorReturnResult IteratorYieldResult JSON Lowercase Map MapIterator Math MethodDecorator ' +
    'NaN NewableFunction NoInfer NonNullable Number Object Omit OmitThisParameter ParameterDecorator Parameters Partial Pick Promise ' +
    'PromiseConstructorLike PromiseFulfilledResult PromiseLike PromiseRejectedResult PromiseSettledResult PropertyDecorator ' +
    'PropertyDescriptor PropertyDescriptorMap PropertyKey Proxy ProxyHandler RangeError Readonly ReadonlyArray ReadonlyMap ReadonlySet ' +
    'Record ReferenceError Reflect RegExp RegExpExecArray RegExpIndicesArray RegExpMatchArray RegExpStringIterator Required ReturnType ' +
    'Set SetIterator SharedArrayBuffer String StringIterator Symbol SyntaxError TemplateStringsArray ThisParameterType ThisType TypeError ' +
    'TypedPropertyDescriptor URIError Uint16Array Uint32Array Uint8Array Uint8ClampedArray Uncapitalize Uppercase WeakKey WeakKeyTypes ' +
    'WeakMap WeakRef WeakSet decodeURI decodeURIComponent encodeURI encodeURIComponent escape eval globalThis isFinite isNaN parseFloat ' +
    'parseInt undefined unescape ' +
    // The host's (Node and browsers) that the generated package or a user's code around it uses.
    'AbortController AbortSignal Blob Buffer Event EventTarget Headers Request Response TextDecoder TextEncoder URL URLSearchParams ' +
    'WebSocket clearInterval clearTimeout console fetch process queueMicrotask require setInterval setTimeout structuredClone'
  ).split(' '),
);

/**
 * The names the generated modules bind themselves beside the document's: the runtime's values and types they
 * import (`call`, `Transport`, ...) and their own module-level constants (`meta`), in the client, server,
 * mock and validators. A method named `call` would
 * otherwise declare a function that hides the import it calls. test/generator/emit/shared/names.test.ts checks the list against
 * the imports of the generated client's modules.
 */
export const GENERATED_BINDINGS: ReadonlySet<string> = new Set(
  (
    'call subscribe prepare batch hasErrorCode paginateByIndex callHttpGet HttpGetResult meta TransportPool bindMethods findMethod lazyMembers keptScope transportOf Invoke MethodGroup NamespaceTransports ' +
    'CallOptions SubscribeCallOptions BatchResult PreparedCall NodeClientOptions Middleware MethodMeta ServiceMeta SubscriptionMeta ' +
    'Transport Subscription RpcError checkBrand ' +
    // The server's, the mock's and the validators'.
    'startMockServer MockServiceData MockOptions RunningMock HandlerContext ServerServiceDef createRpcServer RpcServer RpcServerOptions ' +
    'ValidationIssue toIssues appendErrors ajv_ucs2length ajv_equal ValidatorTable'
  ).split(' '),
);

/**
 * The one rule for a name made from a document (method, param, schema, property label, tag): a word strict
 * code reserves, a global the declaration would shadow or a name the generated modules bind themselves takes
 * a suffix, `Type` for a type (`Promise` → `PromiseType`), `_` for a value (`arguments` → `arguments_`,
 * `call` → `call_`).
 */
export function escapeName(name: string, suffix: 'Type' | '_'): string {
  const shadows = GLOBALS.has(name) || (name.endsWith('Constructor') && GLOBALS.has(name.slice(0, -'Constructor'.length)));
  return shadows || RESERVED_WORDS.has(name) || GENERATED_BINDINGS.has(name) ? `${name}${suffix}` : name;
}

/** A word in capitals (and digits): `BLOCK`, `ID`, `V2`. */
export const UPPER_WORD = /^(?=.*[A-Z])[A-Z0-9]+$/;

/**
 * The one naming function for declared types: `Block object` → `BlockObject`, `platform.getBalance` →
 * `PlatformGetBalance`, `getUTXOs` → `GetUTXOs` (inner capitals kept), `BLOCK_BODY_WITH_TX_HASHES` kept as it
 * is (between two words in capitals the underscore is the only word boundary left), `p2p.Info` → `P2PInfo`.
 * Its result is a fixed point of json-schema-to-typescript's own name normalisation (which capitalises a
 * letter after digits and drops an underscore before a lower-case letter), so a declaration and every use of
 * it carry the same name.
 */
export function pascalCase(text: string): string {
  let name = pascalNames.get(text);
  if (name === undefined) {
    if (pascalNames.size >= NAMES_KEPT) pascalNames.clear();
    pascalNames.set(text, (name = makePascalCase(text)));
  }
  return name;
}

/**
 * Names made before, by text: every run names every method and type again (a few for each of thousands of
 * methods), from the same texts. Let go of all at once when there are many.
 */
const pascalNames = new Map<string, string>();
const camelNames = new Map<string, string>();
const NAMES_KEPT = 200_000;

function makePascalCase(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  let out = '';
  words.forEach((w, i) => {
    out += i > 0 && UPPER_WORD.test(w) && UPPER_WORD.test(words[i - 1]!) ? `_${w}` : w[0]!.toUpperCase() + w.slice(1);
  });
  out = out.replace(/([0-9])([a-z])/g, (_, d: string, c: string) => d + c.toUpperCase());
  if (!out) out = 'Type';
  if (/^[0-9]/.test(out)) out = `T${out}`;
  return escapeName(out, 'Type');
}

/** `getBalance`, `platform getBalance` → `platformGetBalance`; a name all in capitals by words: `BLOCK_ID` → `blockId`. */
export function camelCase(text: string): string {
  let name = camelNames.get(text);
  if (name === undefined) {
    if (camelNames.size >= NAMES_KEPT) camelNames.clear();
    camelNames.set(text, (name = makeCamelCase(text)));
  }
  return name;
}

function makeCamelCase(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const p = words.length && words.every((w) => UPPER_WORD.test(w)) ? pascalCase(words.map((w) => w.toLowerCase()).join(' ')) : pascalCase(text);
  const out = p[0]!.toLowerCase() + p.slice(1);
  return escapeName(out, '_');
}

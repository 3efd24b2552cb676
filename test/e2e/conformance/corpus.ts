/**
 * Calling a generated package the way a user would: its own mock on 127.0.0.1, its own client, every
 * method once through the typed namespace method and once through `request()`. Params are the example's
 * (pinned with `x-mock-example`) when the shipped params validator accepts them, else made from the param
 * schemas; a method the document gives an example for must answer exactly the example's result, one without
 * must answer the mock's made value, which the shipped result validator must accept.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { buildService, type MethodModel } from '../../../generator/model/index.js';
import { SchemaCompiler } from '../../../generator/schema/ajv.js';
import { compileParams } from '../../../generator/schema/envelope.js';
import { SAMPLE_NAME, Sampler, sampleMethod } from '../../../generator/schema/sample.js';

interface Meta {
  name: string;
  service: string;
  namespace: string;
  member: string;
  structure: 'by-name' | 'by-position' | 'either';
  params: string[];
  subscriptions?: unknown;
  validateParams: (v: unknown) => unknown[] | null;
  validateResult?: () => Promise<{ validate: (v: unknown) => unknown[] | null }>;
}
interface Def {
  name: string;
  document: Record<string, unknown>;
  methods: Record<string, Meta>;
}
interface Example {
  name: string;
  params: { name: string; value: unknown }[];
  result?: unknown;
}

export interface CallOutcome {
  readonly method: string;
  /** How many params the method declares. */
  readonly declared: number;
  /** A live server's JSON-RPC error (against a live server such an error is an answer, not a failure). */
  readonly rpcError?: number;
  readonly via: 'typed' | 'request';
  /** `example`: the document's own; `made`: made from the schemas when generating. */
  readonly answer: 'example' | 'made';
  /** Where the params came from. */
  readonly params: 'example' | 'made';
  readonly problem?: string;
}

/** The service's model and schema compiler, made once per service (a document of a thousand methods made them for each). */
const madeFrom = new WeakMap<Def, { methods: Map<string, MethodModel>; compiler: SchemaCompiler }>();

/** The params of a made example for a method, for calls whose examples carry invalid params. */
function madeParams(def: Def, method: string): { name: string; value: unknown }[] | undefined {
  let kept = madeFrom.get(def);
  if (!kept) {
    const model = buildService(def.name, '', def.document);
    kept = { methods: new Map(model.methods.map((m) => [m.name, m])), compiler: new SchemaCompiler(`test:${def.name}`, def.document, { strict: false, source: false }) };
    madeFrom.set(def, kept);
  }
  const m = kept.methods.get(method) as MethodModel;
  const compiler = kept.compiler;
  const envelope = compileParams(compiler, m.pointer, m.params.map((p) => ({ name: p.name, required: p.required, schemaPointer: p.schemaPointer })), m.paramStructure);
  const made = sampleMethod(new Sampler(def.document, compiler), { ...m, result: undefined }, envelope instanceof Error ? undefined : (v) => envelope(v) === true);
  return 'example' in made && !made.example.paramsMissing ? [...made.example.params] : undefined;
}

function wire(meta: Meta, params: readonly { name: string; value: unknown }[]): unknown {
  if (meta.structure === 'by-name') return Object.fromEntries(params.map((p) => [p.name, p.value]));
  const list = meta.params.map((n) => params.find((p) => p.name === n)?.value);
  while (list.length && list[list.length - 1] === undefined) list.pop();
  return list.map((v) => (v === undefined ? null : v));
}

export interface CallOptions {
  /** The config's `clientName`. */
  readonly clientFactory?: string;
  /**
   * A live server's base URL to call instead of the package's mock: a result must then pass the shipped
   * result validator, and a JSON-RPC error is recorded (`rpcError`), not a failure.
   */
  readonly live?: string;
  /** Only the methods this accepts. */
  readonly only?: (method: string) => boolean;
}

/**
 * Starts the package's mock (or uses a live server), calls every method of every service through the
 * package's client, and returns one outcome per call (with `problem` set where it failed).
 */
export async function callEveryMethod(clientDir: string, options: CallOptions = {}): Promise<CallOutcome[]> {
  const clientFactory = options.clientFactory ?? 'createClient';
  const load = (path: string) => import(pathToFileURL(join(clientDir, path)).href);
  const { services } = (await load('server/index.js')) as { services: Def[] };
  const { mockData, startMock } = (await load('mock/index.js')) as { mockData: { service: string; examples: Record<string, Example[]> }[]; startMock: () => Promise<{ url: string; close(): Promise<void> }> };
  const index = (await load('index.js')) as Record<string, (o: { url: string }) => Record<string, unknown>>;
  const mock = options.live === undefined ? await startMock() : { url: options.live, close: async () => undefined };
  const client = index[clientFactory]!({ url: mock.url }) as Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>> & {
    request: (r: { method: string; params?: unknown }, o?: unknown) => Promise<unknown>;
    close: () => Promise<void>;
  };
  const outcomes: CallOutcome[] = [];
  try {
    for (const def of services) {
      const examples = mockData.find((d) => d.service === def.name)?.examples ?? {};
      for (const meta of Object.values(def.methods)) {
        if (meta.subscriptions || (options.only && !options.only(meta.name))) continue;
        const list = examples[meta.name] ?? [];
        const example = list.find((e) => meta.validateParams(wire(meta, e.params)) === null) ?? list[0];
        const answer = example?.name === SAMPLE_NAME ? 'made' : 'example';
        let params = example?.params;
        let source: 'example' | 'made' = answer === 'made' ? 'made' : 'example';
        if (!params || meta.validateParams(wire(meta, params)) !== null) {
          params = madeParams(def, meta.name);
          source = 'made';
        }
        const headers: Record<string, string> = example && options.live === undefined ? { 'x-mock-example': example.name } : {};
        const check = async (value: unknown): Promise<string | undefined> => {
          if (options.live !== undefined) {
            const issues = meta.validateResult ? (await meta.validateResult()).validate(value) : null;
            return issues ? `the reply does not validate: ${JSON.stringify(issues).slice(0, 300)}` : undefined;
          }
          if (!example) return 'the mock has no answer for it';
          const want = 'result' in example ? example.result : null;
          if (JSON.stringify(value) !== JSON.stringify(want)) return `answered ${JSON.stringify(value)?.slice(0, 200)}, expected ${JSON.stringify(want)?.slice(0, 200)}`;
          if (answer === 'made' && meta.validateResult) {
            const issues = (await meta.validateResult()).validate(value);
            if (issues) return `the made answer does not validate: ${JSON.stringify(issues).slice(0, 300)}`;
          }
          return undefined;
        };
        const attempt = async (via: CallOutcome['via'], fn: () => Promise<unknown>) => {
          let problem: string | undefined;
          let rpcError: number | undefined;
          if (!params) problem = 'no valid params could be made for it';
          else {
            try {
              problem = await check(await fn());
            } catch (e) {
              const code = (e as { code?: unknown }).code;
              if (options.live !== undefined && (e as Error).name === 'RpcError' && typeof code === 'number') rpcError = code;
              else problem = `${(e as Error).name}: ${(e as Error).message}`.slice(0, 300);
            }
          }
          outcomes.push({ method: meta.name, via, answer, params: source, declared: meta.params.length, ...(rpcError !== undefined ? { rpcError } : {}), ...(problem ? { problem } : {}) });
        };
        const args = wire(meta, params ?? []);
        await attempt('typed', () => {
          const fn = client[meta.namespace]?.[meta.member];
          if (typeof fn !== 'function') throw new Error(`the client has no ${meta.namespace}.${meta.member}`);
          if (meta.structure === 'by-name') return fn(args, { headers });
          const positional = [...(args as unknown[])];
          while (positional.length < meta.params.length) positional.push(undefined);
          return fn(...positional, { headers });
        });
        await attempt('request', () => client.request({ method: meta.name, params: args }, { headers }));
      }
    }
  } finally {
    await client.close();
    await mock.close();
  }
  return outcomes;
}

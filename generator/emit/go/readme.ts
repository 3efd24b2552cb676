/**
 * The Go module's README (templates/go/README.md.hbs): install, create a client and call, options, values,
 * errors, retries, batches and pagination, each snippet calling real methods of the model with their first
 * examples' params as Go literals (secret params as `<name>` placeholders).
 */
import Handlebars from 'handlebars';
import type { Config } from '../../config/index.js';
import type { ExampleModel, MethodModel, Model } from '../../model/index.js';
import type { GoLayout, GoMethod } from '../shared/go-layout.js';
import { goCall, goImport, goParams, goQualify, type GoSampleSetup } from '../shared/go-sample.js';
import type { GoTypes } from '../shared/go-types.js';
import { NameTable } from '../shared/names.js';

export const GO_README_TEMPLATE = 'templates/go/README.md.hbs';

const KEYWORDS = ['break', 'case', 'chan', 'const', 'continue', 'default', 'defer', 'else', 'fallthrough', 'for', 'func', 'go', 'goto', 'if', 'import', 'interface', 'map', 'package', 'range', 'return', 'select', 'struct', 'switch', 'type', 'var'];
const TAKEN = [...KEYWORDS, 'c', 'ctx', 'err', 'cancel', 'calls', 'call', 'params', 'page', 'fmt', 'log', 'http', 'time', 'json', 'errors', 'context'];

/** A JSON-RPC request's text for an example (secret params as `<name>`). */
function request(method: MethodModel, ex: ExampleModel | undefined): string {
  const value = (name: string) => {
    const p = method.params.find((q) => q.name === name);
    const v = ex?.params.find((q) => q.name === name)?.value;
    return p?.secret && v !== undefined ? `<${name}>` : v;
  };
  const params = method.positional ? method.params.map((p) => value(p.name) ?? null) : Object.fromEntries(method.params.flatMap((p) => (value(p.name) === undefined ? [] : [[p.name, value(p.name)]])));
  return JSON.stringify({ params });
}

function indent(lines: readonly string[], by = '\t'): string {
  return lines.map((l) => (l ? `${by}${l}` : l)).join('\n');
}

interface Picks {
  readonly fair: GoMethod[];
  readonly calls: GoMethod[];
  readonly simple: GoMethod | undefined;
}

/** The methods the snippets call: the config's first calls, else one per service, each with an example. */
function pick(layout: GoLayout, config: Config): Picks {
  const fair = layout.methods.filter((m) => !m.method.deprecated && !m.method.websocketOnly && m.method.effects.kind !== 'admin' && !m.method.subscriptions && m.service.endpoints.some((e) => e.transport === 'http'));
  const named = (config.firstCalls ?? []).map((n) => fair.find((m) => m.method.name === n)).filter((m): m is GoMethod => !!m);
  const calls = named.length ? named : [...new Map(fair.filter((m) => m.method.examples.length).map((m) => [m.service, m])).values()].slice(0, 3);
  const simple = fair.find((m) => !m.paramsType && m.method.effects.kind === 'read') ?? calls[0];
  return { fair, calls, simple };
}

function batchSnippet(setup: GoSampleSetup, fair: readonly GoMethod[], names: NameTable): string | undefined {
  const inline = fair.filter((m) => m.service.jsonrpc.batch && m.method.effects.kind === 'read' && goParams(setup, m, request(m.method, m.method.examples[0])).before.length === 0);
  const service = inline.find((m) => inline.filter((o) => o.service === m.service).length >= 2)?.service;
  if (!service) return undefined;
  const two = inline.filter((m) => m.service === service).sort((a, b) => a.params.length - b.params.length).slice(0, 2);
  const vars = two.map((m) => names.claim(`${m.name[0]!.toLowerCase()}${m.name.slice(1)}`));
  return [
    ...two.map((m, i) => `var ${vars[i]} ${goQualify(setup, m.result)}`),
    'calls := []*' + `${setup.layout.pkg}.Call{`,
    ...two.map((m, i) => {
      const { value } = goParams(setup, m, request(m.method, m.method.examples[0]));
      return indent(`c.${m.path.join('.')}.${m.name}Call(${value ? `${value}, ` : ''}&${vars[i]}),`.split('\n'));
    }),
    '}',
    'if err := c.Batch(ctx, calls...); err != nil {',
    '\tlog.Fatal(err)',
    '}',
    'for _, call := range calls {',
    '\tif call.Err != nil {',
    '\t\tfmt.Println(call.Method, call.Err)',
    '\t}',
    '}',
    `fmt.Printf("%+v %+v\\n", ${vars.join(', ')})`,
  ].join('\n');
}

function pagesSnippet(setup: GoSampleSetup, fair: readonly GoMethod[], types: GoTypes): string | undefined {
  const m = fair.find((x) => x.pages && x.method.pagination && types.structs.get(x.result));
  const pg = m?.method.pagination;
  if (!m || !pg) return undefined;
  const items = types.structs.get(m.result)?.find((f) => f.key === pg.items);
  const { before, value } = goParams(setup, m, request(m.method, m.method.examples[0]));
  return [
    ...before,
    `err := c.${m.path.join('.')}.${m.pages}(ctx, ${value}, func(page ${goQualify(setup, m.result)}) error {`,
    items ? `\tfmt.Printf("%+v\\n", page.${items.name}${items.type.startsWith('Opt[') ? '.Value' : ''})` : '\tfmt.Printf("%+v\\n", page)',
    '\treturn nil',
    '})',
    'if err != nil {',
    '\tlog.Fatal(err)',
    '}',
  ].join('\n');
}

/** A fragment calling the first method served to plain GETs that way (none where no method is). */
function getSnippet(setup: GoSampleSetup, layout: GoLayout): { code: string; methods: string } | undefined {
  const gets = layout.methods.filter((x) => x.get);
  const m = gets.find((x) => x.method.examples[0]);
  if (!m) return undefined;
  const call = goCall(setup, m, request(m.method, m.method.examples[0]), 'reply', 'ctx', m.get!.path);
  return {
    code: [...call, 'if err != nil {', '\tlog.Fatal(err)', '}', 'fmt.Println(reply.Status, reply.OK)'].join('\n'),
    methods: gets.map((x) => `\`${x.method.name}\``).join(', '),
  };
}

function variableOf(m: GoMethod, names: NameTable): string {
  const base = m.name.replace(/^Get(?=[A-Z])/, '');
  const v = `${base[0]!.toLowerCase()}${base.slice(1)}`;
  return names.claim(/^[a-z]\w*$/.test(v) ? v : 'result');
}

export function goReadme(template: string, model: Model, config: Config, layout: GoLayout, types: GoTypes, documented: string | undefined): string {
  const setup: GoSampleSetup = { layout, types, module: layout.module };
  const { pkg } = layout;
  const { fair, calls, simple } = pick(layout, config);
  const names = new NameTable(TAKEN);
  const callBlocks = calls.map((m) => {
    const v = variableOf(m, names);
    return indent([...goCall(setup, m, request(m.method, m.method.examples[0]), v, 'ctx'), 'if err != nil {', '\tlog.Fatal(err)', '}', `fmt.Printf("%+v\\n", ${v})`]);
  });
  const simpleVar = simple ? variableOf(simple, names) : 'result';
  const simpleCall = simple ? goCall(setup, simple, request(simple.method, simple.method.examples[0]), simpleVar, 'ctx').join('\n') : '';
  const variables = [...new Set(model.services.flatMap((s) => s.endpoints.flatMap((e) => Object.keys(e.variables))))].map((v) => `\`${v}\``).join(', ');
  const render = Handlebars.compile(template, { noEscape: true, strict: false });
  return render({
    module: layout.module,
    pkg,
    import: goImport(setup),
    imports: ['context', ...(callBlocks.some((b) => b.includes('json.')) ? ['encoding/json'] : []), 'fmt', 'log'],
    titles: model.services.map((s) => s.title).join(', '),
    description: config.package.description,
    url: config.url ?? 'http://127.0.0.1:8545',
    calls: callBlocks,
    simple: simpleCall,
    simpleVar,
    variables,
    errorsCall: simple ? goCall(setup, simple, request(simple.method, simple.method.examples[0]), '_', 'ctx').join('\n') : '',
    documented,
    batch: batchSnippet(setup, fair, new NameTable(TAKEN)),
    pages: pagesSnippet(setup, fair, types),
    get: getSnippet(setup, layout),
  });
}

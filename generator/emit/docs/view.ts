/**
 * The data each docs template renders: plain objects of ready-made markdown fragments (links, code spans,
 * table cells), derived from the model only. The wording around them lives in templates/docs.
 */
import { exampleBaseUrl, type Config } from '../../config/index.js';
import { clientVariable } from '../shared/client-names.js';
import type { JsonSchema, MethodModel, ResultCasesModel, ServiceModel } from '../../model/index.js';
import { componentName, isSchemaObject } from '../../schema/resolve.js';
import { pascalCase } from '../../schema/ts-names.js';
import { curlCommand, endpointFor, endpointPath, endpointUrl, ExamplePrinter, type ClientNames } from '../shared/examples.js';
import { anchorId, cell, code, escapePipes, firstParagraph, prose, text } from '../shared/markdown.js';
import { codecTsType, SchemaText, type FieldRow } from './schema-text.js';
import { AVAILABILITY_PAGE, ERRORS_PAGE, INDEX_PAGE, type Site, TYPES_PAGE } from './site.js';
import type { MethodVersions } from './versions.js';
import { tryService } from './try.js';
import { spliceable } from '../shared/render.js';
import { fetchSample, pythonSample, type TryService } from '../../../tools/docs/try.js';
import { goDocsSamples, type GoDocsSamples } from './go-samples.js';
import { pyDocsSamples, type PyDocsSamples } from './python-samples.js';
import { httpGetView } from './http-get.js';
import { flatDeep } from '../../lib/flat.js';
import { slot, type Memory } from '../../lib/memory.js';
import { planHistoryFree } from '../../schema/codec.js';

/** Rows and items of pages that list every method, by method model and page context. */
const INDEX_ROWS = slot<MethodModel, object>('docs index rows', true);
const AVAILABILITY_ROWS = slot<MethodModel, object>('docs availability rows', true);
const SIDEBAR_ITEMS = slot<MethodModel, { text: string; link: string }>('docs sidebar items', true);

/** What each method adds to the index page's facts (its first example's size, its codecs), by method model. */
const EXAMPLE_SIZES = slot<MethodModel, number>('first example sizes');
const CODEC_LISTS = slot<MethodModel, readonly string[]>('method codecs');

function firstExampleSize(memory: Memory, m: MethodModel): number {
  return memory.keptIn(EXAMPLE_SIZES, m, () => JSON.stringify(m.examples[0]!).length);
}

function methodCodecs(memory: Memory, m: MethodModel): readonly string[] {
  return memory.keptIn(CODEC_LISTS, m, () => [...m.params.map((p) => p.schema), ...(m.result ? [m.result.schema] : [])].flatMap((schema) => codecsIn(schema)));
}

/** A method's link on the types page (its name as text, to where it is), by method: the last one made. */
const USE_LINKS = slot<MethodModel, string>('docs type use links');

function useLink(memory: Memory, method: MethodModel, href: string): string {
  return memory.memo(USE_LINKS).get(method, [href], () => `[${text(method.name)}](${href})`);
}

/** Each named type's entry, by schema (see `Views.typesPage`). */
const TYPE_VIEWS = slot<object, object>('docs type entries', true);

/** Each method's section, by method model (see `Views.method`). */
const METHOD_VIEWS = slot<MethodModel, { readonly value: ReturnType<Views['makeMethod']>; readonly claims: Claims }>('docs method sections');


/**
 * The claims made on a page's ids, in order: for each, what was wanted and what was given (one list, two
 * entries per claim), and whether it was given at the first try (one character per claim). Kept for every
 * method of a page, so kept small.
 */
interface Claims {
  readonly ids: string[];
  firsts: string;
}

/** Explicit heading ids of one page; a taken id gets a numbered suffix. */
class Ids {
  private readonly taken = new Set<string>();
  /** The claims being recorded (see `record`). */
  private recording: Claims | undefined;
  constructor(reserved: Iterable<string> = []) {
    for (const id of reserved) this.taken.add(id);
  }
  claim(wanted: string): string {
    const first = anchorId(wanted);
    let id = first;
    for (let i = 2; this.taken.has(id); i++) id = `${first}-${i}`;
    this.taken.add(id);
    if (this.recording) {
      this.recording.ids.push(wanted, id);
      this.recording.firsts += id === first ? '1' : '0';
    }
    return id;
  }
  /** `make()`, with the claims it made. */
  record<T>(make: () => T): { value: T; claims: Claims } {
    const outer = this.recording;
    const claims: Claims = { ids: [], firsts: '' };
    this.recording = claims;
    try {
      return { value: make(), claims };
    } finally {
      this.recording = outer;
      if (outer) {
        outer.ids.push(...claims.ids);
        outer.firsts += claims.firsts;
      }
    }
  }
  /** Makes `claims` again: `true` (and they are made) when each gives what it gave, `false` (and nothing is made) otherwise. */
  replay(claims: Claims): boolean {
    const n = claims.firsts.length;
    let c = 0;
    for (; c < n; c++) {
      const wanted = claims.ids[2 * c]!;
      const got = claims.ids[2 * c + 1]!;
      if (claims.firsts.charCodeAt(c) === 49) {
        // The first try is free exactly when the id it gave is.
        if (this.taken.has(got)) break;
      } else {
        const base = anchorId(wanted);
        let id = base;
        for (let i = 2; this.taken.has(id); i++) id = `${base}-${i}`;
        if (id !== got) break;
      }
      // (Taken now: each claim is made as the ones before it were. None of them was taken before.)
      this.taken.add(got);
    }
    if (c < n) {
      for (let k = 0; k < c; k++) this.taken.delete(claims.ids[2 * k + 1]!);
      return false;
    }
    if (this.recording) {
      this.recording.ids.push(...claims.ids);
      this.recording.firsts += claims.firsts;
    }
    return true;
  }
}

interface RowView {
  readonly name: string;
  readonly type: string;
  readonly required: string;
  readonly description: string;
  readonly secret: boolean;
}

/** A config switch or version as written: a bare word becomes code, prose stays prose. */
function setting(value: string): string {
  return /^[A-Za-z0-9_.:=/@+-]+$/.test(value) ? code(value) : cell(value);
}

/** Whether a summary already says what a tag would (so the method index does not say it twice). */
function says(summary: string | undefined, word: string): boolean {
  return new RegExp(`\\b${word}`, 'i').test(summary ?? '');
}

function rowView(r: FieldRow): RowView {
  return { name: escapePipes(code(r.name)), type: r.type, required: r.required, description: r.description, secret: false };
}

/** Everything one run's templates need. */
export class Views {
  readonly site: Site;
  private readonly config: Config;
  private readonly names: ClientNames;
  private readonly printers = new Map<string, ExamplePrinter>();
  /** The Go samples, where the config emits the Go module. */
  private readonly go: GoDocsSamples | undefined;
  /** The Python client samples, where the config emits the Python package. */
  private readonly py: PyDocsSamples | undefined;

  private readonly versions: MethodVersions | undefined;

  /**
   * Objects standing for what a view of one method reads besides the method, by page and service (see
   * `contextOf`): the same object from run to run while that is the same.
   */
  private readonly contexts = new Map<string, object>();
  private readonly memory: Memory;
  /** What the named types and the methods' places are (see `contextOf`). */
  private typesKey: string | undefined;
  private placesKey: string | undefined;

  constructor(config: Config, site: Site, versions: MethodVersions | undefined, memory: Memory) {
    this.config = config;
    this.site = site;
    this.versions = versions;
    this.memory = memory;
    const baseUrl = exampleBaseUrl(config, site.model.services.flatMap((s) => s.endpoints));
    this.names = { factory: config.clientName, pkg: config.package.name, baseUrl, variable: clientVariable(config.clientName) };
    this.go = config.emit.includes('go') ? goDocsSamples(site.model, config.package.name) : undefined;
    this.py = config.emit.includes('python') ? pyDocsSamples(site.model, config.package.name, config.clientName) : undefined;
  }

  /**
   * An object standing for everything a method's views on `page` in `service` read besides the method's
   * model: the page, the client's names, the service's name, endpoints and whether its plans depend on
   * order, the named types (the links to them) and every method's place (the links to methods). Views are
   * kept by the method's model and this object.
   */
  private contextOf(page: string, service: ServiceModel): object {
    const slot = `${page}\0${service.name}`;
    let context = this.contexts.get(slot);
    if (context) return context;
    this.typesKey ??= this.site.types.map((t) => `${t.name}\0${t.anchor}\0${t.services.map((s) => s.name).join(',')}`).join('\n');
    this.placesKey ??= this.site.model.services.map((s) => `${s.name}\0${s.methods.map((m) => `${m.name}\0${this.site.methodPage(s, m)}`).join('\0')}`).join('\n');
    const key = JSON.stringify([page, service.name, this.names, service.endpoints, planHistoryFree(service.document), this.site.isSplit(service), this.typesKey, this.placesKey, this.go?.key, this.py?.key]);
    context = this.memory.token(`docs view ${slot}`, key);
    this.contexts.set(slot, context);
    return context;
  }

  private printer(service: ServiceModel): ExamplePrinter {
    let p = this.printers.get(service.name);
    if (!p) this.printers.set(service.name, (p = new ExamplePrinter(service, this.names)));
    return p;
  }

  /** The console data of a service's methods (`.vitepress/theme/try/<service>.json`). */
  tryData(service: ServiceModel): TryService {
    return tryService(this.memory, service, this.names.baseUrl, { factory: this.names.factory, pkg: this.names.pkg, variable: this.names.variable }, this.printer(service));
  }

  /** Schema text whose type links are relative to `page`. */
  private schemaText(service: ServiceModel, page: string): SchemaText {
    return new SchemaText(service.document, (name) => this.typeLink(service, page, name));
  }

  typeLink(service: ServiceModel, page: string, name: string): string {
    const entry = this.site.type(service, name);
    return entry ? `[${text(name)}](${this.site.href(page, TYPES_PAGE, entry.anchor)})` : code(name);
  }

  methodLink(page: string, service: ServiceModel, name: string): string {
    const place = this.site.findMethod(service, name);
    return place ? `[${text(name)}](${this.site.href(page, place.page, place.anchor)})` : code(name);
  }

  // ---- methods -----------------------------------------------------------------------------------------

  /**
   * A method's section on `page`, kept by the method's model, the page's context and its release facts, with
   * the heading ids it claimed: reused when each claim gives the same id again.
   */
  method(page: string, service: ServiceModel, method: MethodModel, ids: Ids) {
    // Where plans depend on the order they are asked for in (see `planHistoryFree`), nothing is kept; a run
    // that keeps nothing makes every section afresh.
    if (!this.memory.keeping || !planHistoryFree(service.document)) return this.makeMethod(page, service, method, ids);
    const versions = this.versions?.of(method);
    const inputs = [this.contextOf(page, service), versions];
    const methodViews = this.memory.memo(METHOD_VIEWS);
    const kept = methodViews.peek(method, inputs);
    if (kept && ids.replay(kept.claims)) return kept.value;
    const made = ids.record(() => flatDeep(this.makeMethod(page, service, method, ids)));
    methodViews.set(method, inputs, made);
    return made.value;
  }

  private makeMethod(page: string, service: ServiceModel, method: MethodModel, ids: Ids) {
    const st = this.schemaText(service, page);
    const printer = this.printer(service);
    const anchor = this.site.methodAnchor(method);
    const endpoint = endpointFor(service, method);
    const a = method.availability;
    const params: RowView[] = method.params.flatMap((p) => [
      {
        name: escapePipes(code(p.name)),
        type: escapePipes(st.label(p.schema)),
        required: p.required ? 'yes' : 'no',
        description: cell([p.summary, p.description].filter(Boolean).join('\n\n')),
        secret: p.secret,
        deprecated: p.deprecated,
      },
      ...st.nested(p.schema, p.name, 1).map(rowView),
    ]);
    const usedIds = new Set<string>();
    const exampleId = (name: string) => {
      let id = `${anchor}--${anchorId(name)}`;
      for (let i = 2; usedIds.has(id); i++) id = `${anchor}--${anchorId(name)}-${i}`;
      usedIds.add(id);
      return ids.claim(id);
    };
    const isWs = endpoint?.transport === 'websocket';
    const examples = this.examples(printer, method, endpoint, exampleId);
    const subscriptions = this.subscriptions(page, service, method, endpoint, exampleId, ids);
    return {
      name: text(method.name),
      anchor,
      console: `<TryIt service="${attr(service.name)}" method="${attr(method.name)}" />`,
      badges: badges(method).map((b) => `<Badge type="${b.type}" text="${attr(b.text)}" />`).join(' '),
      summary: prose(method.summary),
      description: prose(method.description),
      endpoint: endpoint ? code(`${isWs ? 'WebSocket' : 'POST'} ${endpointPath(endpoint)}`) : '',
      byName: method.paramStructure === 'by-name',
      byPosition: method.paramStructure === 'by-position',
      versions: this.versions?.of(method),
      notes: this.notes(page, service, method, a, isWs),
      sections: {
        params: ids.claim(`${anchor}--params`),
        result: ids.claim(`${anchor}--result`),
        errors: ids.claim(`${anchor}--errors`),
        subscriptions: ids.claim(`${anchor}--subscriptions`),
        examples: ids.claim(`${anchor}--examples`),
      },
      params,
      result: method.result && this.result(st, method),
      errors: method.errors.map((e) => ({
        code: String(e.code),
        message: escapePipes(code(e.message)),
        data: e.data === undefined || e.data === null ? '' : escapePipes(code(JSON.stringify(e.data))),
      })),
      hasErrorData: method.errors.some((e) => e.data !== undefined && e.data !== null),
      subscriptions,
      examples,
      paging: method.pagination && {
        ...this.pagingFacts(service, method),
        anchor: ids.claim(`${anchor}--paging`),
        ts: method.examples[0] ? printer.paginate(method, method.examples[0]) : undefined,
      },
      tags: method.tags.map((t) => code(t)),
      httpGet: httpGetView(method, endpoint, this.names.variable, () => ids.claim(`${anchor}--http-get`), { printer, baseUrl: this.names.baseUrl, ...(this.py ? { py: this.py } : {}), ...(this.go ? { go: this.go } : {}) }),
    };
  }

  /** The method's examples: the request in each language and the response. */
  private examples(printer: ExamplePrinter, method: MethodModel, endpoint: ReturnType<typeof endpointFor>, exampleId: (name: string) => string) {
    const isWs = endpoint?.transport === 'websocket';
    const url = endpoint ? endpointUrl(endpoint, this.names.baseUrl) : this.names.baseUrl;
    return method.examples.map((ex) => {
      const call = printer.call(method, ex);
      return {
        name: text(ex.name),
        anchor: exampleId(`example-${ex.name}`),
        summary: prose(ex.summary),
        description: prose(ex.description),
        websocket: isWs,
        url: code(url),
        curl: isWs ? undefined : curlCommand(call.request, url),
        fetch: isWs ? undefined : fetchSample(url, call.request),
        python: isWs ? undefined : pythonSample(url, call.request),
        pythonClient: isWs ? undefined : this.py?.sample(method, printer.args(method, method.params, ex.params), this.names.baseUrl),
        go: isWs ? undefined : this.go?.sample(method, call.request, this.names.baseUrl),
        request: call.requestPretty,
        response: call.response,
        ts: call.ts,
      };
    });
  }

  /** The subscriptions a method opens: each kind's params, its notification's result and its examples. */
  private subscriptions(page: string, service: ServiceModel, method: MethodModel, endpoint: ReturnType<typeof endpointFor>, exampleId: (name: string) => string, ids: Ids) {
    const printer = this.printer(service);
    const anchor = this.site.methodAnchor(method);
    const isWs = endpoint?.transport === 'websocket';
    const subscriptionId = method.examples.map((e) => e.result?.value).find((v): v is string => typeof v === 'string') ?? '0x1';
    return method.subscriptions && {
      notification: code(method.subscriptions.notification),
      unsubscribe: method.subscriptions.unsubscribe ? this.methodLink(page, service, method.subscriptions.unsubscribe) : undefined,
      kinds: method.subscriptions.kinds.map((kind) => {
        const kst = this.schemaText(service, page);
        const body = kst.body(kind.result.schema);
        return {
          name: code(kind.name),
          anchor: ids.claim(`${anchor}--${kind.name}`),
          summary: prose(kind.summary),
          description: prose(kind.description),
          params: kind.params.map((p) => ({
            name: escapePipes(code(p.name)),
            type: escapePipes(kst.label(p.schema)),
            required: p.required ? 'yes' : 'no',
            description: cell([p.summary, p.description].filter(Boolean).join('\n\n')),
            secret: p.secret,
          })),
          result: {
            type: kst.label(kind.result.schema),
            description: cell([kind.result.summary, kind.result.description].filter(Boolean).join('\n\n')),
            rows: (kst.isObjectLike(body) ? kst.rows(body) : kst.nested(body, '', 0)).map(rowView),
            ...casesView(kst, kind.resultCases),
          },
          notes: this.notes(page, service, method, kind.availability, isWs),
          examples: kind.examples.map((ex) => {
            const call = printer.subscription(method, kind, ex, subscriptionId);
            return {
              name: text(ex.name),
              anchor: exampleId(`${kind.name}-${ex.name}`),
              description: prose(ex.description),
              url: code(endpointUrl(endpointFor(service, { ...method, websocketOnly: true }) ?? endpoint, this.names.baseUrl)),
              request: call.requestPretty,
              notifications: call.notifications,
              ts: call.ts,
            };
          }),
        };
      }),
    };
  }

  private result(st: SchemaText, method: MethodModel) {
    const r = method.result!;
    const body = st.body(r.schema);
    return {
      name: code(r.name),
      type: st.label(r.schema),
      description: prose([r.summary, r.description].filter(Boolean).join('\n\n')),
      rows: (st.isObjectLike(body) ? st.rows(body) : st.nested(body, '', 0)).map(rowView),
      ...casesView(st, method.resultCases),
    };
  }

  private notes(page: string, service: ServiceModel, method: MethodModel, a: MethodModel['availability'], isWs: boolean) {
    const notes = {
      deprecated: method.deprecated,
      replacement: method.replacedBy ? this.methodLink(page, service, method.replacedBy) : undefined,
      keystore: method.keystore !== undefined,
      keystoreRemovedIn: method.keystore?.removedIn ? text(method.keystore.removedIn) : undefined,
      nodeSpecific: !a.publicNode,
      offByDefault: !a.enabledByDefault,
      enableWith: a.enableWith ? setting(a.enableWith) : undefined,
      notServed: !a.served,
      removedIn: a.removedIn ? text(a.removedIn) : undefined,
      note: a.note ? cell(a.note) : undefined,
      websocketOnly: method.websocketOnly || isWs,
    };
    const any = notes.deprecated || notes.keystore || notes.nodeSpecific || notes.offByDefault || notes.notServed || !!notes.removedIn || !!notes.note || notes.websocketOnly;
    return { ...notes, any };
  }

  /** A short table of a page's methods. */
  private methodIndex(page: string, service: ServiceModel, methods: readonly MethodModel[]) {
    return methods.map((m) => this.memory.memo(INDEX_ROWS).whenKeeping(m, () => [this.contextOf(page, service)], () => ({
      link: `[${text(m.name)}](${this.site.href(page, this.site.methodPage(service, m), this.site.methodAnchor(m))})`,
      summary: cell(m.summary),
      deprecated: m.deprecated && !says(m.summary, 'deprecat'),
      keystore: m.keystore !== undefined && !says(m.summary, 'keystore'),
      offByDefault: !m.availability.enabledByDefault,
      nodeSpecific: !m.availability.publicNode,
      notServed: !m.availability.served && !says(m.summary, 'not served'),
      removed: m.availability.removedIn !== undefined && !says(m.summary, 'removed'),
      websocketOnly: m.websocketOnly && !says(m.summary, 'websocket'),
    })));
  }

  // ---- pages -------------------------------------------------------------------------------------------

  private serviceHeader(page: string, service: ServiceModel) {
    const structures = [...new Set(service.methods.map((m) => m.paramStructure))];
    return {
      name: code(service.name),
      title: text(service.title),
      version: text(service.version),
      description: prose(service.description),
      summary: cell(firstParagraph(service.description)),
      link: `[${text(service.title)}](${this.site.href(page, this.site.servicePage(service))})`,
      endpoints: service.endpoints.map((e) => ({
        name: text(e.name),
        transport: e.transport,
        websocket: e.transport === 'websocket',
        path: e.path === '' ? 'the base URL' : code(e.path),
        url: code(endpointUrl(e, this.names.baseUrl)),
        variables: Object.entries(e.variables).map(([k, v]) => ({ name: code(k), default: code(v.default), description: cell(v.description) })),
      })),
      byName: structures.length === 1 && structures[0] === 'by-name',
      byPosition: structures.length === 1 && structures[0] === 'by-position',
      batch: service.jsonrpc.batch,
      batchLimit: service.jsonrpc.batchLimit,
      publicNodeBatchLimit: service.jsonrpc.publicNodeBatchLimit,
      methodCount: service.methods.length,
      oneMethod: service.methods.length === 1,
    };
  }

  /** Facts shared by every method of a group (a namespace, a service): said once at the top. */
  private groupNotes(methods: readonly MethodModel[]) {
    const all = (p: (m: MethodModel) => boolean) => methods.length > 0 && methods.every(p);
    const off = methods.filter((m) => !m.availability.enabledByDefault);
    const enableWith = [...new Set(off.flatMap((m) => (m.availability.enableWith ? [m.availability.enableWith] : [])))].map(setting);
    return {
      offByDefault: all((m) => !m.availability.enabledByDefault),
      someOffByDefault: off.length > 0 && off.length < methods.length,
      nodeSpecific: all((m) => !m.availability.publicNode),
      keystore: all((m) => m.keystore !== undefined),
      websocketOnly: all((m) => m.websocketOnly),
      enableWith,
    };
  }

  servicePage(service: ServiceModel) {
    const page = this.site.servicePage(service);
    const split = this.site.isSplit(service);
    const ids = new Ids(split ? [] : service.methods.map((m) => this.site.methodAnchor(m)));
    return {
      page,
      home: this.site.href(page, INDEX_PAGE),
      types: this.site.href(page, TYPES_PAGE),
      id: ids.claim(service.name),
      sectionIds: { endpoints: ids.claim('endpoints'), calling: ids.claim('calling'), namespaces: ids.claim('namespaces'), methods: ids.claim('methods') },
      service: this.serviceHeader(page, service),
      groupNotes: this.groupNotes(service.methods),
      split,
      namespaces: split
        ? service.namespaces.map((ns) => {
            const methods = service.methods.filter((m) => m.namespace === ns);
            return {
              name: ns ? code(ns) : 'other',
              link: `[${ns ? text(ns) : 'other methods'}](${this.site.href(page, this.site.namespacePage(service, ns))})`,
              count: methods.length,
              notes: this.groupNotes(methods),
            };
          })
        : [],
      // Rendered item by item (render.ts spliceable): the page is put together from each method's kept text.
      index: split ? [] : spliceable(this.methodIndex(page, service, service.methods)),
      methods: split ? [] : spliceable(service.methods.map((m) => this.method(page, service, m, ids))),
    };
  }

  namespacePage(service: ServiceModel, namespace: string) {
    const page = this.site.namespacePage(service, namespace);
    const methods = service.methods.filter((m) => m.namespace === namespace);
    const ids = new Ids(methods.map((m) => this.site.methodAnchor(m)));
    return {
      page,
      home: this.site.href(page, INDEX_PAGE),
      types: this.site.href(page, TYPES_PAGE),
      id: ids.claim(`${service.name}-${namespace || 'other'}`),
      sectionIds: { methods: ids.claim('methods') },
      namespace: namespace ? code(namespace) : 'other',
      namespaceText: namespace ? text(namespace) : 'other',
      service: this.serviceHeader(page, service),
      groupNotes: this.groupNotes(methods),
      index: spliceable(this.methodIndex(page, service, methods)),
      methods: spliceable(methods.map((m) => this.method(page, service, m, ids))),
    };
  }

  typesPage() {
    const page = TYPES_PAGE;
    const ids = new Ids(this.site.types.map((t) => t.anchor));
    const usedBy = this.typeUses();
    return {
      page,
      home: this.site.href(page, INDEX_PAGE),
      id: ids.claim('types'),
      types: this.site.types.map((t) => {
        const uses = (usedBy.get(t) ?? []).map((p) => useLink(this.memory, p.method, this.site.href(page, p.page, p.anchor)));
        const service = t.services[0]!;
        // Kept by the schema, what it reaches, its name and anchor, its services and the page's context.
        const made = () => this.typeView(page, t);
        const schema = t.schema;
        const view = isSchemaObject(schema)
          ? this.memory.memo(TYPE_VIEWS).whenKeeping(schema, () => [this.memory.reach(service.document, schema), t.name, t.anchor, t.services.map((s) => `${s.name}\0${s.title}`).join('\0'), this.contextOf(page, service)], made)
          : made();
        return { ...view, usedBy: uses };
      }),
    };
  }

  /** A named type's entry on the types page, without the methods that use it. */
  private typeView(page: string, t: ReturnType<Site['type']> & object) {
    const service = t.services[0]!;
    const st = this.schemaText(service, page);
    const codec = isSchemaObject(t.schema) && typeof t.schema['x-codec'] === 'string' ? t.schema['x-codec'] : undefined;
    const scalar = st.isScalar(t.schema);
    const jsonType = st.summary(t.schema);
    return {
      name: text(t.name),
      anchor: t.anchor,
      description: prose(isSchemaObject(t.schema) && typeof t.schema.description === 'string' ? t.schema.description : undefined),
      jsonType,
      codec: codec ? code(codec) : undefined,
      tsInline: scalar ? code(codec ? codecTsType(codec) ?? st.ts(t.schema) : st.ts(t.schema)) : undefined,
      tsBlock: scalar ? undefined : st.tsDeclaration(t.name, t.schema),
      rows: st.isObjectLike(t.schema) ? st.rows(t.schema).map(rowView) : st.nested(t.schema, '', 0).map(rowView),
      // Named alternatives the JSON type does not already list.
      variants: st.collect(t.schema).variants.map((v) => st.label({ $ref: `#/components/schemas/${v}` })).filter((l) => !jsonType.includes(l)),
      services: t.services.map((s) => `[${text(s.title)}](${this.site.href(page, this.site.servicePage(s))})`),
    };
  }

  /** For each named type, the methods whose params or results name it directly. */
  private typeUses() {
    const out = new Map<ReturnType<Site['type']> & object, ReturnType<Site['place']>[]>();
    for (const service of this.site.model.services) {
      for (const method of service.methods) {
        for (const name of namedIn(this.memory, method)) {
          const entry = this.site.type(service, name);
          if (!entry) continue;
          const list = out.get(entry) ?? [];
          list.push(this.site.place(service, method));
          out.set(entry, list);
        }
      }
    }
    return out;
  }

  indexPage() {
    const page = INDEX_PAGE;
    const ids = new Ids();
    const services = this.site.model.services;
    const link = (service: ServiceModel, m: MethodModel) => `[${text(m.name)}](${this.site.href(page, this.site.methodPage(service, m), this.site.methodAnchor(m))})`;
    // The first service's smallest everyday example: a call anyone can try on a fresh node.
    const candidates = services.flatMap((s) =>
      s.methods
        .filter((m) => !m.websocketOnly && m.examples.length && m.availability.served && m.availability.enabledByDefault && m.availability.publicNode && !m.deprecated && !m.keystore)
        .map((m) => ({ s, m, size: firstExampleSize(this.memory, m) })),
    );
    const inFirst = candidates.filter((c) => c.s === candidates[0]?.s);
    const first = inFirst.reduce<(typeof inFirst)[number] | undefined>((best, c) => (!best || c.size < best.size ? c : best), undefined);
    const firstCall = first && (() => {
      const ex = first.m.examples[0]!;
      const call = this.printer(first.s).call(first.m, ex);
      const endpoint = endpointFor(first.s, first.m);
      return { method: link(first.s, first.m), curl: curlCommand(call.request, endpointUrl(endpoint, this.names.baseUrl)), response: call.response, ts: call.ts };
    })();
    return {
      page,
      id: ids.claim('top'),
      sectionIds: Object.fromEntries(['services', 'calling', 'conventions', 'codecs', 'paging', 'batches', 'availability', 'public-node', 'keystore', 'websocket', 'deprecated', 'types'].map((s) => [s, ids.claim(s)])),
      title: text(this.config.package.name),
      description: prose(this.config.package.description),
      pkg: code(this.config.package.name),
      pkgName: this.config.package.name,
      baseUrl: code(this.names.baseUrl),
      pathVariables: [...new Set(services.flatMap((s) => s.endpoints.flatMap((e) => Object.keys(e.variables))))].map((v) => code(`{${v}}`)),
      secrets: [...new Set(services.flatMap((s) => s.methods.flatMap((m) => m.params.filter((p) => p.secret).map((p) => p.name))))].map((n) => code(n)),
      placeholders: [...new Set(services.flatMap((s) => s.methods.flatMap((m) => m.params.filter((p) => p.secret).map((p) => p.name))))].map((n) => code(`'<${n}>'`)),
      factory: code(this.config.clientName),
      types: this.site.href(page, TYPES_PAGE),
      services: services.map((s) => ({
        ...this.serviceHeader(page, s),
        namespaces: this.site.isSplit(s) ? s.namespaces.map((ns) => `[${text(ns || 'other')}](${this.site.href(page, this.site.namespacePage(s, ns))})`) : [],
      })),
      accessors: [...new Set(services.flatMap((s) => s.namespaces.map((ns) => code(`${this.names.variable}.${ns || s.name}`))))],
      firstCall,
      codecs: this.codecsUsed(page),
      paging: this.paging(page),
      batches: services.map((s) => ({ ...this.serviceHeader(page, s) })),
      anyBatch: services.some((s) => s.jsonrpc.batch),
      anyPublicLimit: services.some((s) => s.jsonrpc.publicNodeBatchLimit !== undefined),
      // Public API nodes and their limits are facts of documents that state them (x-availability, x-jsonrpc).
      publicNode: services.some((s) => s.jsonrpc.publicNodeBatchLimit !== undefined || s.methods.some((m) => !m.availability.publicNode)),
      offByDefault: this.groups(page, (m) => !m.availability.enabledByDefault, (m) => m.availability.enableWith),
      nodeSpecific: this.groups(page, (m) => !m.availability.publicNode),
      notServed: this.groups(page, (m) => !m.availability.served),
      removed: this.groups(page, (m) => m.availability.removedIn !== undefined, (m) => m.availability.removedIn),
      keystore: services.flatMap((s) => s.methods.filter((m) => m.keystore).map((m) => ({ link: link(s, m), removedIn: m.keystore?.removedIn ? text(m.keystore.removedIn) : undefined }))),
      websocketOnly: services.flatMap((s) => s.methods.filter((m) => m.websocketOnly).map((m) => ({ link: link(s, m), subscriptions: m.subscriptions?.kinds.map((k) => code(k.name)) ?? [] }))),
      deprecated: services.flatMap((s) => s.methods.filter((m) => m.deprecated).map((m) => ({ link: link(s, m), replacement: m.replacedBy ? this.methodLink(page, s, m.replacedBy) : undefined }))),
      typeCount: this.site.types.length,
      availabilityPage: this.site.href(page, AVAILABILITY_PAGE),
      errorsPage: this.site.href(page, ERRORS_PAGE),
    };
  }

  /**
   * Methods matching `pred`, grouped: a namespace whose every method matches (with one `detail`) is listed
   * once, linked to its page; otherwise the matching methods of a namespace are listed together, one entry
   * per distinct `detail` (a version, a config switch).
   */
  private groups(page: string, pred: (m: MethodModel) => boolean, detail: (m: MethodModel) => string | undefined = () => undefined) {
    const out: { link: string; whole: boolean; count: number; detail?: string; methods: string[] }[] = [];
    for (const s of this.site.model.services) {
      for (const ns of s.namespaces) {
        const methods = s.methods.filter((m) => m.namespace === ns);
        const hits = methods.filter(pred);
        if (!hits.length) continue;
        const target = this.site.isSplit(s) ? this.site.namespacePage(s, ns) : this.site.servicePage(s);
        const label = this.site.isSplit(s) ? `${s.title}: ${ns || 'other'}` : s.title;
        const link = `[${text(label)}](${this.site.href(page, target)})`;
        const details = [...new Set(hits.map(detail))];
        for (const d of details) {
          const these = hits.filter((m) => detail(m) === d);
          const whole = these.length === methods.length && methods.length > 1;
          out.push({
            link,
            whole,
            count: these.length,
            ...(d !== undefined ? { detail: setting(d) } : {}),
            methods: whole ? [] : these.map((m) => `[${text(m.name)}](${this.site.href(page, this.site.methodPage(s, m), this.site.methodAnchor(m))})`),
          });
        }
      }
    }
    return out;
  }

  /** The `x-codec` scalars the documents use, each with its named types. */
  private codecsUsed(page: string) {
    const by = new Map<string, Set<string>>();
    for (const t of this.site.types) {
      if (!isSchemaObject(t.schema) || typeof t.schema['x-codec'] !== 'string') continue;
      const codec = t.schema['x-codec'];
      if (!by.has(codec)) by.set(codec, new Set());
      by.get(codec)!.add(`[${text(t.name)}](${this.site.href(page, TYPES_PAGE, t.anchor)})`);
    }
    // Inline scalars with a codec count too, even without a named type.
    for (const s of this.site.model.services) {
      for (const m of s.methods) {
        for (const codec of methodCodecs(this.memory, m)) if (!by.has(codec)) by.set(codec, new Set());
      }
    }
    return [...by.keys()].sort().map((codec) => ({ codec: code(codec), partial: `codec-${codec}`, ts: escapePipes(code(codecTsType(codec) ?? 'unknown')), types: [...by.get(codec)!] }));
  }

  /** Paginated listings (`x-pagination`): how to page through them, by hand and with the client. */
  private paging(page: string) {
    return this.site.model.services.flatMap((s) =>
      s.methods.flatMap((m) => {
        const pg = m.pagination;
        if (!pg) return [];
        return [{ link: `[${text(m.name)}](${this.site.href(page, this.site.methodPage(s, m), this.site.methodAnchor(m))})`, ...this.pagingFacts(s, m) }];
      }),
    );
  }

  private pagingFacts(service: ServiceModel, m: MethodModel) {
    const pg = m.pagination!;
    return {
      cursorParam: code(pg.cursorParam),
      nextCursor: code(pg.nextCursor),
      items: code(pg.items),
      count: pg.count ? code(pg.count) : undefined,
      limitParam: pg.limitParam ? code(pg.limitParam) : undefined,
      maxLimit: pg.maxLimit,
      iterator: code(`${this.names.variable}.${m.namespace || service.name}.paginate${pascalCase(m.member)}`),
    };
  }

  /** Every method against the facts of its availability: the same facts as the badges on its heading. */
  availabilityPage() {
    const page = AVAILABILITY_PAGE;
    const ids = new Ids();
    const yes = (b: boolean) => (b ? 'yes' : 'no');
    return {
      page,
      id: ids.claim('availability'),
      home: this.site.href(page, INDEX_PAGE),
      errors: this.site.href(page, ERRORS_PAGE),
      services: this.site.model.services.map((s) => ({
        title: text(s.title),
        anchor: ids.claim(`availability-${s.name}`),
        link: `[${text(s.title)}](${this.site.href(page, this.site.servicePage(s))})`,
        methods: s.methods.map((m) => this.memory.memo(AVAILABILITY_ROWS).whenKeeping(m, () => [this.contextOf(page, s)], () => {
          const a = m.availability;
          return {
            link: `[${text(m.name)}](${this.site.href(page, this.site.methodPage(s, m), this.site.methodAnchor(m))})`,
            served: yes(a.served),
            onByDefault: a.enabledByDefault ? 'yes' : a.enableWith ? `no: ${setting(a.enableWith)}` : 'no',
            publicNode: yes(a.publicNode),
            websocketOnly: yes(m.websocketOnly),
            deprecated: m.deprecated ? (m.replacedBy ? `yes: use ${this.methodLink(page, s, m.replacedBy)}` : 'yes') : 'no',
            removedIn: a.removedIn ? text(a.removedIn) : m.keystore?.removedIn ? text(m.keystore.removedIn) : '',
          };
        })),
      })),
    };
  }

  /** Every documented error, by code, then message, with the methods that document it. */
  errorsPage() {
    const page = ERRORS_PAGE;
    const ids = new Ids();
    const byCode = new Map<number, Map<string, { message: string; data: string; methods: string[] }>>();
    for (const s of this.site.model.services) {
      for (const m of s.methods) {
        for (const e of m.errors) {
          const data = e.data === undefined || e.data === null ? '' : JSON.stringify(e.data);
          const key = `${e.message}\0${data}`;
          const messages = byCode.get(e.code) ?? new Map();
          byCode.set(e.code, messages);
          const entry = messages.get(key) ?? { message: e.message, data, methods: [] };
          messages.set(key, entry);
          entry.methods.push(`[${text(m.name)}](${this.site.href(page, this.site.methodPage(s, m), this.site.methodAnchor(m))})`);
        }
      }
    }
    const codes = [...byCode.keys()].sort((a, b) => a - b);
    return {
      page,
      id: ids.claim('errors'),
      home: this.site.href(page, INDEX_PAGE),
      count: codes.reduce((n, c) => n + byCode.get(c)!.size, 0),
      codes: codes.map((c) => ({
        code: String(c),
        anchor: ids.claim(`error-${c}`),
        entries: [...byCode.get(c)!.values()]
          .sort((a, b) => a.message.localeCompare(b.message))
          .map((e) => ({ message: escapePipes(code(e.message)), data: e.data ? escapePipes(code(e.data)) : '', methods: e.methods })),
      })),
      anyData: codes.some((c) => [...byCode.get(c)!.values()].some((e) => e.data !== '')),
    };
  }

  /** The site config's nav and sidebar. */
  siteConfig() {
    const services = this.site.model.services;
    const methodItem = (s: ServiceModel, m: MethodModel) =>
      this.memory.memo(SIDEBAR_ITEMS).whenKeeping(m, () => [this.contextOf('.vitepress/config.mts', s)], () => ({ text: m.name, link: `${this.site.route(this.site.methodPage(s, m))}#${this.site.methodAnchor(m)}` }));
    const sidebar = [
      { text: 'Overview', link: this.site.route(INDEX_PAGE) },
      ...services.map((s) =>
        this.site.isSplit(s)
          ? {
              text: s.title,
              // A collapsible group without a link nests VitePress's toggle inside a button (axe: nested-interactive).
              link: this.site.route(this.site.servicePage(s)),
              collapsed: true,
              items: [
                { text: 'Overview', link: this.site.route(this.site.servicePage(s)) },
                ...s.namespaces.map((ns) => ({ text: ns || 'other', link: this.site.route(this.site.namespacePage(s, ns)), collapsed: true, items: s.methods.filter((m) => m.namespace === ns).map((m) => methodItem(s, m)) })),
              ],
            }
          : { text: s.title, link: this.site.route(this.site.servicePage(s)), collapsed: true, items: s.methods.map((m) => methodItem(s, m)) },
      ),
      { text: 'Types', link: this.site.route(TYPES_PAGE) },
      { text: 'Availability', link: this.site.route(AVAILABILITY_PAGE) },
      { text: 'Errors', link: this.site.route(ERRORS_PAGE) },
    ];
    const nav = [
      { text: 'Overview', link: this.site.route(INDEX_PAGE) },
      { text: 'Services', items: services.map((s) => ({ text: s.title, link: this.site.route(this.site.servicePage(s)) })) },
      { text: 'Types', link: this.site.route(TYPES_PAGE) },
      { text: 'Availability', link: this.site.route(AVAILABILITY_PAGE) },
      { text: 'Errors', link: this.site.route(ERRORS_PAGE) },
    ];
    return { title: this.config.package.name, description: this.config.package.description, nav, sidebar };
  }
}

/**
 * The availability facts a method's heading shows as badges (VitePress's `<Badge>`), from the same data as
 * the availability page: removed, not served, deprecated, off by default, not on the public node, WebSocket
 * only.
 */
export function badges(m: MethodModel): { type: 'danger' | 'warning' | 'info' | 'tip'; text: string }[] {
  const a = m.availability;
  const out: { type: 'danger' | 'warning' | 'info' | 'tip'; text: string }[] = [];
  const removed = a.removedIn ?? m.keystore?.removedIn;
  if (removed) out.push({ type: 'danger', text: `removed in ${removed}` });
  if (!a.served) out.push({ type: 'danger', text: 'not served' });
  if (m.deprecated) out.push({ type: 'warning', text: 'deprecated' });
  if (!a.enabledByDefault) out.push({ type: 'info', text: 'off by default' });
  if (!a.publicNode) out.push({ type: 'info', text: 'not on public node' });
  if (m.websocketOnly) out.push({ type: 'tip', text: 'WebSocket only' });
  return out;
}

/** A value for a double-quoted HTML attribute. */
function attr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The component names a method's params and results refer to directly, sorted, by method model. */
const NAMED = slot<MethodModel, readonly string[]>('components named by methods');

function namedIn(memory: Memory, method: MethodModel): readonly string[] {
  return memory.keptIn(NAMED, method, () => {
    const names = new Set<string>();
    const schemas: JsonSchema[] = [...method.params.map((p) => p.schema), ...(method.result ? [method.result.schema] : [])];
    for (const k of method.subscriptions?.kinds ?? []) schemas.push(...k.params.map((p) => p.schema), k.result.schema);
    for (const s of schemas) refsIn(s, names);
    return [...names].sort();
  });
}

/** Component names a schema refers to directly (not through other components). */
function refsIn(schema: unknown, into: Set<string>, depth = 0): void {
  if (depth > 16 || schema === null || typeof schema !== 'object') return;
  if (Array.isArray(schema)) {
    for (const s of schema) refsIn(s, into, depth + 1);
    return;
  }
  const o = schema as Record<string, unknown>;
  if (typeof o.$ref === 'string') {
    const name = componentName(o.$ref);
    if (name !== undefined) into.add(name);
  }
  for (const [k, v] of Object.entries(o)) if (k !== '$ref' && k !== 'examples' && k !== 'default' && k !== 'const' && k !== 'enum') refsIn(v, into, depth + 1);
}

function codecsIn(schema: unknown, depth = 0): string[] {
  if (depth > 16 || schema === null || typeof schema !== 'object') return [];
  if (Array.isArray(schema)) return schema.flatMap((s) => codecsIn(s, depth + 1));
  const o = schema as Record<string, unknown>;
  const own = typeof o['x-codec'] === 'string' ? [o['x-codec']] : [];
  return [...own, ...Object.entries(o).flatMap(([k, v]) => (k === 'enum' || k === 'const' ? [] : codecsIn(v, depth + 1)))];
}

/** x-result-by-param, for a result or a notification: which values of the param give which narrower type. */
function casesView(st: SchemaText, rc: ResultCasesModel | undefined) {
  if (!rc) return {};
  return {
    caseParam: code(rc.param),
    cases: rc.cases.map((c) => ({
      values: c.values.map((v) => code(JSON.stringify(v))).join(', '),
      omitted: c.whenOmitted,
      type: st.label(c.schema),
      summary: c.summary ? prose(c.summary.trim()) : undefined,
    })),
  };
}

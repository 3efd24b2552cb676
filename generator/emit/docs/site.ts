/**
 * The shape of the docs: which pages exist, where each method and named type lives, and the relative links
 * between them. Every anchor is an explicit heading id chosen here, so links never depend on slug rules.
 */
import { posix } from 'node:path';
import type { MethodModel, Model, ServiceModel, JsonSchema } from '../../model/index.js';
import { anchorId } from '../shared/markdown.js';

export const INDEX_PAGE = 'index.md';
export const TYPES_PAGE = 'types.md';
export const AVAILABILITY_PAGE = 'availability.md';
export const ERRORS_PAGE = 'errors.md';
/** Page names a service page must not take. */
const RESERVED = new Set(['index', 'types', 'availability', 'errors']);

export interface TypeEntry {
  readonly name: string;
  readonly anchor: string;
  readonly schema: JsonSchema;
  /** Services whose documents hold this schema (same name, same content). */
  readonly services: ServiceModel[];
}

export interface MethodPlace {
  readonly service: ServiceModel;
  readonly method: MethodModel;
  readonly page: string;
  readonly anchor: string;
}

export class Site {
  readonly model: Model;
  /** Named types in page order (by name), one entry per distinct schema. */
  readonly types: readonly TypeEntry[];
  private readonly typeBy = new Map<string, TypeEntry>();
  private readonly methodsBy = new Map<string, MethodPlace>();
  private readonly relative = new Map<string, string>();

  constructor(model: Model) {
    this.model = model;
    const entries: TypeEntry[] = [];
    const byName = new Map<string, { entry: TypeEntry; json: () => string }[]>();
    const taken = new Set<string>();
    // Serialized lazily: only a name seen in two documents needs its schemas compared.
    const lazyJson = (schema: JsonSchema) => {
      let json: string | undefined;
      return () => (json ??= JSON.stringify(schema));
    };
    for (const service of model.services) {
      for (const name of Object.keys(service.schemas).sort()) {
        const schema = service.schemas[name]!;
        const json = lazyJson(schema);
        const same = byName.get(name)?.find((e) => e.json() === json());
        if (same) {
          same.entry.services.push(service);
          this.typeBy.set(`${service.name}\0${name}`, same.entry);
          continue;
        }
        let anchor = anchorId(byName.has(name) ? `${service.name}-${name}` : name);
        for (let i = 2; taken.has(anchor); i++) anchor = `${anchorId(name)}-${i}`;
        taken.add(anchor);
        const entry: TypeEntry = { name, anchor, schema, services: [service] };
        entries.push(entry);
        byName.set(name, [...(byName.get(name) ?? []), { entry, json }]);
        this.typeBy.set(`${service.name}\0${name}`, entry);
      }
    }
    this.types = entries.sort((a, b) => (a.name === b.name ? a.anchor.localeCompare(b.anchor) : a.name.localeCompare(b.name)));
    for (const service of model.services) {
      for (const method of service.methods) {
        this.methodsBy.set(`${service.name}\0${method.name}`, { service, method, page: this.methodPage(service, method), anchor: this.methodAnchor(method) });
      }
    }
  }

  /** Whether a service is split into one page per namespace (under a folder with an overview page). */
  isSplit(service: ServiceModel): boolean {
    return service.namespaces.length > 1;
  }

  private base(service: ServiceModel): string {
    return RESERVED.has(service.name) ? `${service.name}-service` : service.name;
  }

  /** The service's own page: its only page, or the overview of its namespace pages. */
  servicePage(service: ServiceModel): string {
    return this.isSplit(service) ? `${this.base(service)}/index.md` : `${this.base(service)}.md`;
  }

  namespacePage(service: ServiceModel, namespace: string): string {
    if (!this.isSplit(service)) return this.servicePage(service);
    const name = namespace ? anchorId(namespace) : 'methods';
    return `${this.base(service)}/${name === 'index' ? 'index-namespace' : name}.md`;
  }

  methodPage(service: ServiceModel, method: MethodModel): string {
    return this.namespacePage(service, method.namespace);
  }

  methodAnchor(method: MethodModel): string {
    return anchorId(method.name);
  }

  /** A method by name, in `service` first, then in any service. */
  findMethod(service: ServiceModel, name: string): MethodPlace | undefined {
    return this.methodsBy.get(`${service.name}\0${name}`) ?? this.model.services.map((s) => this.methodsBy.get(`${s.name}\0${name}`)).find((p) => p !== undefined);
  }

  place(service: ServiceModel, method: MethodModel): MethodPlace {
    return this.methodsBy.get(`${service.name}\0${method.name}`)!;
  }

  type(service: ServiceModel, name: string): TypeEntry | undefined {
    return this.typeBy.get(`${service.name}\0${name}`);
  }

  /** A relative link from page `from` to `page#anchor` (`#anchor` alone within a page). */
  href(from: string, page: string, anchor?: string): string {
    const hash = anchor ? `#${anchor}` : '';
    if (from === page) return hash || posix.basename(page);
    const key = `${from}\0${page}`;
    let rel = this.relative.get(key);
    if (rel === undefined) {
      rel = posix.relative(posix.dirname(from), page);
      if (!rel.startsWith('.')) rel = `./${rel}`;
      this.relative.set(key, rel);
    }
    return `${rel}${hash}`;
  }

  /** The site route of a page (for the site's nav and sidebar): `/`, `/svc`, `/svc/` (a split service), `/svc/ns`. */
  route(page: string): string {
    return `/${page.replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, '')}`;
  }
}

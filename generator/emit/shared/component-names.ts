/**
 * The names the Go and Python emitters give a spec's components (`#/components/schemas/X`). Each service's
 * component gets one declaration; services that declare the same component with the same schema share it,
 * and a service whose schema differs gets its own, prefixed by the service's name.
 */
import type { JsonSchema, ServiceModel } from '../../model/index.js';
import type { NameTable } from './names.js';

const PREFIX = '#/components/schemas/';

/** A component the service has not named yet: `ComponentNames.claim` or `.set` records its name. */
export interface NewComponent {
  readonly service: string;
  readonly component: string;
  readonly schema: JsonSchema;
  /** The schema as JSON, to tell whether another service's component of this name is the same. */
  readonly json: string;
}

export class ComponentNames {
  /** `service\0component` → declared name. */
  private readonly given = new Map<string, string>();
  /** Component name → the schema first declared under it (as JSON) and that declaration's name. */
  private readonly shared = new Map<string, { readonly json: string; readonly name: string }>();

  /**
   * @param table where the declared names are claimed, shared with the emitter's other declarations
   * @param casing the language's type name for a component or a service name
   */
  constructor(
    private readonly table: NameTable,
    private readonly casing: (text: string) => string,
  ) {}

  /**
   * The name the reference's component already has in the service (or shares with another service), the
   * component to declare, or undefined when the reference names no component of the service.
   */
  find(ref: string, service: Pick<ServiceModel, 'name' | 'schemas'>): string | NewComponent | undefined {
    if (!ref.startsWith(PREFIX)) return undefined;
    const component = decodeURIComponent(ref.slice(PREFIX.length));
    const known = this.given.get(key(service.name, component));
    if (known) return known;
    const schema = service.schemas[component];
    if (schema === undefined) return undefined;
    const json = JSON.stringify(schema);
    const same = this.shared.get(component);
    if (same && same.json === json) {
      this.given.set(key(service.name, component), same.name);
      return same.name;
    }
    return { service: service.name, component, schema, json };
  }

  /**
   * Claims the component's declared name: its own name for the first service that declares it, prefixed by
   * the service's name when another service declared a different schema under it first. Later services with
   * the same schema share it.
   */
  claim(c: NewComponent): string {
    const first = !this.shared.has(c.component);
    const name = this.table.claim(first ? this.casing(c.component) : `${this.casing(c.service)}${this.casing(c.component)}`);
    if (first) this.shared.set(c.component, { json: c.json, name });
    this.given.set(key(c.service, c.component), name);
    return name;
  }

  /** Records a name (a type expression) for the component in its service alone, shared with no other. */
  set(c: NewComponent, name: string): void {
    this.given.set(key(c.service, c.component), name);
  }
}

function key(service: string, component: string): string {
  return `${service}\0${component}`;
}

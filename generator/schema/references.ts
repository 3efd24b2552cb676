/**
 * One table of resolved references per ajv instance. ajv keeps what a `$ref` resolved to (and the function
 * compiled for it) on the root of the schema being compiled. Our roots are the registered document and one
 * small schema per compile (a `{ $ref }` to a pointer, a params envelope), so a schema that many methods
 * refer to directly was compiled again for every one of them, and a schema reached through two names (a
 * param's `#/methods/3/params/0/schema` that is only `$ref: '#/components/schemas/ID'`, and the component
 * itself) once per name. Here every root looks up one table, by the place ajv lands on, so each schema is
 * compiled once per instance. The functions are the ones ajv would have compiled (same schema, same root,
 * same base): the code they make, and so the emitted validators, stay as they were.
 *
 * Not strict, ajv logs what strict mode would refuse while it compiles a schema, and the example checks
 * report each of those at the place being checked. So that they still report exactly what they did when
 * every root compiled its own copy, the table remembers what each entry's own compile logged and says it
 * again where a root, before, would have compiled that entry anew.
 */
import { schemaHasRulesButRef } from 'ajv/dist/compile/util.js';
import type { ValidationRules } from 'ajv/dist/compile/rules.js';
import { getAtPointer } from '../lib/pointer.js';

interface Open {
  readonly name: string;
  /** Looked up by a top-level root with nothing else being compiled. */
  readonly top: boolean;
  readonly logged: string[];
  /** Something compiled inside it called a schema still being compiled (see `reusable`). */
  tainted: boolean;
}

interface Entry {
  readonly value: unknown;
  readonly logged: readonly string[];
}

export class ReferenceTable {
  /** What top-level roots compiled for their references, by where those land (see `landing`). */
  private readonly shared = new Map<string, Entry>();
  /** Lookups that found nothing, whose compile is under way (innermost last). */
  private readonly open: Open[] = [];
  private readonly landings = new Map<string, string>();
  private readonly documentTable: Record<string, unknown>;

  /**
   * @param prefix `<id>#`: references into the document start with it.
   * @param bag the registered document (what ajv resolves pointers in).
   * @param rules the instance's keyword rules (a `$ref` beside another keyword is not followed).
   * @param say where a log line said again goes (the compiler's warnings).
   * @param follow false when the document has `$id`s inside, where ajv's resolution takes bases into account.
   */
  constructor(
    private readonly prefix: string,
    private readonly bag: object,
    private readonly rules: ValidationRules,
    private readonly say: (line: string) => void,
    private readonly follow: boolean,
  ) {
    this.documentTable = this.view(false);
  }

  /** The table of the registered document's root: ajv's own, what references inside the document resolved to. */
  forDocument(): Record<string, unknown> {
    return this.documentTable;
  }

  /** The table of one top-level schema's root (a new root, and table, for every compile). */
  forCompile(): Record<string, unknown> {
    this.open.length = 0;
    return this.view(true);
  }

  /** A line ajv logged: it belongs to the innermost reference being compiled, if any. */
  log(line: string): void {
    this.open.at(-1)?.logged.push(line);
  }

  /**
   * A root's own table, as ajv kept it: by the name looked up, filled when ajv stores what it compiled.
   * A top-level root looking up a name it does not have, with nothing else being compiled, takes what an
   * earlier top-level root compiled for the same place, when compiling it again would make the same code
   * (nothing compiled inside it called a schema still being compiled), and says again what that compile
   * logged. The references that compile made inside the document are in the document's table already, so
   * compiling it again would compile nothing else and log nothing more. Within one root, two names never
   * share a function (each had its own, and a module holds both).
   */
  private view(top: boolean): Record<string, unknown> {
    const own = new Map<string, unknown>();
    const taken = new Set<string>();
    return new Proxy(Object.create(null) as Record<string, unknown>, {
      get: (_, name) => {
        if (typeof name !== 'string') return undefined;
        const value = own.get(name);
        if (value) return value;
        const atTop = top && this.open.length === 0;
        if (atTop) {
          const key = this.landing(name);
          const entry = taken.has(key) ? undefined : this.shared.get(key);
          if (entry) {
            for (const line of entry.logged) this.say(line);
            own.set(name, entry.value);
            taken.add(key);
            return entry.value;
          }
        }
        // ajv resolves and compiles it next, then stores it (below).
        this.open.push({ name, top: atTop, logged: [], tainted: false });
        return undefined;
      },
      set: (_, name, value) => {
        if (typeof name !== 'string') return false;
        own.set(name, value);
        // Close its lookup (and any left open by a lookup whose compile failed).
        let closed: Open | undefined;
        for (let open = this.open.pop(); open; open = this.open.pop()) {
          if (open.name === name) {
            closed = open;
            break;
          }
        }
        if (!closed) return true;
        if (!reusable(value)) closed.tainted = true;
        if (closed.tainted) for (const open of this.open) open.tainted = true;
        if (top) {
          const key = this.landing(name);
          taken.add(key);
          if (closed.top && !closed.tainted && value && !this.shared.has(key)) this.shared.set(key, { value, logged: closed.logged });
        }
        return true;
      },
    });
  }

  /**
   * Where ajv lands when it resolves `name` (an absolute reference): a schema that is only a `$ref` to
   * another place in the document is followed, as ajv follows it. Anything else is its own landing.
   */
  private landing(name: string): string {
    let key = this.landings.get(name);
    if (key !== undefined) return key;
    key = name;
    if (this.follow && name.startsWith(this.prefix)) {
      let at = name.slice(this.prefix.length);
      for (let hops = 0; hops < 32 && at.startsWith('/'); hops++) {
        const node = getAtPointer(this.bag, at);
        if (node === null || typeof node !== 'object' || Array.isArray(node)) break;
        const ref = (node as Record<string, unknown>).$ref;
        if (typeof ref !== 'string' || !ref.startsWith('#/') || schemaHasRulesButRef(node, this.rules)) break;
        const next = getAtPointer(this.bag, ref.slice(1));
        if (next === null || typeof next !== 'object' || Array.isArray(next)) break;
        at = ref.slice(1);
      }
      key = this.prefix + at;
    }
    this.landings.set(name, key);
    return key;
  }
}

/**
 * Whether what a reference resolved to is what compiling it again at the top would make: a compiled function
 * whose code calls no schema that was still being compiled (a cycle is called through a `wrapper` or `root`,
 * and where the cycle is entered changes the code), or a schema inlined as is.
 */
function reusable(value: unknown): boolean {
  // A schema inlined as is (a boolean schema: ajv inlines nothing else here).
  if (typeof value !== 'object' || value === null || !('refs' in value)) return true;
  const validate = (value as { validate?: unknown }).validate;
  if (typeof validate !== 'function') return false;
  const values = (validate as { source?: { scopeValues?: Record<string, unknown> } }).source?.scopeValues;
  return !values || (values.wrapper === undefined && values.root === undefined);
}

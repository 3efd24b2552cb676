/**
 * Every schema compiling under ajv, and every example validating against its schemas: the checks that
 * compile, run on the schema thread (schema/job.ts) while the main thread emits. Problems are located by
 * pointer into the bundled document; the main thread maps them to files and lines.
 */
import { noCache, type Cache } from '../speed/cache.js';
import { AJV_VERSION, describeAjvError, simplifyErrors, type SchemaCompiler } from '../schema/ajv.js';
import { closureKey } from '../lib/closure.js';
import { compileParams, type EnvelopeParam, type ParamStructure } from '../schema/envelope.js';
import { isRecord } from '../lib/guards.js';
import { deref, methodsOf } from './document.js';
import { getAtPointer, joinPointer } from '../lib/pointer.js';
import { slot, type Memory } from '../lib/memory.js';

/** A problem found in a bundled document, located by pointer (provenance maps it to a file and line). */
export interface LocatedProblem {
  readonly pointer: string;
  readonly code: string;
  readonly message: string;
  /** Default: error (or a warning for a foreign document, by the project's standards). */
  readonly severity?: 'warning';
}

/**
 * Compile every method's schemas and validate every example. A method whose closure (itself and every
 * schema it reaches) passed before is not checked again: its verdict is in the cache. `memory`: the run's,
 * where what each method's check found is kept for a next run (absent: nothing is kept).
 */
export function checkSchemasAndExamples(
  document: Record<string, unknown>,
  compiler: SchemaCompiler,
  cache: Cache,
  salt: string,
  broken: ReadonlySet<object>,
  memory?: Memory,
): LocatedProblem[] {
  const checker = new Checker(document, compiler, broken);
  // (A run that keeps nothing has nothing to find a verdict by: see lib/memory.ts.)
  const checked = memory?.keeping ? memory.memo(CHECKED) : undefined;
  const all: LocatedProblem[] = [];
  for (const { pointer, method } of methodsOf(document)) {
    // A method that reaches a broken reference was not fully checked: nothing is kept of it.
    const whole = !(broken.size && reachesBroken(document, method, broken));
    // What a method's check finds is its own (a problem several methods share is reported by each, and the
    // duplicates go when the run's problems are put together), so it is kept by the method, its place and
    // what it reaches (see incremental.ts).
    const inputs = whole && checked ? [pointer, memory!.reach(document, method), salt] : undefined;
    const kept = inputs ? checked!.peek(method, inputs) : undefined;
    if (kept) {
      all.push(...kept);
      continue;
    }
    // Without a cache (--no-cache) there is no verdict to look up or keep, and the key is not worth hashing.
    const key = cache === noCache ? undefined : closureKey(document, pointer, salt);
    if (key !== undefined && cache.get('check', key) === 'ok') {
      if (inputs) checked!.set(method, inputs, []);
      continue;
    }
    checker.reset();
    checker.check(pointer, method);
    // A verdict is kept only for a method whose every reference resolved: otherwise it was not fully checked.
    if (key !== undefined && checker.problems.length === 0 && whole) cache.set('check', key, 'ok');
    if (inputs) checked!.set(method, inputs, [...checker.problems]);
    all.push(...checker.problems);
  }
  return all;
}

/** Checks one method at a time: compiles its schemas and validates its examples, gathering what it finds. */
class Checker {
  readonly problems: LocatedProblem[] = [];
  private readonly reported = new Set<string>();

  constructor(
    private readonly document: Record<string, unknown>,
    private readonly compiler: SchemaCompiler,
    private readonly broken: ReadonlySet<object>,
  ) {}

  /** Starts afresh for the next method. */
  reset(): void {
    this.problems.length = 0;
    this.reported.clear();
  }

  compile(schemaPointer: string) {
    // A schema that reaches a broken reference cannot be compiled; the reference was reported already.
    if (this.broken.size && reachesBroken(this.document, getAtPointer(this.document, schemaPointer), this.broken)) return undefined;
    const v = this.compiler.compile(schemaPointer);
    this.strictWarnings(schemaPointer);
    // A reference that does not resolve was reported where it is written, while bundling.
    if (v instanceof Error && (v.name === 'MissingRefError' || /can't resolve reference/.test(v.message))) return undefined;
    if (v instanceof Error) {
      const at = locateCompileError(this.document, schemaPointer, v.message);
      if (!this.reported.has(at + v.message)) {
        this.reported.add(at + v.message);
        this.problems.push(located(at, 'schema-invalid', `ajv rejects this schema: ${v.message.replace(/^strict mode: /, 'strict mode: ')}. Fix the schema.`));
      }
      return undefined;
    }
    return v;
  }

  /** Not strict: what ajv's strict mode would refuse in what was just compiled is a warning, at the keyword it names. */
  private strictWarnings(schemaPointer: string) {
    for (const w of this.compiler.drainWarnings()) {
      const message = w.replace(/^strict mode: /, '');
      const at = locateCompileError(this.document, schemaPointer, message);
      if (this.reported.has(at + message)) continue;
      this.reported.add(at + message);
      this.problems.push({ pointer: at, code: 'schema-strict', message: `ajv's strict mode would refuse this schema: ${message}. Fix the schema (with --strict this is an error).`, severity: 'warning' });
    }
  }

  validateAt(validate: ReturnType<Checker['compile']>, value: unknown, valuePointer: string, what: string) {
    if (!validate || validate(value)) return;
    // The fast validator stops at the first error; report them all with the exhaustive one.
    const all = this.compiler.compileSchema(`report ${validate.schemaEnv.schemaPath ?? ''} ${JSON.stringify(validate.schema)}`, validate.schema as Record<string, unknown>, 'all');
    // Compiled again to report every error, the schema makes strict mode say again what it said when it was
    // compiled to check with (reported there): nothing new, and nothing about what is compiled next.
    this.compiler.drainWarnings();
    const errors = all instanceof Error ? (validate.errors ?? []) : (all(value), all.errors ?? []);
    for (const e of simplifyErrors(errors)) {
      this.problems.push(located(valuePointer + e.instancePath, 'example-invalid', `${what}: ${describeAjvError(e)}. Fix the example or the schema.`));
    }
  }

  /**
   * The params envelope, compiled as it ships. When ajv rejects it, each param's schema is compiled alone
   * to say which one is at fault, and where.
   */
  private compileEnvelope(pointer: string, params: readonly EnvelopeParam[], structure: ParamStructure) {
    const v = compileParams(this.compiler, pointer, params, structure);
    this.strictWarnings(`${pointer}/params`);
    if (!(v instanceof Error)) return v;
    for (const p of params) if (p.schemaPointer !== undefined) this.compile(p.schemaPointer);
    return undefined;
  }

  check(pointer: string, method: Record<string, unknown>): void {
    const structure: ParamStructure = method.paramStructure === 'by-name' || method.paramStructure === 'by-position' ? method.paramStructure : 'either';
    const params = (Array.isArray(method.params) ? method.params : []).map((_, i) => {
      const p = deref(this.document, `${pointer}/params/${i}`);
      const value = p && isRecord(p.value) ? p.value : {};
      const schema = p && value.schema !== undefined ? `${p.pointer}/schema` : undefined;
      // A schema that reaches a broken reference cannot be compiled (the reference was reported already):
      // that param takes any value, and the others are still checked.
      const usable = schema !== undefined && !(this.broken.size && reachesBroken(this.document, getAtPointer(this.document, schema), this.broken));
      return { name: String(value.name), required: value.required === true, schemaPointer: usable ? schema : undefined };
    });
    const paramsValidator = this.compileEnvelope(pointer, params, structure);
    const result = deref(this.document, `${pointer}/result`);
    const resultValidator = result && isRecord(result.value) && result.value.schema !== undefined ? this.compile(`${result.pointer}/schema`) : undefined;

    (Array.isArray(method.examples) ? method.examples : []).forEach((_, ei) => this.checkExample(pointer, method, ei, params, structure, paramsValidator, result, resultValidator));
    this.checkSubscriptions(pointer, method);
  }

  /** One example: its params against the declared ones and the envelope, its result against the result schema. */
  private checkExample(
    pointer: string,
    method: Record<string, unknown>,
    ei: number,
    params: readonly EnvelopeParam[],
    structure: ParamStructure,
    paramsValidator: ReturnType<Checker['compileEnvelope']>,
    result: ReturnType<typeof deref>,
    resultValidator: ReturnType<Checker['compile']>,
  ): void {
    const name = String(method.name);
    const ex = deref(this.document, `${pointer}/examples/${ei}`);
    if (!ex || !isRecord(ex.value)) return;
    const exName = typeof ex.value.name === 'string' ? ex.value.name : `#${ei}`;
    const exParams = Array.isArray(ex.value.params) ? ex.value.params : [];
    // The example's params as they travel: by name unless the method takes them only by position.
    const byName: Record<string, unknown> = {};
    const byPosition: unknown[] = [];
    const valuePointers = new Map<string, string>();
    const given = new Map<string, number>();
    exParams.forEach((_, pi) => {
      const ep = deref(this.document, `${ex.pointer}/params/${pi}`);
      if (!ep || !isRecord(ep.value)) return;
      const pname = String(ep.value.name);
      const idx = params.findIndex((p) => p.name === pname);
      if (idx === -1) {
        this.problems.push(
          located(`${ep.pointer}/name`, 'example-param-unknown', `Example "${exName}" of ${name} gives param "${pname}", which the method does not declare (declared: ${params.map((p) => p.name).join(', ') || 'none'}).`),
        );
        return;
      }
      if (method.paramStructure !== 'by-name' && idx !== pi)
        this.problems.push(located(`${ep.pointer}/name`, 'example-param-order', `Example "${exName}" of ${name} gives "${pname}" at position ${pi}, but it is param ${idx}: list example params in declaration order.`));
      given.set(pname, pi);
      byName[pname] = ep.value.value;
      byPosition[idx] = ep.value.value;
      valuePointers.set(pname, `${ep.pointer}/value`);
    });
    for (const p of params) {
      if (p.required && !given.has(p.name))
        this.problems.push(located(`${ex.pointer}/params`, 'example-param-missing', `Example "${exName}" of ${name} omits required param "${p.name}".`));
    }
    if (paramsValidator && !paramsValidator(structure === 'by-position' ? Array.from(byPosition, (v) => (v === undefined ? null : v)) : byName)) {
      // Errors inside one param's value, reported at that value. Errors about the envelope itself (a
      // missing, extra or misplaced param) were reported above, in the author's terms.
      for (const e of simplifyErrors(paramsValidator.errors ?? [])) {
        const [first, ...rest] = e.instancePath.split('/').slice(1);
        if (first === undefined) continue;
        const pname = structure === 'by-position' ? params[Number(first)]?.name : first.replace(/~1/g, '/').replace(/~0/g, '~');
        const at = pname === undefined ? undefined : valuePointers.get(pname);
        if (at === undefined) continue;
        const inner = rest.length ? `/${rest.join('/')}` : '';
        this.problems.push(located(at + inner, 'example-invalid', `Example "${exName}" of ${name}, param "${pname}": ${describeAjvError({ ...e, instancePath: inner })}. Fix the example or the schema.`));
      }
    }
    const exResult = deref(this.document, `${ex.pointer}/result`);
    if (exResult && isRecord(exResult.value) && 'value' in exResult.value) {
      const before = this.problems.length;
      this.validateAt(resultValidator, exResult.value.value, `${exResult.pointer}/value`, `Example "${exName}" of ${name}, result`);
      // The narrower result its params select (x-result-by-param) holds it too.
      const selected = this.problems.length === before ? this.selectedCase(pointer, method, byName, given) : undefined;
      if (selected)
        this.validateAt(this.compile(selected.pointer), exResult.value.value, `${exResult.pointer}/value`, `Example "${exName}" of ${name}, result (the case of ${selected.what})`);
    } else if (result && !exResult) {
      this.problems.push(located(ex.pointer, 'example-result-missing', `Example "${exName}" of ${name} has no result value; add one so clients, mocks and docs can use it.`));
    }
  }

  /**
   * The `x-result-by-param` case an example's params select: by the param's value, or by its schema's
   * `default` when the example leaves it out. Undefined when there are no cases or none matches.
   */
  private selectedCase(pointer: string, method: Record<string, unknown>, byName: Record<string, unknown>, given: ReadonlyMap<string, number>): { pointer: string; what: string } | undefined {
    const x = method['x-result-by-param'];
    if (!isRecord(x) || typeof x.param !== 'string' || !Array.isArray(x.cases)) return undefined;
    let value: unknown;
    if (given.has(x.param)) value = byName[x.param];
    else {
      const index = (Array.isArray(method.params) ? method.params : []).findIndex((_, i) => {
        const p = deref(this.document, `${pointer}/params/${i}`);
        return p && isRecord(p.value) && p.value.name === x.param;
      });
      const schema = index < 0 ? undefined : deref(this.document, `${deref(this.document, `${pointer}/params/${index}`)!.pointer}/schema`)?.value;
      if (!isRecord(schema) || !('default' in schema)) return undefined;
      value = schema.default;
    }
    const key = JSON.stringify(value);
    const i = x.cases.findIndex((c) => isRecord(c) && Array.isArray(c.values) && c.values.some((v) => JSON.stringify(v) === key));
    return i < 0 ? undefined : { pointer: `${pointer}/x-result-by-param/cases/${i}/result`, what: `${x.param} ${key}${given.has(x.param) ? '' : ', its default'}` };
  }

  /** Subscription kinds: their params and every example notification. */
  private checkSubscriptions(pointer: string, method: Record<string, unknown>): void {
    const subs = method['x-subscriptions'];
    if (isRecord(subs) && Array.isArray(subs.kinds)) {
      subs.kinds.forEach((kind, ki) => {
        if (!isRecord(kind)) return;
        const kp = `${pointer}/x-subscriptions/kinds/${ki}`;
        const kparams = (Array.isArray(kind.params) ? kind.params : []).map((p, i) => ({
          name: isRecord(p) ? String(p.name) : '',
          validate: isRecord(p) && p.schema !== undefined ? this.compile(`${kp}/params/${i}/schema`) : undefined,
        }));
        const kresult = isRecord(kind.result) && kind.result.schema !== undefined ? this.compile(`${kp}/result/schema`) : undefined;
        (Array.isArray(kind.examples) ? kind.examples : []).forEach((ex, ei) => {
          if (!isRecord(ex)) return;
          const exName = String(ex.name);
          (Array.isArray(ex.params) ? ex.params : []).forEach((ep, pi) => {
            if (!isRecord(ep)) return;
            const found = kparams.find((k) => k.name === ep.name);
            if (!found)
              this.problems.push(located(`${kp}/examples/${ei}/params/${pi}/name`, 'example-param-unknown', `Subscription example "${exName}" (${String(kind.name)}) gives param "${String(ep.name)}", which the kind does not declare.`));
            else this.validateAt(found.validate, ep.value, `${kp}/examples/${ei}/params/${pi}/value`, `Subscription example "${exName}" (${String(kind.name)}), param "${String(ep.name)}"`);
          });
          (Array.isArray(ex.notifications) ? ex.notifications : []).forEach((n, ni) =>
            this.validateAt(kresult, n, `${kp}/examples/${ei}/notifications/${ni}`, `Subscription example "${exName}" (${String(kind.name)}), notification ${ni}`),
          );
        });
      });
    }
  }
}

/** A problem located by pointer into the bundled document; the caller maps it to a file and line. */
function located(pointer: string, code: string, message: string): LocatedProblem {
  return { pointer, code, message };
}

/** What checking each method found, by method (see `checkSchemasAndExamples`). */
const CHECKED = slot<object, readonly LocatedProblem[]>('method checks');

/** Whether a schema reaches, through its references, one of the broken reference objects. */
function reachesBroken(document: unknown, schema: unknown, broken: ReadonlySet<object>): boolean {
  const seen = new Set<unknown>();
  const stack: unknown[] = [schema];
  while (stack.length) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (broken.has(node)) return true;
    if (Array.isArray(node)) stack.push(...node);
    else {
      const ref = (node as Record<string, unknown>).$ref;
      if (typeof ref === 'string' && ref.startsWith('#')) stack.push(getAtPointer(document, ref.slice(1)));
      stack.push(...Object.values(node));
    }
  }
  return false;
}

/**
 * ajv's compile errors carry no location. Find the keyword they name inside the schema being compiled, so
 * the message points at the line to fix.
 */
function locateCompileError(document: unknown, schemaPointer: string, message: string): string {
  const explicit = /at "#([^"]*)"/.exec(message) ?? /at "([^"]*)"/.exec(message);
  const keyword = /keyword[: ]+"?([^"\s]+)"?/.exec(message)?.[1] ?? /"([^"]+)"/.exec(message)?.[1];
  if (explicit && explicit[1]!.startsWith('/') && getAtPointer(document, explicit[1]!) !== undefined) return explicit[1]!;
  if (!keyword) return schemaPointer;
  const seen = new Set<unknown>();
  let found: string | undefined;
  const walk = (node: unknown, pointer: string) => {
    if (found || seen.has(node)) return;
    if (Array.isArray(node)) {
      seen.add(node);
      node.forEach((v, i) => walk(v, `${pointer}/${i}`));
    } else if (isRecord(node)) {
      seen.add(node);
      if (keyword in node) {
        found = joinPointer(pointer, keyword);
        return;
      }
      for (const [k, v] of Object.entries(node)) {
        if (k === 'properties' && isRecord(v)) for (const [pk, pv] of Object.entries(v)) walk(pv, joinPointer(pointer, k, pk));
        else walk(v, joinPointer(pointer, k));
      }
    }
  };
  walk(getAtPointer(document, schemaPointer), schemaPointer);
  return found ?? schemaPointer;
}

/** The salt of a method's check verdict: what else, besides its closure, decides it. */
export function checkSalt(id: string, strict: boolean): string {
  // (`2`: examples are also checked against the result their params select, x-result-by-param.)
  return `check 2 ${AJV_VERSION} strict=${strict} ${id}`;
}

/**
 * The docs' Python client tab: each HTTP example as a script through the generated Python package, named as
 * the Python emitter names things (emit/shared/py-layout.ts). Its arguments are the example's params in value
 * form (decoded with the method's codec plans, so a 64-bit decimal string is a Python `int`), keyword
 * arguments for a method taking params by name, positional ones otherwise. `key` changes whenever a sample of
 * any method could, so that the incremental docs views are kept only while it stays the same.
 */
import type { MethodModel, Model } from '../../model/index.js';
import { Placeholder } from '../shared/literal.js';
import { pyClientName, pythonNames, type PyMethodName } from '../shared/py-layout.js';
import { pyLiteral } from '../../../tools/docs/try.js';

/** Longest line a sample keeps on one line before it gives each argument its own. */
const WIDTH = 100;

export interface PyDocsSamples {
  readonly key: string;
  /** `args` are the client call's arguments as the TypeScript sample has them (one object by name, else positional values). */
  sample(method: MethodModel, args: readonly unknown[], baseUrl: string): string | undefined;
  /** The same call as a plain GET (`client.health.http.health()`), for a method the client offers that way. */
  getSample(method: MethodModel, args: readonly unknown[], baseUrl: string): string | undefined;
}

/** A value with each secret placeholder as the `<name>` string the pages show for it. */
function shown(value: unknown): unknown {
  if (value instanceof Placeholder) return `<${value.name}>`;
  if (Array.isArray(value)) return value.map(shown);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shown(v)]));
  return value;
}

/** The call's arguments as `[keyword or undefined, value]`, or undefined where the package has no argument for a given param. */
function argumentsOf(m: PyMethodName, args: readonly unknown[]): [string | undefined, unknown][] | undefined {
  if (!m.method.positional) {
    const given = (args[0] ?? {}) as Record<string, unknown>;
    const out: [string | undefined, unknown][] = [];
    for (const [name, value] of Object.entries(given)) {
      const p = m.params.find((x) => x.name === name);
      if (!p) return undefined;
      out.push([p.ident, shown(value)]);
    }
    return out;
  }
  if (args.length > m.params.length) return undefined;
  return args.map((v) => [undefined, v === undefined ? null : shown(v)]);
}

/** Whether the method's Python signature returns a value (not `None`: no result, or a result that is always null). */
function returns(method: MethodModel): boolean {
  const s = method.result?.schema as Record<string, unknown> | undefined;
  if (s === undefined) return false;
  return !(s.type === 'null' || (s.const === null && 'const' in s) || (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null));
}

function script(module: string, client: string, baseUrl: string, m: PyMethodName, args: [string | undefined, unknown][], get = false): string {
  const target = `client.${[...(get ? m.getPath! : m.path), m.attr].join('.')}`;
  const value = get || returns(m.method);
  const lead = value ? '    result = ' : '    ';
  const arg = ([k, v]: [string | undefined, unknown], indent: number) => `${k === undefined ? '' : `${k}=`}${pyLiteral(v, indent)}`;
  const flat = `${lead}${target}(${args.map((a) => arg(a, 0)).join(', ')})`;
  const call = !flat.includes('\n') && flat.length <= WIDTH ? flat : `${lead}${target}(\n${args.map((a) => `        ${arg(a, 8)},`).join('\n')}\n    )`;
  const shown = get ? ['    print(result.status, result.ok, result.body)'] : value ? ['    print(result)'] : [];
  return [`from ${module} import ${client}`, '', `with ${client}(${JSON.stringify(baseUrl)}) as client:`, call, ...shown].join('\n');
}

export function pyDocsSamples(model: Model, packageName: string, clientName: string): PyDocsSamples {
  const names = pythonNames(model, packageName);
  const client = pyClientName(clientName);
  const byMethod = new Map<MethodModel, PyMethodName>(names.methods.map((m) => [m.method, m]));
  const key = JSON.stringify([names.module, client, names.methods.map((m) => [m.key, m.path, m.attr, m.params, m.getPath])]);
  return {
    key,
    sample(method, args, baseUrl) {
      const m = byMethod.get(method);
      const given = m && argumentsOf(m, args);
      return m && given && script(names.module, client, baseUrl, m, given);
    },
    getSample(method, args, baseUrl) {
      const m = byMethod.get(method);
      const given = m?.getPath && argumentsOf(m, args);
      return m && given && script(names.module, client, baseUrl, m, given, true);
    },
  };
}

/**
 * Tagged unions from a schema's `oneOf`/`anyOf`, for any document. Branches are told apart by
 *   - a discriminator: a property every branch fixes to a different value (`const`, or an `enum` of one), or
 *   - their keys: properties a branch requires and no other branch declares (the validators of
 *     `getCurrentValidators`: `delegationFee` for the Primary Network, `validationID` for an L1, neither for
 *     a legacy PoA validator).
 * For keys, each branch's type gets the other branches' keys as `?: never`, so TypeScript narrows on them
 * and refuses a value with two kinds' keys; and a type guard per named branch tests them at run time.
 */
import { propertyKey } from '../lib/escape.js';
import type { JsonSchema } from '../model/index.js';
import { isSchemaObject, resolveSchema } from './resolve.js';

export interface BranchShape {
  /** Properties the branch declares (its own, its `allOf` parts', through `$ref`s). */
  readonly declared: ReadonlySet<string>;
  readonly required: ReadonlySet<string>;
  /** Properties the branch fixes to one value. */
  readonly fixed: ReadonlyMap<string, unknown>;
}

/** How a union's branches are told apart, when they are. */
export type Tagging =
  | { readonly kind: 'discriminator'; readonly property: string; readonly values: readonly unknown[] }
  | { readonly kind: 'keys'; readonly keys: readonly (readonly string[])[]; readonly never: readonly (readonly string[])[] };

/** What one branch holds, following `$ref`s and `allOf`. */
export function branchShape(document: unknown, schema: JsonSchema, depth = 0): BranchShape {
  const declared = new Set<string>();
  const required = new Set<string>();
  const fixed = new Map<string, unknown>();
  const body = resolveSchema(document, schema).schema;
  if (!isSchemaObject(body) || depth > 16) return { declared, required, fixed };
  if (isSchemaObject(body.properties)) {
    for (const [k, v] of Object.entries(body.properties)) {
      declared.add(k);
      const p = resolveSchema(document, v as JsonSchema).schema;
      if (isSchemaObject(p) && 'const' in p) fixed.set(k, p.const);
      else if (isSchemaObject(p) && Array.isArray(p.enum) && p.enum.length === 1) fixed.set(k, p.enum[0]);
    }
  }
  if (Array.isArray(body.required)) for (const r of body.required) if (typeof r === 'string') required.add(r);
  if (Array.isArray(body.allOf)) {
    for (const part of body.allOf) {
      const inner = branchShape(document, part as JsonSchema, depth + 1);
      for (const k of inner.declared) declared.add(k);
      for (const k of inner.required) required.add(k);
      for (const [k, v] of inner.fixed) fixed.set(k, v);
    }
  }
  return { declared, required, fixed };
}

/** How the branches are told apart, or undefined when they cannot all be (then the union stays as it is). */
export function tagging(shapes: readonly BranchShape[]): Tagging | undefined {
  if (shapes.length < 2 || shapes.some((s) => s.declared.size === 0)) return undefined;
  // A property every branch requires and fixes, to values all different.
  const first = shapes[0]!;
  for (const property of [...first.fixed.keys()].sort()) {
    if (!shapes.every((s) => s.fixed.has(property) && s.required.has(property))) continue;
    const values = shapes.map((s) => s.fixed.get(property));
    if (new Set(values.map((v) => JSON.stringify(v))).size === values.length) return { kind: 'discriminator', property, values };
  }
  // Keys: required here, declared nowhere else. At most one branch may have none (it is "none of the others").
  const keys = shapes.map((s, i) => [...s.required].filter((k) => shapes.every((o, j) => j === i || !o.declared.has(k))).sort());
  if (keys.filter((k) => k.length === 0).length > 1) return undefined;
  const never = shapes.map((s, i) => [...new Set(keys.flatMap((k, j) => (j === i ? [] : k)))].filter((k) => !s.declared.has(k)).sort());
  return { kind: 'keys', keys, never };
}

/** The type of branch `i` as a union member: with the other branches' keys as `?: never`. */
export function taggedBranchType(tsType: string, t: Tagging, i: number): string {
  if (t.kind !== 'keys' || t.never[i]!.length === 0) return tsType;
  return `(${tsType} & { ${t.never[i]!.map((k) => `${propertyKey(k)}?: never`).join('; ')} })`;
}

/** A guard per named branch: its declaration text and its JavaScript. */
export function unionGuards(union: string, branches: readonly (string | undefined)[], t: Tagging): { name: string; dts: string; js: string }[] {
  const out: { name: string; dts: string; js: string }[] = [];
  branches.forEach((branch, i) => {
    if (branch === undefined) return;
    const name = `is${branch}`;
    const type = taggedBranchType(branch, t, i);
    let test: string;
    let why: string;
    if (t.kind === 'discriminator') {
      test = `value[${JSON.stringify(t.property)}] === ${JSON.stringify(t.values[i])}`;
      why = `its \`${t.property}\` is ${JSON.stringify(t.values[i])}`;
    } else if (t.keys[i]!.length) {
      test = t.keys[i]!.map((k) => `value[${JSON.stringify(k)}] !== undefined`).join(' && ');
      why = `it has ${t.keys[i]!.map((k) => `\`${k}\``).join(' and ')}`;
    } else {
      const others = [...new Set(t.keys.flat())].sort();
      test = others.map((k) => `value[${JSON.stringify(k)}] === undefined`).join(' && ');
      why = `it has none of ${others.map((k) => `\`${k}\``).join(', ')}`;
    }
    const doc = `/** Whether a ${union} is ${/^[AEIOU]/.test(branch) ? "an" : "a"} ${branch}: ${why}. */\n`;
    out.push({
      name,
      dts: `${doc}export declare function ${name}(value: ${union}): value is ${type};`,
      js: `${doc}export function ${name}(value) {\n  return ${test};\n}`,
    });
  });
  return out;
}


/** Reading JSON Schemas inside a bundled document. */
import { getAtPointer } from '../lib/pointer.js';
import type { JsonSchema } from '../model/index.js';

export type SchemaObject = Record<string, unknown>;

const COMPONENT = /^#\/components\/schemas\/([^/]+)$/;

/** The component name a `$ref` names exactly (`#/components/schemas/Name`), if it does. */
export function componentName(ref: string): string | undefined {
  const m = COMPONENT.exec(ref);
  return m ? decodeURIComponent(m[1]!).replace(/~1/g, '/').replace(/~0/g, '~') : undefined;
}

/** Follow `$ref`s until a schema that is not a bare reference. */
export function resolveSchema(document: unknown, schema: JsonSchema, limit = 64): { schema: JsonSchema; names: string[] } {
  const names: string[] = [];
  let current = schema;
  for (let i = 0; i < limit && isSchemaObject(current) && typeof current.$ref === 'string'; i++) {
    const ref = current.$ref;
    const name = componentName(ref);
    if (name) names.push(name);
    const target = ref.startsWith('#') ? getAtPointer(document, ref.slice(1)) : undefined;
    if (target === undefined) break;
    current = target as JsonSchema;
  }
  return { schema: current, names };
}

export function isSchemaObject(s: unknown): s is SchemaObject {
  return s !== null && typeof s === 'object' && !Array.isArray(s);
}

/** The JSON types a schema declares (`type`, as a list), or undefined when unconstrained. */
export function declaredTypes(schema: SchemaObject): string[] | undefined {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.map(String);
  return undefined;
}

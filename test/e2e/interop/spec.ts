/**
 * The spec's examples as the interop tests use them: read in wire form from the bundled OpenRPC documents
 * under generated/openrpc (what the mock answers from), decoded to the value form with the project's own
 * codec plans. Expectations are derived from here, never written out by hand.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { decode } from '../../../runtime/client/codec.js';
import { allMethods, plansOf, projectModel } from '../../helpers/model.js';
import { ROOT } from '../../helpers/paths.js';

export interface WireExample {
  readonly name: string;
  readonly params: readonly { readonly name: string; readonly value: unknown }[];
  readonly result?: { readonly name: string; readonly value: unknown };
}

interface BundledMethod {
  readonly name: string;
  readonly examples?: readonly WireExample[];
  readonly 'x-subscriptions'?: {
    readonly kinds: readonly { readonly name: string; readonly examples: readonly { readonly name: string; readonly notifications: readonly unknown[] }[] }[];
  };
}

const documents = new Map<string, { methods: BundledMethod[] }>();

/** A bundled document, `generated/openrpc/<service>.json`. */
export function bundled(service: string): { methods: BundledMethod[] } {
  let doc = documents.get(service);
  if (!doc)
    documents.set(service, (doc = JSON.parse(readFileSync(resolve(ROOT, 'generated/openrpc', `${service}.json`), 'utf8')) as { methods: BundledMethod[] }));
  return doc;
}

/** One example of a method, in wire form, from its bundled document (the first one unless named). */
export function wireExample(service: string, method: string, example?: string): WireExample {
  const m = bundled(service).methods.find((x) => x.name === method);
  if (!m) throw new Error(`${service}.json has no method ${method}`);
  const ex = example === undefined ? m.examples?.[0] : m.examples?.find((e) => e.name === example);
  if (!ex) throw new Error(`${method} has no example ${example ?? '(any)'}`);
  return ex;
}

/** The example's wire result (`null` for an example without one). */
export function wireResult(service: string, method: string, example?: string): unknown {
  return wireExample(service, method, example).result?.value ?? null;
}

/** The notifications of a subscription kind's example (the first one unless named), in wire form. */
export function wireNotifications(service: string, method: string, kind: string, example?: string): readonly unknown[] {
  const k = bundled(service)
    .methods.find((x) => x.name === method)
    ?.['x-subscriptions']?.kinds.find((x) => x.name === kind);
  const ex = example === undefined ? k?.examples[0] : k?.examples.find((e) => e.name === example);
  if (!ex) throw new Error(`${method} has no ${kind} example ${example ?? '(any)'}`);
  return ex.notifications;
}

/** A param of the example by name, in wire form. */
export function wireParam(service: string, method: string, example: string | undefined, param: string): unknown {
  return wireExample(service, method, example).params.find((p) => p.name === param)?.value;
}

/** Loads the spec's model (a few seconds, once per test file): call it in `beforeAll`, not inside a timed test. */
export function loadModel(): void {
  projectModel();
}

function modelOf(method: string) {
  const found = allMethods().find((m) => m.method.name === method);
  if (!found) throw new Error(`the model has no method ${method}`);
  return found;
}

/** The example's result in the value form of the project's codec (bigint for quantities and 64-bit integers). */
export function valueResult(service: string, method: string, example?: string): unknown {
  const { service: s, method: m } = modelOf(method);
  return decode(plansOf(s, m).result, wireResult(service, method, example));
}

/** JSON with bigints written as `<digits>n`, for messages. */
export function show(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
}

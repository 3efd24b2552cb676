/**
 * $ref bundling: one entry document plus the schema files it reaches become one self-contained document.
 * A reference into another file (`schemas/common.yaml#/OutputOwners/...`) becomes
 * `#/components/schemas/OutputOwners/...`, and the named schema is copied once into `components.schemas`.
 * Every copied object remembers its origin (file and pointer) so that a problem found later in the bundled
 * document is reported where the author wrote it.
 */
import { posix } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { escapeSegment, getAtPointer, hasOwn, joinPointer, splitPointer } from './pointer.js';
import type { SourceFile } from './source.js';
import type { Workspace } from './workspace.js';

export interface Origin {
  file: string;
  pointer: string;
}

/** Maps locations in a bundled document back to the source. */
export class Provenance {
  private readonly origins = new WeakMap<object, Origin>();
  private readonly root: unknown;
  private readonly workspace: Workspace;

  constructor(root: unknown, workspace: Workspace) {
    this.root = root;
    this.workspace = workspace;
  }

  record(node: object, origin: Origin): void {
    this.origins.set(node, origin);
  }

  /** The source file and pointer of the bundled location `pointer` (or of its nearest recorded ancestor). */
  origin(pointer: string): Origin | undefined {
    let segments: string[];
    try {
      segments = splitPointer(pointer);
    } catch {
      return undefined;
    }
    let node: unknown = this.root;
    let best: Origin | undefined = typeof node === 'object' && node ? this.origins.get(node) : undefined;
    let rest: string[] = [];
    for (let i = 0; i < segments.length; i++) {
      const seg = segments[i]!;
      const next: unknown = node !== null && typeof node === 'object' ? getAtPointer(node, [seg]) : undefined;
      if (next === undefined) {
        rest = segments.slice(i);
        break;
      }
      node = next;
      const o = next !== null && typeof next === 'object' ? this.origins.get(next) : undefined;
      if (o) {
        best = o;
        rest = [];
      } else {
        rest.push(seg);
      }
    }
    if (!best) return undefined;
    return { file: best.file, pointer: joinPointer(best.pointer, ...rest) };
  }

  /** A diagnostic located at the bundled pointer. */
  at(pointer: string, code: string, message: string): Diagnostic {
    const o = this.origin(pointer);
    if (!o) return { code, message, pointer };
    const file = this.workspace.get(o.file);
    const pos = file?.locate(o.pointer);
    return { code, message, file: o.file, pointer: o.pointer, ...(pos ?? {}) };
  }
}

export interface BundleResult {
  document: Record<string, unknown>;
  provenance: Provenance;
  /** Objects of the bundled document whose `$ref` is broken (unresolved, remote or in a pure loop). */
  broken: Set<object>;
  /** Shared schemas copied in: `file#/Name`. */
  used: Set<string>;
  problems: Diagnostic[];
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

interface Task {
  file: SourceFile;
  name: string;
}

export function bundle(entry: SourceFile, workspace: Workspace): BundleResult {
  const problems: Diagnostic[] = [];
  const used = new Set<string>();
  const where = (file: SourceFile, pointer: string) => ({ file: file.path, pointer, ...file.locate(pointer) });

  if (!isObject(entry.value)) {
    const doc: Record<string, unknown> = {};
    return {
      document: doc,
      provenance: new Provenance(doc, workspace),
      broken: new Set(),
      used,
      problems: [{ code: 'not-a-document', message: 'An OpenRPC document must be a mapping (object) at the top level.', ...where(entry, '') }],
    };
  }

  // Names already taken in components.schemas, and by which source.
  const owners = new Map<string, string>();
  const ownSchemas = getAtPointer(entry.value, '/components/schemas');
  if (isObject(ownSchemas)) for (const k of Object.keys(ownSchemas)) owners.set(k, `${entry.path}#/components/schemas/${k}`);

  const queue: Task[] = [];
  const queued = new Set<string>();
  let provenance!: Provenance;

  const enqueue = (file: SourceFile, name: string, from: { file: SourceFile; pointer: string }): void => {
    const key = `${file.path}#/${name}`;
    if (queued.has(key)) return;
    const owner = owners.get(name);
    if (owner !== undefined && owner !== key) {
      problems.push({
        code: 'schema-name-collision',
        message: `Two schemas are named "${name}" (${owner} and ${key}). Bundled names must be unique because they become components.schemas keys and type names: rename one.`,
        ...where(from.file, from.pointer),
      });
      return;
    }
    owners.set(name, key);
    queued.add(key);
    queue.push({ file, name });
  };

  const rewriteRef = (ref: string, file: SourceFile, pointer: string): string => {
    const hash = ref.indexOf('#');
    const path = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = hash === -1 ? '' : ref.slice(hash + 1);
    const refPointer = joinPointer(pointer, '$ref');
    // A local reference inside the entry document stays as written; it is checked after bundling.
    if (path === '' && file === entry) return ref;
    let target: SourceFile | undefined = file;
    if (path !== '') {
      if (/^[a-z][a-z0-9+.-]*:/i.test(path)) {
        problems.push({
          code: 'ref-remote',
          message: `Remote reference "${ref}" is not supported: copy the schema into a local file and reference that.`,
          ...where(file, refPointer),
        });
        return ref;
      }
      const resolved = posix.normalize(posix.join(posix.dirname(file.path), path));
      target = workspace.get(resolved, { file: file.path, pointer: refPointer, locate: file.locate });
      if (!target) return ref;
      if (target === entry) return `#${fragment}`;
    }
    let segments: string[];
    try {
      segments = splitPointer(fragment);
    } catch {
      segments = [];
    }
    if (segments.length === 0) {
      problems.push({
        code: 'ref-no-fragment',
        message: `Reference "${ref}" must name a schema inside the file, like "${path || file.path}#/Name".`,
        ...where(file, refPointer),
      });
      return ref;
    }
    const [name, ...rest] = segments as [string, ...string[]];
    if (!isObject(target.value) || !hasOwn(target.value, name)) {
      problems.push({
        code: 'ref-unresolved',
        message: `Reference "${ref}" does not resolve: ${target.path} has no top-level schema "${name}".`,
        ...where(file, refPointer),
      });
      return ref;
    }
    if (rest.length && getAtPointer(target.value, segments) === undefined) {
      problems.push({
        code: 'ref-unresolved',
        message: `Reference "${ref}" does not resolve: nothing at #${fragment} in ${target.path}.`,
        ...where(file, refPointer),
      });
      return ref;
    }
    if (!NAME.test(name)) {
      problems.push({
        code: 'schema-name-invalid',
        message: `Shared schema name "${name}" in ${target.path} must be an identifier (letters, digits, _), because it becomes a type name.`,
        ...where(target, joinPointer('', name)),
      });
    }
    enqueue(target, name, { file, pointer: refPointer });
    return '#/components/schemas/' + [name, ...rest].map(escapeSegment).join('/');
  };

  const clone = (value: unknown, file: SourceFile, pointer: string): unknown => {
    if (Array.isArray(value)) {
      const out: unknown[] = value.map((v, i) => clone(v, file, `${pointer}/${i}`));
      provenance.record(out, { file: file.path, pointer });
      return out;
    }
    if (isObject(value)) {
      const out: Record<string, unknown> = {};
      provenance.record(out, { file: file.path, pointer });
      for (const [k, v] of Object.entries(value)) {
        const child = joinPointer(pointer, k);
        if (k === '$ref' && typeof v === 'string') out[k] = rewriteRef(v, file, pointer);
        else if (k === '__proto__') Object.defineProperty(out, k, { value: clone(v, file, child), enumerable: true, writable: true, configurable: true });
        else out[k] = clone(v, file, child);
      }
      return out;
    }
    return value;
  };

  const document: Record<string, unknown> = {};
  provenance = new Provenance(document, workspace);
  provenance.record(document, { file: entry.path, pointer: '' });
  Object.assign(document, clone(entry.value, entry, '') as Record<string, unknown>);

  const shared: Record<string, unknown> = {};
  for (let task = queue.shift(); task; task = queue.shift()) {
    used.add(`${task.file.path}#/${task.name}`);
    shared[task.name] = clone((task.file.value as Record<string, unknown>)[task.name], task.file, joinPointer('', task.name));
  }
  if (Object.keys(shared).length) {
    const components = isObject(document.components) ? document.components : (document.components = {});
    if (!isObject(document.components)) provenance.record(components, { file: entry.path, pointer: '/components' });
    const own = isObject(components.schemas) ? components.schemas : {};
    const merged: Record<string, unknown> = {};
    for (const k of [...Object.keys(own), ...Object.keys(shared)].sort()) merged[k] = hasOwn(own, k) ? own[k] : shared[k];
    const ownOrigin = isObject(components.schemas) ? provenance.origin('/components/schemas') : undefined;
    provenance.record(merged, ownOrigin ?? { file: entry.path, pointer: '/components' });
    components.schemas = merged;
  }

  const broken = new Set<object>();
  problems.push(...checkLocalRefs(document, provenance, broken));
  return { document, provenance, broken, used, problems };
}

/** Every `#...` reference resolves, and no chain of bare references loops. */
function checkLocalRefs(document: unknown, provenance: Provenance, broken: Set<object>): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const refs: { pointer: string; ref: string; node: object }[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${pointer}/${i}`));
    else if (isObject(node)) {
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref' && typeof v === 'string') refs.push({ pointer, ref: v, node });
        else walk(v, joinPointer(pointer, k));
      }
    }
  };
  walk(document, '');
  for (const { pointer, ref, node } of refs) {
    if (!ref.startsWith('#')) {
      broken.add(node); // external ones that stayed external failed to bundle, and were reported then
      continue;
    }
    let target: unknown;
    try {
      target = getAtPointer(document, ref.slice(1));
    } catch {
      target = undefined;
    }
    if (target === undefined) {
      broken.add(node);
      problems.push(provenance.at(joinPointer(pointer, '$ref'), 'ref-unresolved', `Reference "${ref}" does not resolve: nothing at that pointer in the document.`));
      continue;
    }
    // Follow bare references ({ $ref } and nothing that constrains) looking for a loop.
    const seen = new Set<string>([pointer]);
    let current: unknown = target;
    let at = ref.slice(1);
    while (isObject(current) && typeof current.$ref === 'string' && isBareRef(current)) {
      if (at === pointer) {
        broken.add(node);
        problems.push(
          provenance.at(
            joinPointer(pointer, '$ref'),
            'ref-cycle',
            `Reference "${ref}" is circular: it leads back to itself through references only, so it never names a schema. Point one of them at a real schema.`,
          ),
        );
        break;
      }
      if (seen.has(at)) break; // a loop elsewhere, reported from its own members
      seen.add(at);
      const next = current.$ref as string;
      if (!next.startsWith('#')) break;
      at = next.slice(1);
      current = getAtPointer(document, at);
    }
  }
  return problems;
}

const ANNOTATIONS = new Set(['$ref', 'title', 'description', '$comment', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly']);
function isBareRef(node: Record<string, unknown>): boolean {
  return Object.keys(node).every((k) => ANNOTATIONS.has(k) || k.startsWith('x-'));
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

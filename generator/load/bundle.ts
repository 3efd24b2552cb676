/**
 * $ref bundling: one entry document plus the files it reaches become one self-contained document.
 * A reference into a shared schema file (`schemas/common.yaml#/OutputOwners/...`) becomes
 * `#/components/schemas/OutputOwners/...`, and the named schema is copied once into `components.schemas`.
 * A reference into a component of another OpenRPC document (`./api.json#/components/errors/BLOCK_NOT_FOUND`)
 * becomes `#/components/errors/BLOCK_NOT_FOUND`, the component copied once into the same place, so several
 * documents of one API bundle each on its own. An own component that only re-exports the component of the
 * same name from another document (`FELT: { $ref: './api.json#/components/schemas/FELT' }`) is that
 * component, not a second one. Every copied object remembers its origin (file and pointer) so that a problem
 * found later in the bundled document is reported where the author wrote it.
 */
import { posix } from 'node:path';
import type { Diagnostic } from '../lib/diagnostics.js';
import { escapeSegment, getAtPointer, hasOwn, joinPointer, setOwn, splitPointer } from '../lib/pointer.js';
import type { SourceFile } from './source.js';
import type { Workspace } from './workspace.js';
import { visitParts } from './document.js';
import { slot, type Memory } from '../lib/memory.js';
import { isRecord } from '../lib/guards.js';

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
  /** The pointers of the bundled document's objects whose `$ref` is broken (unresolved, remote or in a pure loop). */
  brokenAt: string[];
  /** Shared schemas copied in: `file#/Name`. */
  used: Set<string>;
  problems: Diagnostic[];
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The component kinds of an OpenRPC document a reference from another document may name. */
const COMPONENT_KINDS = new Set(['schemas', 'contentDescriptors', 'errors', 'examples', 'examplePairings', 'links', 'tags']);

/** A component to copy into the bundle: `components.<kind>.<name>`, from `pointer` in `file`. */
interface Task {
  file: SourceFile;
  kind: string;
  name: string;
  pointer: string;
}

/** Problems and component copies that rewriting references asks for, collected where the caller says. */
interface Sink {
  readonly problems: Diagnostic[];
  enqueue(task: Task, from: { file: SourceFile; pointer: string }): void;
}

/** A reference in a copied part whose rewriting depends on other files (or does more than return a text). */
interface FollowedRef {
  /** Where the reference object is, from the part's root. */
  readonly path: readonly (string | number)[];
  readonly ref: string;
  readonly rewritten: string;
}

/**
 * A kept copy of a part of a file (see `clone`): the copy, and the references in it that must be followed
 * again when it is used again, in the order a copy made anew follows them.
 */
interface CloneRecord {
  /** The entry document and file the copy was made for (see `clone`). */
  readonly context: string;
  readonly copy: unknown;
  readonly followed: readonly FollowedRef[];
}

/** The references of a part with none to follow (one list for all of them). */
const NOTHING_FOLLOWED: readonly FollowedRef[] = Object.freeze([]);

/** Parts down to this depth below a copy's root are kept (the entry's methods and its components are at 2 and 3). */
const KEPT_DEPTH = 3;

/**
 * Kept copies by the part they copy, then by entry document and file: a part's one copy, or its copies by
 * context when it is copied into several documents (a shared file is copied into each that uses it).
 */
const CLONES = slot<object, CloneRecord | Map<string, CloneRecord>>('bundled copies');

function keptCopy(memory: Memory, node: object, context: string): CloneRecord | undefined {
  const kept = memory.table(CLONES).get(node);
  if (kept instanceof Map) return kept.get(context);
  return kept?.context === context ? kept : undefined;
}

function keepCopy(memory: Memory, node: object, record: CloneRecord): void {
  const cloneMemo = memory.table(CLONES);
  const kept = cloneMemo.get(node);
  if (kept === undefined || (!(kept instanceof Map) && kept.context === record.context)) cloneMemo.set(node, record);
  else if (kept instanceof Map) kept.set(record.context, record);
  else cloneMemo.set(node, new Map([[kept.context, kept], [record.context, record]]));
}

/** Whether a value is a plain object or array (a parser's output), which a copy of it equals. */
function isPlainValue(node: object): boolean {
  return Object.getPrototypeOf(node) === (Array.isArray(node) ? Array.prototype : Object.prototype);
}

/** A reference inside the document that holds it: `#...` (or empty). */
function isLocalRef(ref: string): boolean {
  return ref === '' || ref.startsWith('#');
}

/** Whether a file is an OpenRPC document (its components are under `/components/<kind>/`), not a schema file. */
function isOpenRpc(file: SourceFile): boolean {
  return isRecord(file.value) && (typeof file.value.openrpc === 'string' || Array.isArray(file.value.methods));
}

export function bundle(entry: SourceFile, workspace: Workspace): BundleResult {
  const problems: Diagnostic[] = [];
  const used = new Set<string>();
  const where = (file: SourceFile, pointer: string) => ({ file: file.path, pointer, ...file.locate(pointer) });

  if (!isRecord(entry.value)) {
    const doc: Record<string, unknown> = {};
    return {
      document: doc,
      provenance: new Provenance(doc, workspace),
      brokenAt: [],
      used,
      problems: [{ code: 'not-a-document', message: 'An OpenRPC document must be a mapping (object) at the top level.', ...where(entry, '') }],
    };
  }

  /** Where a relative file reference leads: beside the file that holds it, else (a warning) from the project root. */
  const locate = (path: string, file: SourceFile, refPointer: string, ref: string, sink: Sink): SourceFile | undefined => {
    // An absolute path is that path (refused by the workspace unless the config allows files outside).
    const resolved = posix.isAbsolute(path) ? posix.normalize(path) : posix.normalize(posix.join(posix.dirname(file.path), path));
    const fromRoot = posix.normalize(path);
    if (!workspace.has(resolved) && fromRoot !== resolved && !fromRoot.startsWith('../') && workspace.has(fromRoot)) {
      sink.problems.push({
        code: 'ref-base',
        message: `Reference "${ref}" resolves only from the project root (${fromRoot}), not from ${file.path}'s folder as references should; it was followed there. Write it relative to the file that holds it: "${posix.relative(posix.dirname(file.path), fromRoot)}${ref.slice(path.length)}".`,
        ...where(file, refPointer),
      });
      return workspace.get(fromRoot);
    }
    return workspace.get(resolved, { file: file.path, pointer: refPointer, locate: file.locate });
  };

  /** An own component that only re-exports the component of the same name from another file, resolved: the task for that component. */
  const reexported = (kind: string, name: string, value: unknown): Task | undefined => {
    if (!isRecord(value) || typeof value.$ref !== 'string' || !isBareRef(value)) return undefined;
    const ref = value.$ref;
    const hash = ref.indexOf('#');
    if (hash <= 0 || /^[a-z][a-z0-9+.-]*:/i.test(ref)) return undefined;
    const path = ref.slice(0, hash);
    let segments: string[];
    try {
      segments = splitPointer(ref.slice(hash + 1));
    } catch {
      return undefined;
    }
    const resolved = posix.normalize(posix.join(posix.dirname(entry.path), path));
    const fromRoot = posix.normalize(path);
    const target = workspace.has(resolved) ? resolved : workspace.has(fromRoot) ? fromRoot : undefined;
    if (target === undefined) return undefined;
    const file = workspace.get(target);
    if (!file) return undefined;
    const sameName = isOpenRpc(file)
      ? segments.length === 3 && segments[0] === 'components' && segments[1] === kind && segments[2] === name
      : kind === 'schemas' && segments.length === 1 && segments[0] === name;
    if (!sameName || getAtPointer(file.value, segments) === undefined) return undefined;
    return { file, kind, name, pointer: joinPointer('', ...segments) };
  };

  // Names already taken in components.<kind>, and by which source. A re-exported component is owned by
  // its source (so that the documents which define it and those that re-export it agree), and its own entry
  // gives way to the copy.
  const owners = new Map<string, string>();
  const aliases = new Map<string, Task>();
  const ownComponents = getAtPointer(entry.value, '/components');
  if (isRecord(ownComponents)) {
    for (const [kind, entries] of Object.entries(ownComponents)) {
      if (!isRecord(entries)) continue;
      for (const [name, value] of Object.entries(entries)) {
        const alias = COMPONENT_KINDS.has(kind) ? reexported(kind, name, value) : undefined;
        if (alias) aliases.set(`${kind}/${name}`, alias);
        else owners.set(`${kind}/${name}`, `${entry.path}#${joinPointer('/components', kind, name)}`);
      }
    }
  }

  const queue: Task[] = [];
  const queued = new Set<string>();
  let provenance!: Provenance;

  const enqueue = (task: Task, from: { file: SourceFile; pointer: string }): void => {
    const key = `${task.file.path}#${task.pointer}`;
    if (queued.has(key)) return;
    const slot = `${task.kind}/${task.name}`;
    const owner = owners.get(slot);
    if (owner !== undefined && owner !== key) {
      problems.push({
        code: 'schema-name-collision',
        message: `Two ${task.kind === 'schemas' ? 'schemas' : `components (${task.kind})`} are named "${task.name}" (${owner} and ${key}). Bundled names must be unique because they become components.${task.kind} keys${task.kind === 'schemas' ? ' and type names' : ''}: rename one.`,
        ...where(from.file, from.pointer),
      });
      return;
    }
    owners.set(slot, key);
    queued.add(key);
    queue.push(task);
  };
  for (const alias of aliases.values()) enqueue(alias, { file: entry, pointer: joinPointer('/components', alias.kind, alias.name) });

  /** What rewriting a reference does besides its result: problems, and components to copy in. */
  const direct: Sink = { problems, enqueue };
  /**
   * A local reference that names nothing from the document's root, resolved against its nearest base, as
   * JSON Schema defines it (the nearest enclosing schema with an `$id`), else as schemars and other
   * generators mean it when they embed `definitions`/`$defs` per type (the nearest enclosing schema that
   * holds the target): `#/definitions/B` inside components/schemas/A is `#/components/schemas/A/definitions/B`.
   * Rewritten to the place in the document, with a warning; a reference that still names nothing is left
   * for the checks after bundling.
   */
  const rebased = (ref: string, file: SourceFile, pointer: string, sink: Sink): string => {
    if (!ref.startsWith('#/')) return ref;
    let segments: string[];
    try {
      segments = splitPointer(ref.slice(1));
    } catch {
      return ref;
    }
    let at: string[];
    try {
      at = splitPointer(pointer);
    } catch {
      return ref;
    }
    const enclosing: string[][] = [];
    for (let n = at.length - 1; n > 0; n--) enclosing.push(at.slice(0, n));
    // The base JSON Schema defines: the nearest enclosing schema with an `$id` of its own.
    const withId = enclosing.find((e) => {
      const node = getAtPointer(file.value, e);
      return isRecord(node) && typeof node.$id === 'string';
    });
    if (withId && getAtPointer(file.value, [...withId, ...segments]) !== undefined) return `#${joinPointer('', ...withId, ...segments)}`;
    if (getAtPointer(file.value, segments) !== undefined) return ref;
    // Else the nearest enclosing schema that holds the target (ambiguous: said in a warning).
    for (const base of enclosing) {
      if (getAtPointer(file.value, [...base, ...segments]) === undefined) continue;
      const to = `#${joinPointer('', ...base, ...segments)}`;
      sink.problems.push({
        code: 'ref-embedded',
        // (An error when the run is strict: load/index.ts, TOLERATED.)
        severity: 'warning',
        message: `Reference "${ref}" names nothing from the document's root; read as "${to}", in the schema that holds it, as the tools that embed definitions per type mean it. Write "${to}" to say so.`,
        ...where(file, joinPointer(pointer, '$ref')),
      });
      return to;
    }
    return ref;
  };

  const rewriteRef = (given: string, file: SourceFile, pointer: string, sink: Sink = direct): string => {
    const ref = rebased(given, file, pointer, sink);
    const hash = ref.indexOf('#');
    const path = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = hash === -1 ? '' : ref.slice(hash + 1);
    const refPointer = joinPointer(pointer, '$ref');
    // A local reference inside the entry document stays as written; it is checked after bundling.
    if (path === '' && file === entry) return ref;
    let target: SourceFile | undefined = file;
    if (path !== '') {
      if (/^[a-z][a-z0-9+.-]*:/i.test(path)) {
        sink.problems.push({
          code: 'ref-remote',
          message: `Remote reference "${ref}" is not supported: copy the schema into a local file and reference that.`,
          ...where(file, refPointer),
        });
        return ref;
      }
      target = locate(path, file, refPointer, ref, sink);
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
      sink.problems.push({
        code: 'ref-no-fragment',
        message: `Reference "${ref}" must name a ${isOpenRpc(target) ? 'component' : 'schema'} inside the file, like "${path || file.path}#/${isOpenRpc(target) ? 'components/schemas/' : ''}Name".`,
        ...where(file, refPointer),
      });
      return ref;
    }
    if (getAtPointer(target.value, segments) === undefined) {
      sink.problems.push({
        code: 'ref-unresolved',
        message: isOpenRpc(target) || !isRecord(target.value) || hasOwn(target.value, segments[0]!)
          ? `Reference "${ref}" does not resolve: nothing at #${fragment} in ${target.path}.`
          : `Reference "${ref}" does not resolve: ${target.path} has no top-level schema "${segments[0]!}".`,
        ...where(file, refPointer),
      });
      return ref;
    }
    // Another OpenRPC document: the component named, copied to the same place in this one.
    if (isOpenRpc(target)) {
      const [root, kind, name, ...rest] = segments;
      if (root !== 'components' || kind === undefined || name === undefined || !COMPONENT_KINDS.has(kind)) {
        sink.problems.push({
          code: 'ref-unsupported',
          message: `Reference "${ref}" names #${fragment} of another OpenRPC document; only its components (#/components/<kind>/<name>) can be referenced from here. Move what it names into components.`,
          ...where(file, refPointer),
        });
        return ref;
      }
      sink.enqueue({ file: target, kind, name, pointer: joinPointer('/components', kind, name) }, { file, pointer: refPointer });
      return `#${joinPointer('/components', kind, name, ...rest)}`;
    }
    const [name, ...rest] = segments as [string, ...string[]];
    if (!NAME.test(name)) {
      sink.problems.push({
        code: 'schema-name-invalid',
        message: `Shared schema name "${name}" in ${target.path} must be an identifier (letters, digits, _), because it becomes a type name.`,
        ...where(target, joinPointer('', name)),
      });
    }
    sink.enqueue({ file: target, kind: 'schemas', name, pointer: joinPointer('', name) }, { file, pointer: refPointer });
    return '#/components/schemas/' + [name, ...rest].map(escapeSegment).join('/');
  };

  /**
   * A copy of `value` (at `pointer` of `file`) with its references rewritten. Only the copy's root records
   * its origin: every node below it sits at the same path below the root as in its file, which is how
   * `Provenance.origin` finds it. Pointers are joined only where a reference needs one.
   *
   * The copies of a file's parts (down to a method, a component) are kept under the parts they copy: a part
   * that is the same object as in the last run (see incremental.ts) is the same copy, once the references in
   * it that leave the file are followed again and lead where they led (what following them does, such as
   * copying in the component named, is done again).
   */
  const clone = (value: unknown, file: SourceFile, pointer: string): unknown => {
    const path: (string | number)[] = [];
    const context = `${entry.path}\0${file.path}`;
    /** The followed references (see {@link CloneRecord}) of the copy under way, by path from the copy's root. */
    let followed: FollowedRef[] = [];
    const copy = (node: unknown): unknown => {
      if (node === null || typeof node !== 'object') return node;
      // (A run that keeps nothing neither looks copies up nor keeps them: see lib/memory.ts.)
      const kept = path.length <= KEPT_DEPTH && workspace.memory.keeping;
      if (kept) {
        const hit = keptCopy(workspace.memory, node, context);
        if (hit && replay(hit, file, path.length ? joinPointer(pointer, ...path) : pointer)) {
          for (const f of hit.followed) followed.push(path.length ? { path: [...path, ...f.path], ref: f.ref, rewritten: f.rewritten } : f);
          return hit.copy;
        }
      }
      const outer = followed;
      if (kept) followed = [];
      let out: unknown;
      // A part whose copy would be the same as it (no reference in it rewritten) is not copied: the bundle
      // shares it with the file's value (neither is changed once made).
      let same = true;
      if (Array.isArray(node)) {
        out = node.map((v, i) => {
          path.push(i);
          const c = copy(v);
          path.pop();
          if (c !== v) same = false;
          return c;
        });
      } else {
        const o: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(node)) {
          if (k === '$ref' && typeof v === 'string') {
            const rewritten = rewriteRef(v, file, joinPointer(pointer, ...path));
            // A reference inside the entry document stays as written and leads nowhere else.
            if (file !== entry || !isLocalRef(v)) followed.push({ path: [...path], ref: v, rewritten });
            if (rewritten !== v) same = false;
            o[k] = rewritten;
            continue;
          }
          path.push(k);
          const c = copy(v);
          path.pop();
          if (c !== v) same = false;
          setOwn(o, k, c);
        }
        out = o;
      }
      if (same && isPlainValue(node)) out = node;
      if (kept) {
        const depth = path.length;
        const mine = followed;
        followed = outer;
        keepCopy(workspace.memory, node, { context, copy: out, followed: !mine.length ? NOTHING_FOLLOWED : depth ? mine.map((f) => ({ path: f.path.slice(depth), ref: f.ref, rewritten: f.rewritten })) : mine });
        for (const f of mine) followed.push(f);
      }
      return out;
    };
    const out = copy(value);
    if (out !== null && typeof out === 'object') provenance.record(out, { file: file.path, pointer });
    return out;
  };

  /**
   * Follows a kept copy's references again (its part is at `at` in `file`), as copying the part anew would
   * and in the same order: `true`, and what following them does is done, when each leads where it led.
   */
  const replay = (record: CloneRecord, file: SourceFile, at: string): boolean => {
    if (record.followed.length === 0) return true;
    const calls: [Task, { file: SourceFile; pointer: string }][] = [];
    const trial: Sink = { problems: [], enqueue: (task, from) => void calls.push([task, from]) };
    for (const f of record.followed) if (rewriteRef(f.ref, file, joinPointer(at, ...f.path), trial) !== f.rewritten) return false;
    problems.push(...trial.problems);
    for (const [task, from] of calls) enqueue(task, from);
    return true;
  };

  const document: Record<string, unknown> = {};
  provenance = new Provenance(document, workspace);
  provenance.record(document, { file: entry.path, pointer: '' });
  Object.assign(document, clone(entry.value, entry, '') as Record<string, unknown>);

  const shared = new Map<string, Record<string, unknown>>();
  for (let task = queue.shift(); task; task = queue.shift()) {
    used.add(`${task.file.path}#${task.pointer}`);
    let into = shared.get(task.kind);
    if (!into) shared.set(task.kind, (into = {}));
    into[task.name] = clone(getAtPointer(task.file.value, task.pointer), task.file, task.pointer);
  }
  if (shared.size) {
    // The entry's own components object is a kept copy (see `clone`): the merged one is a new object.
    const components: Record<string, unknown> = isRecord(document.components) ? { ...document.components } : {};
    document.components = components;
    const origins = new Map<string, Origin>();
    for (const [kind, copies] of [...shared].sort(([a], [b]) => a.localeCompare(b))) {
      const own = isRecord(components[kind]) ? components[kind] : {};
      const merged: Record<string, unknown> = {};
      // An own entry wins, except a re-export, which gives way to the component it names.
      for (const k of [...new Set([...Object.keys(own), ...Object.keys(copies)])].sort())
        merged[k] = hasOwn(own, k) && !(aliases.has(`${kind}/${k}`) && hasOwn(copies, k)) ? own[k] : copies[k];
      const ownOrigin = isRecord(components[kind]) ? provenance.origin(`/components/${kind}`) : undefined;
      origins.set(kind, ownOrigin ?? { file: entry.path, pointer: '/components' });
      // The same components as last run: the same object.
      components[kind] = workspace.memory.shallow(`bundle ${entry.path} components/${kind}`, merged);
    }
    document.components = workspace.memory.shallow(`bundle ${entry.path} components`, components);
    for (const [kind, origin] of origins) provenance.record((document.components as Record<string, object>)[kind]!, origin);
  }

  const broken = new Set<object>();
  const brokenAt: string[] = [];
  problems.push(...checkLocalRefs(document, provenance, broken, brokenAt, workspace.memory));
  return { document, provenance, brokenAt, used, problems };
}

/** A `$ref` in a part of a bundled document: where it is from the part's root, what it says, its object. */
export interface RefSite {
  readonly path: readonly (string | number)[];
  readonly ref: string;
  readonly node: object;
}

/** The references in each part (a method, a component, ...) of bundled documents, by the part: parts are immutable. */
const REF_SITES = slot<object, readonly RefSite[]>('references of parts');

/** `memory`: the run's, where they are kept for a next run (absent: they are not kept). */
export function refSitesOf(part: object, memory?: Memory): readonly RefSite[] {
  return memory ? memory.keptIn(REF_SITES, part, () => findRefSites(part)) : findRefSites(part);
}

function findRefSites(part: object): readonly RefSite[] {
  const found: RefSite[] = [];
  const path: (string | number)[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach((v, i) => {
        path.push(i);
        walk(v);
        path.pop();
      });
    } else if (isRecord(node)) {
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref' && typeof v === 'string') found.push({ path: [...path], ref: v, node });
        else {
          path.push(k);
          walk(v);
          path.pop();
        }
      }
    }
  };
  walk(part);
  return found;
}

/**
 * Every `$ref` of a bundled document: each part's from memory (see `visitParts`), with the path to the part
 * (the reference is at `site.path` below it).
 */
export function referencesOf(document: Record<string, unknown>, memory: Memory, visit: (base: readonly (string | number)[], site: RefSite) => void): void {
  visitParts(
    document,
    (value, base) => {
      if (value === null || typeof value !== 'object') return;
      for (const site of refSitesOf(value, memory)) visit(base, site);
    },
    (node, path) => {
      const ref = (node as Record<string, unknown>).$ref;
      if (typeof ref === 'string') visit(path, { path: [], ref, node });
    },
  );
}

/** Every `#...` reference resolves, and no chain of bare references loops. */
function checkLocalRefs(document: Record<string, unknown>, provenance: Provenance, broken: Set<object>, brokenAt: string[], memory: Memory): Diagnostic[] {
  const problems: Diagnostic[] = [];
  /** By reference: its target (`undefined`: none), and the places a chain of bare references from it passes through. */
  const verdicts = new Map<string, { target: unknown; chain: ReadonlySet<string> }>();
  const verdict = (ref: string) => {
    let v = verdicts.get(ref);
    if (v) return v;
    let target: unknown;
    try {
      target = getAtPointer(document, ref.slice(1));
    } catch {
      target = undefined;
    }
    // Follow bare references ({ $ref } and nothing that constrains), to the first place seen twice.
    const chain = new Set<string>();
    let current: unknown = target;
    let at = ref.slice(1);
    while (target !== undefined && isRecord(current) && typeof current.$ref === 'string' && isBareRef(current)) {
      if (chain.has(at)) break;
      chain.add(at);
      const next = current.$ref as string;
      if (!next.startsWith('#')) break;
      at = next.slice(1);
      current = getAtPointer(document, at);
    }
    verdicts.set(ref, (v = { target, chain }));
    return v;
  };
  referencesOf(document, memory, (base, { path: below, ref, node }) => {
    const pointer = () => joinPointer(joinPointer('', ...base), ...below);
    const isBroken = () => {
      if (broken.has(node)) return;
      broken.add(node);
      brokenAt.push(pointer());
    };
    if (!ref.startsWith('#')) {
      isBroken(); // external ones that stayed external failed to bundle, and were reported then
      return;
    }
    const { target, chain } = verdict(ref);
    if (target === undefined && outsideSchemas([...base, ...below])) {
      // Under a keyword of no schema meaning: no validator or type reads it, so the document keeps its meaning.
      problems.push({
        ...provenance.at(
          joinPointer(pointer(), '$ref'),
          'ref-unused-unresolved',
          `Reference "${ref}" does not resolve, but it sits under "${unknownKeywordOf([...base, ...below])}", which is no schema keyword, so nothing reads it; it is left as it is. Remove it or move it under "properties" (with --strict this is an error).`,
        ),
        // (An error when the run is strict: load/index.ts, TOLERATED.)
        severity: 'warning',
      });
      return;
    }
    if (target === undefined) {
      isBroken();
      problems.push(provenance.at(joinPointer(pointer(), '$ref'), 'ref-unresolved', `Reference "${ref}" does not resolve: nothing at that pointer in the document.`));
      return;
    }
    // A chain that comes back to this reference's own place loops (a loop elsewhere is reported from its members).
    if (chain.size && chain.has(pointer())) {
      isBroken();
      problems.push(
        provenance.at(
          joinPointer(pointer(), '$ref'),
          'ref-cycle',
          `Reference "${ref}" is circular: it leads back to itself through references only, so it never names a schema. Point one of them at a real schema.`,
        ),
      );
    }
  });
  return problems;
}

/** Keywords whose value is a schema, a list of schemas, or a map of names to schemas (draft-07 to 2020-12). */
const ONE_SCHEMA = new Set(['additionalProperties', 'additionalItems', 'unevaluatedProperties', 'unevaluatedItems', 'contains', 'not', 'if', 'then', 'else', 'propertyNames', 'contentSchema', 'items']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas', 'dependencies']);

/**
 * The first keyword on the way to a place inside a schema that is no schema keyword (`blockNumber` beside
 * `type`), or undefined where every step is one (or the place is not inside a schema the document names).
 */
function unknownKeywordOf(path: readonly (string | number)[]): string | undefined {
  // Where a schema starts: a component schema, or a content descriptor's `schema`.
  let i = path[0] === 'components' && path[1] === 'schemas' ? 3 : path.indexOf('schema') + 1;
  if (i <= 0 || i > path.length) return undefined;
  while (i < path.length) {
    const k = String(path[i]);
    if (SCHEMA_MAPS.has(k)) i += 2;
    else if (SCHEMA_LISTS.has(k) && typeof path[i + 1] === 'number') i += 2;
    else if (ONE_SCHEMA.has(k)) i += 1;
    else return i === path.length - 1 && k === '$ref' ? undefined : k;
  }
  return undefined;
}

function outsideSchemas(path: readonly (string | number)[]): boolean {
  return unknownKeywordOf(path) !== undefined;
}

const ANNOTATIONS = new Set(['$ref', 'title', 'description', '$comment', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly']);
function isBareRef(node: Record<string, unknown>): boolean {
  return Object.keys(node).every((k) => ANNOTATIONS.has(k) || k.startsWith('x-'));
}

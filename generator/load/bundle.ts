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
import { isRecord } from '../lib/guards.js';
import { escapeSegment, getAtPointer, hasOwn, joinPointer, setOwn, splitPointer } from '../lib/pointer.js';
import { slot, type Memory } from '../lib/memory.js';
import { type Origin, Provenance } from './provenance.js';
import { checkLocalRefs, isBareRef } from './references.js';
import type { SourceFile } from './source.js';
import type { Workspace } from './workspace.js';

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
  if (!isRecord(entry.value)) {
    const doc: Record<string, unknown> = {};
    return {
      document: doc,
      provenance: new Provenance(doc, workspace),
      brokenAt: [],
      used: new Set(),
      problems: [{ code: 'not-a-document', message: 'An OpenRPC document must be a mapping (object) at the top level.', ...where(entry, '') }],
    };
  }
  return new Bundler(entry, workspace).run();
}

function where(file: SourceFile, pointer: string) {
  return { file: file.path, pointer, ...file.locate(pointer) };
}

/**
 * One bundling of one entry document: the entry is copied with its references rewritten, and each component
 * a reference names in another file is queued and copied in once, under `components.<kind>.<name>`.
 */
class Bundler {
  readonly problems: Diagnostic[] = [];
  readonly used = new Set<string>();
  readonly document: Record<string, unknown> = {};
  readonly provenance: Provenance;
  /** Names taken in components.<kind> (`kind/name`), and by which source (`file#pointer`). */
  private readonly owners = new Map<string, string>();
  /** The entry's own components that only re-export another file's component of the same name. */
  private readonly aliases = new Map<string, Task>();
  private readonly queue: Task[] = [];
  private readonly queued = new Set<string>();
  /** What rewriting a reference does besides its result: problems, and components to copy in. */
  private readonly direct: Sink = { problems: this.problems, enqueue: (task, from) => this.enqueue(task, from) };

  constructor(
    private readonly entry: SourceFile,
    private readonly workspace: Workspace,
  ) {
    this.provenance = new Provenance(this.document, workspace);
    this.provenance.record(this.document, { file: entry.path, pointer: '' });
  }

  run(): BundleResult {
    const { entry, document, provenance } = this;
    this.takeOwnNames();
    for (const alias of this.aliases.values()) this.enqueue(alias, { file: entry, pointer: joinPointer('/components', alias.kind, alias.name) });
    Object.assign(document, this.clone(entry.value, entry, '') as Record<string, unknown>);
    const shared = new Map<string, Record<string, unknown>>();
    for (let task = this.queue.shift(); task; task = this.queue.shift()) {
      this.used.add(`${task.file.path}#${task.pointer}`);
      let into = shared.get(task.kind);
      if (!into) shared.set(task.kind, (into = {}));
      into[task.name] = this.clone(getAtPointer(task.file.value, task.pointer), task.file, task.pointer);
    }
    if (shared.size) this.mergeComponents(shared);
    const brokenAt: string[] = [];
    this.problems.push(...checkLocalRefs(document, provenance, new Set(), brokenAt, this.workspace.memory));
    return { document, provenance, brokenAt, used: this.used, problems: this.problems };
  }

  /**
   * Names already taken in components.<kind>, and by which source. A re-exported component is owned by its
   * source (so that the documents which define it and those that re-export it agree), and its own entry
   * gives way to the copy.
   */
  private takeOwnNames(): void {
    const ownComponents = getAtPointer(this.entry.value, '/components');
    if (!isRecord(ownComponents)) return;
    for (const [kind, entries] of Object.entries(ownComponents)) {
      if (!isRecord(entries)) continue;
      for (const [name, value] of Object.entries(entries)) {
        const alias = COMPONENT_KINDS.has(kind) ? this.reexported(kind, name, value) : undefined;
        if (alias) this.aliases.set(`${kind}/${name}`, alias);
        else this.owners.set(`${kind}/${name}`, `${this.entry.path}#${joinPointer('/components', kind, name)}`);
      }
    }
  }

  /** An own component that only re-exports the component of the same name from another file, resolved: the task for that component. */
  private reexported(kind: string, name: string, value: unknown): Task | undefined {
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
    const resolved = posix.normalize(posix.join(posix.dirname(this.entry.path), path));
    const fromRoot = posix.normalize(path);
    const target = this.workspace.has(resolved) ? resolved : this.workspace.has(fromRoot) ? fromRoot : undefined;
    if (target === undefined) return undefined;
    const file = this.workspace.get(target);
    if (!file) return undefined;
    const sameName = isOpenRpc(file)
      ? segments.length === 3 && segments[0] === 'components' && segments[1] === kind && segments[2] === name
      : kind === 'schemas' && segments.length === 1 && segments[0] === name;
    if (!sameName || getAtPointer(file.value, segments) === undefined) return undefined;
    return { file, kind, name, pointer: joinPointer('', ...segments) };
  }

  private enqueue(task: Task, from: { file: SourceFile; pointer: string }): void {
    const key = `${task.file.path}#${task.pointer}`;
    if (this.queued.has(key)) return;
    const slot = `${task.kind}/${task.name}`;
    const owner = this.owners.get(slot);
    if (owner !== undefined && owner !== key) {
      this.problems.push({
        code: 'schema-name-collision',
        message: `Two ${task.kind === 'schemas' ? 'schemas' : `components (${task.kind})`} are named "${task.name}" (${owner} and ${key}). Bundled names must be unique because they become components.${task.kind} keys${task.kind === 'schemas' ? ' and type names' : ''}: rename one.`,
        ...where(from.file, from.pointer),
      });
      return;
    }
    this.owners.set(slot, key);
    this.queued.add(key);
    this.queue.push(task);
  }

  /** Where a relative file reference leads: beside the file that holds it, else (a warning) from the project root. */
  private locate(path: string, file: SourceFile, refPointer: string, ref: string, sink: Sink): SourceFile | undefined {
    const { workspace } = this;
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
  }

  /**
   * A local reference that names nothing from the document's root, resolved against its nearest base, as
   * JSON Schema defines it (the nearest enclosing schema with an `$id`), else as schemars and other
   * generators mean it when they embed `definitions`/`$defs` per type (the nearest enclosing schema that
   * holds the target): `#/definitions/B` inside components/schemas/A is `#/components/schemas/A/definitions/B`.
   * Rewritten to the place in the document, with a warning; a reference that still names nothing is left
   * for the checks after bundling.
   */
  private rebased(ref: string, file: SourceFile, pointer: string, sink: Sink): string {
    if (!ref.startsWith('#/')) return ref;
    let segments: string[];
    let at: string[];
    try {
      segments = splitPointer(ref.slice(1));
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
  }

  /** The reference `given` (in `file`, in the object at `pointer`) as it reads in the bundle; what it asks for goes to `sink`. */
  private rewriteRef(given: string, file: SourceFile, pointer: string, sink: Sink = this.direct): string {
    const ref = this.rebased(given, file, pointer, sink);
    const hash = ref.indexOf('#');
    const path = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = hash === -1 ? '' : ref.slice(hash + 1);
    const refPointer = joinPointer(pointer, '$ref');
    // A local reference inside the entry document stays as written; it is checked after bundling.
    if (path === '' && file === this.entry) return ref;
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
      target = this.locate(path, file, refPointer, ref, sink);
      if (!target) return ref;
      if (target === this.entry) return `#${fragment}`;
    }
    let segments: string[];
    try {
      segments = splitPointer(fragment);
    } catch {
      segments = [];
    }
    const problem = targetProblem(ref, path, fragment, segments, file, target);
    if (problem) {
      sink.problems.push({ ...problem, ...where(file, refPointer) });
      return ref;
    }
    const from = { file, pointer: refPointer };
    // Another OpenRPC document: the component named, copied to the same place in this one.
    if (isOpenRpc(target)) {
      const [, kind, name, ...rest] = segments as [string, string, string, ...string[]];
      sink.enqueue({ file: target, kind, name, pointer: joinPointer('/components', kind, name) }, from);
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
    sink.enqueue({ file: target, kind: 'schemas', name, pointer: joinPointer('', name) }, from);
    return '#/components/schemas/' + [name, ...rest].map(escapeSegment).join('/');
  }

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
  private clone(value: unknown, file: SourceFile, pointer: string): unknown {
    const path: (string | number)[] = [];
    const context = `${this.entry.path}\0${file.path}`;
    /** The followed references (see {@link CloneRecord}) of the copy under way, by path from the copy's root. */
    let followed: FollowedRef[] = [];
    const copy = (node: unknown): unknown => {
      if (node === null || typeof node !== 'object') return node;
      // (A run that keeps nothing neither looks copies up nor keeps them: see lib/memory.ts.)
      const kept = path.length <= KEPT_DEPTH && this.workspace.memory.keeping;
      if (kept) {
        const hit = keptCopy(this.workspace.memory, node, context);
        if (hit && this.replay(hit, file, path.length ? joinPointer(pointer, ...path) : pointer)) {
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
      const child = (key: string | number, v: unknown): unknown => {
        path.push(key);
        const c = copy(v);
        path.pop();
        if (c !== v) same = false;
        return c;
      };
      if (Array.isArray(node)) out = node.map((v, i) => child(i, v));
      else {
        const o: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(node)) {
          if (k === '$ref' && typeof v === 'string') {
            const rewritten = this.rewriteRef(v, file, joinPointer(pointer, ...path));
            // A reference inside the entry document stays as written and leads nowhere else.
            if (file !== this.entry || !isLocalRef(v)) followed.push({ path: [...path], ref: v, rewritten });
            if (rewritten !== v) same = false;
            o[k] = rewritten;
          } else setOwn(o, k, child(k, v));
        }
        out = o;
      }
      if (same && isPlainValue(node)) out = node;
      if (kept) {
        const depth = path.length;
        const mine = followed;
        followed = outer;
        keepCopy(this.workspace.memory, node, { context, copy: out, followed: !mine.length ? NOTHING_FOLLOWED : depth ? mine.map((f) => ({ path: f.path.slice(depth), ref: f.ref, rewritten: f.rewritten })) : mine });
        for (const f of mine) followed.push(f);
      }
      return out;
    };
    const out = copy(value);
    if (out !== null && typeof out === 'object') this.provenance.record(out, { file: file.path, pointer });
    return out;
  }

  /**
   * Follows a kept copy's references again (its part is at `at` in `file`), as copying the part anew would
   * and in the same order: `true`, and what following them does is done, when each leads where it led.
   */
  private replay(record: CloneRecord, file: SourceFile, at: string): boolean {
    if (record.followed.length === 0) return true;
    const calls: [Task, { file: SourceFile; pointer: string }][] = [];
    const trial: Sink = { problems: [], enqueue: (task, from) => void calls.push([task, from]) };
    for (const f of record.followed) if (this.rewriteRef(f.ref, file, joinPointer(at, ...f.path), trial) !== f.rewritten) return false;
    this.problems.push(...trial.problems);
    for (const [task, from] of calls) this.enqueue(task, from);
    return true;
  }

  /** The copied components merged into the document's own, by kind and name (an own entry wins, except a re-export). */
  private mergeComponents(shared: Map<string, Record<string, unknown>>): void {
    const { document, provenance, workspace, entry } = this;
    // The entry's own components object is a kept copy (see `clone`): the merged one is a new object.
    const components: Record<string, unknown> = isRecord(document.components) ? { ...document.components } : {};
    document.components = components;
    const origins = new Map<string, Origin>();
    for (const [kind, copies] of [...shared].sort(([a], [b]) => a.localeCompare(b))) {
      const own = isRecord(components[kind]) ? components[kind] : {};
      const merged: Record<string, unknown> = {};
      // An own entry wins, except a re-export, which gives way to the component it names.
      for (const k of [...new Set([...Object.keys(own), ...Object.keys(copies)])].sort())
        merged[k] = hasOwn(own, k) && !(this.aliases.has(`${kind}/${k}`) && hasOwn(copies, k)) ? own[k] : copies[k];
      const ownOrigin = isRecord(components[kind]) ? provenance.origin(`/components/${kind}`) : undefined;
      origins.set(kind, ownOrigin ?? { file: entry.path, pointer: '/components' });
      // The same components as last run: the same object.
      components[kind] = workspace.memory.shallow(`bundle ${entry.path} components/${kind}`, merged);
    }
    document.components = workspace.memory.shallow(`bundle ${entry.path} components`, components);
    for (const [kind, origin] of origins) provenance.record((document.components as Record<string, object>)[kind]!, origin);
  }
}

/** What is wrong with a reference's target (`target`, at `segments`), if anything: the code and message, unlocated. */
function targetProblem(ref: string, path: string, fragment: string, segments: readonly string[], file: SourceFile, target: SourceFile): { code: string; message: string } | undefined {
  const openRpc = isOpenRpc(target);
  if (segments.length === 0)
    return {
      code: 'ref-no-fragment',
      message: `Reference "${ref}" must name a ${openRpc ? 'component' : 'schema'} inside the file, like "${path || file.path}#/${openRpc ? 'components/schemas/' : ''}Name".`,
    };
  if (getAtPointer(target.value, segments) === undefined)
    return {
      code: 'ref-unresolved',
      message:
        openRpc || !isRecord(target.value) || hasOwn(target.value, segments[0]!)
          ? `Reference "${ref}" does not resolve: nothing at #${fragment} in ${target.path}.`
          : `Reference "${ref}" does not resolve: ${target.path} has no top-level schema "${segments[0]!}".`,
    };
  const [root, kind, name] = segments;
  if (openRpc && (root !== 'components' || kind === undefined || name === undefined || !COMPONENT_KINDS.has(kind)))
    return {
      code: 'ref-unsupported',
      message: `Reference "${ref}" names #${fragment} of another OpenRPC document; only its components (#/components/<kind>/<name>) can be referenced from here. Move what it names into components.`,
    };
  return undefined;
}

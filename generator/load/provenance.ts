/**
 * Where each part of a bundled document came from: the copies the bundler makes remember their file and
 * pointer, so that a problem found later in the bundled document is reported where the author wrote it.
 */
import type { Diagnostic } from '../lib/diagnostics.js';
import { getAtPointer, joinPointer, splitPointer } from '../lib/pointer.js';
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

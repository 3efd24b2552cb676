/**
 * What a part of a bundled document (a method, a component) reaches through its references, transitively:
 * the dependencies of everything computed from the part. Each referenced place counts whole, as the
 * top-level component (or content descriptor, error, ...) it lands in.
 *
 * A reach is kept under its part and is the same object as long as every place it lists holds the same
 * object (see incremental.ts: an unchanged component is the same object from run to run), so "the same
 * part with the same reach" is the whole condition for reusing what was computed from a part: a shared
 * schema edited gives every part that reaches it a new reach.
 */
import { refSitesOf } from '../load/references.js';
import { getAtPointer } from '../lib/pointer.js';
import type { Memory } from '../lib/memory.js';

export interface Reach {
  /** Each place reached (a JSON pointer) and what it held (`undefined`: nothing). */
  readonly places: readonly (readonly [string, unknown])[];
}

const reaches = new WeakMap<object, Reach>();
/** The document each reach was last found to hold in (a part is asked about several times per run). */
const holdsIn = new WeakMap<Reach, object>();
/** Places of each document, resolved once per document. */
const resolved = new WeakMap<object, Map<string, unknown>>();

function placesOf(document: Record<string, unknown>): Map<string, unknown> {
  let places = resolved.get(document);
  if (!places) resolved.set(document, (places = new Map()));
  return places;
}

function at(document: Record<string, unknown>, places: Map<string, unknown>, pointer: string): unknown {
  const known = places.get(pointer);
  if (known !== undefined || places.has(pointer)) return known;
  let value: unknown;
  try {
    value = getAtPointer(document, pointer);
  } catch {
    value = undefined;
  }
  places.set(pointer, value);
  return value;
}

/** What is at `pointer` in `document` (`undefined`: nothing), looked up once per document. */
export function placeIn(document: Record<string, unknown>, pointer: string): unknown {
  return at(document, placesOf(document), pointer);
}

/** The place a local reference counts as: the top-level component it lands in, or the pointer itself. */
function placeOf(ref: string): string {
  const m = /^#(\/components\/[^/]+\/[^/]+)/.exec(ref);
  return m ? m[1]! : ref.slice(1);
}

function holds(reach: Reach, document: Record<string, unknown>, places: Map<string, unknown>): boolean {
  const list = reach.places;
  for (let i = 0; i < list.length; i++) {
    const [pointer, value] = list[i]!;
    if (!Object.is(at(document, places, pointer), value)) return false;
  }
  return true;
}

/** What `part` (an object of `document`) reaches. */
export function reachOf(document: Record<string, unknown>, part: object, memory?: Memory): Reach {
  const last = reaches.get(part);
  const places = placesOf(document);
  if (last && (holdsIn.get(last) === document || holds(last, document, places))) {
    holdsIn.set(last, document);
    return last;
  }
  const reached = new Map<string, unknown>();
  const queue: object[] = [part];
  while (queue.length) {
    const node = queue.pop()!;
    for (const site of refSitesOf(node, memory)) {
      if (!site.ref.startsWith('#/')) continue;
      const place = placeOf(site.ref);
      if (reached.has(place)) continue;
      const target = at(document, places, place);
      reached.set(place, target);
      if (target !== null && typeof target === 'object') queue.push(target);
    }
  }
  const reach: Reach = { places: [...reached] };
  reaches.set(part, reach);
  holdsIn.set(reach, document);
  return reach;
}


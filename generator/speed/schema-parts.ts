/**
 * What the schema job is sent of a document, and what it sends back, when it runs again for the same watch
 * session: only what changed. A document goes as its parts (see `visitParts`: the methods, the components,
 * the other top-level values), each part the job already holds from the last run as its number there and
 * the others whole; the job puts the document together again from its own copies, so an unchanged part is
 * the same object on its side too, and everything it keeps by part (verdicts, validators) is found again.
 * Its output files come back the same way: a file it sent last time, unchanged, as its number in that list.
 *
 * Both sides keep what the other holds per channel (a watch session): the main thread a {@link SchemaChannel},
 * the job a {@link JobMemory}. They change it only when a job finishes; a job that fails or is dropped
 * makes the channel start over with whole documents.
 */
import type { OutputFile } from '../lib/output-file.js';
import { setOwn } from '../lib/pointer.js';
import { RunMemory } from './incremental.js';
import { reachOf } from './reach.js';

/** A part as sent: its number in the parts the job holds from the last run, or the value itself. */
export type PartRef = number | { readonly value: unknown };

/** A document as parts: the top-level entries in order, the methods and the components by kind broken down. */
export interface PartsMessage {
  readonly entries: readonly (readonly [string, PartRef | { readonly methods: readonly PartRef[] } | { readonly components: readonly (readonly [string, PartRef | { readonly entries: readonly (readonly [string, PartRef])[] }])[] }])[];
}

/**
 * The main thread's side of a channel: per service, the parts the job holds (by object, their numbers), and
 * the output files it holds, in its order.
 */
export class SchemaChannel {
  private static next = 0;
  /** Which job side holds this channel's state (a new thread, or the same one after the state was dropped, does not). */
  readonly id = SchemaChannel.next++;
  private held = new Map<string, Map<unknown, number>>();
  private pending = new Map<string, Map<unknown, number>>();
  /** The last output files, as the job holds them. */
  files: readonly OutputFile[] = [];
  /** The job side that holds the state (`undefined`: none does). */
  holder: object | undefined;

  /** Forget everything the job side held: the next job sends whole documents. */
  reset(): void {
    this.held = new Map();
    this.pending = new Map();
    this.files = [];
    this.holder = undefined;
  }

  /** `document` as parts, against what the job holds of `service`; remembered until {@link commit}. */
  encode(service: string, document: Record<string, unknown>): PartsMessage {
    const held = this.held.get(service);
    const numbers = new Map<unknown, number>();
    let n = 0;
    const ref = (value: unknown): PartRef => {
      const at = n++;
      if (value !== null && typeof value === 'object') numbers.set(value, at);
      const known = value !== null && typeof value === 'object' ? held?.get(value) : undefined;
      return known !== undefined ? known : { value };
    };
    const entries: PartsMessage['entries'][number][] = [];
    // The parts as `visitParts` divides a document, numbered in its order.
    for (const [k, v] of Object.entries(document)) {
      if (k === 'methods' && Array.isArray(v)) entries.push([k, { methods: v.map(ref) }]);
      else if (k === 'components' && v !== null && typeof v === 'object' && !Array.isArray(v)) {
        entries.push([
          k,
          {
            components: Object.entries(v as Record<string, unknown>).map(([kind, e]) =>
              e !== null && typeof e === 'object' && !Array.isArray(e) ? ([kind, { entries: Object.entries(e as Record<string, unknown>).map(([name, c]) => [name, ref(c)] as const) }] as const) : ([kind, ref(e)] as const),
            ),
          },
        ]);
      } else entries.push([k, ref(v)]);
    }
    this.pending.set(service, numbers);
    return { entries };
  }

  /** The job finished: what was sent is what it holds now, and `files` its output. */
  commit(holder: object, files: readonly OutputFile[]): void {
    this.held = this.pending;
    this.pending = new Map();
    this.files = files;
    this.holder = holder;
  }

  /** The job's output files, numbers replaced by the files they stand for. */
  decode(files: readonly (OutputFile | number)[]): OutputFile[] {
    return files.map((f) => (typeof f === 'number' ? this.files[f]! : f));
  }
}

/** The job's side of a channel: the parts it holds per service, and the files it sent last. */
export class JobMemory {
  /**
   * What the job's stages keep for the channel's next job (see lib/memory.ts): a job on a channel is a
   * watch session's, and keeps; one without a channel is a cold run's.
   */
  readonly results: RunMemory;
  constructor(keeping = false) {
    this.results = new RunMemory(keeping, reachOf);
  }
  private held = new Map<string, unknown[]>();
  private pending = new Map<string, unknown[]>();
  private files: readonly OutputFile[] = [];
  private pendingFiles: readonly OutputFile[] | undefined;

  /** The document a {@link PartsMessage} stands for, its unchanged parts the objects held. */
  decode(service: string, message: PartsMessage): Record<string, unknown> {
    const held = this.held.get(service) ?? [];
    const made: unknown[] = [];
    const part = (ref: PartRef): unknown => {
      const value = typeof ref === 'number' ? held[ref] : ref.value;
      made.push(value);
      return value;
    };
    const document: Record<string, unknown> = {};
    for (const [key, entry] of message.entries) {
      if (typeof entry === 'object' && 'methods' in entry) setOwn(document, key, entry.methods.map(part));
      else if (typeof entry === 'object' && 'components' in entry) {
        const components: Record<string, unknown> = {};
        for (const [kind, kindEntry] of entry.components) {
          if (typeof kindEntry === 'object' && 'entries' in kindEntry) {
            const entries: Record<string, unknown> = {};
            for (const [name, ref] of kindEntry.entries) setOwn(entries, name, part(ref));
            setOwn(components, kind, entries);
          } else setOwn(components, kind, part(kindEntry));
        }
        setOwn(document, key, components);
      } else setOwn(document, key, part(entry));
    }
    this.pending.set(service, made);
    return document;
  }

  /** `files` for sending: each file sent last time (the same object) as its number there. */
  encode(files: readonly OutputFile[]): (OutputFile | number)[] {
    const numbers = new Map<OutputFile, number>();
    this.files.forEach((f, i) => numbers.set(f, i));
    this.pendingFiles = files;
    return files.map((f) => numbers.get(f) ?? f);
  }

  /** The job finished: its documents and files are what the main thread holds now. */
  commit(): void {
    for (const [service, parts] of this.pending) this.held.set(service, parts);
    this.pending = new Map();
    if (this.pendingFiles) this.files = this.pendingFiles;
    this.pendingFiles = undefined;
  }
}

/**
 * How many channels the job side keeps (the most recently started); older ones are dropped, on both sides
 * alike: the main thread counts the same starts the job side sees.
 */
export const KEPT_CHANNELS = 4;

/** The job side's memories by channel, most recently started last, at most {@link KEPT_CHANNELS}. */
export class ChannelMemories {
  private readonly memories = new Map<number, JobMemory>();

  /** The memory of a job started on `channel`: the one kept (unless `fresh`), else a new one. */
  start(channel: number | undefined, fresh: boolean): JobMemory {
    if (channel === undefined) return new JobMemory();
    const kept = fresh ? undefined : this.memories.get(channel);
    this.memories.delete(channel);
    const memory = kept ?? new JobMemory(true);
    this.memories.set(channel, memory);
    for (const old of this.memories.keys()) {
      if (this.memories.size <= KEPT_CHANNELS) break;
      this.memories.delete(old);
    }
    return memory;
  }

  /** A job on `channel` failed or was dropped: what the job side holds of it may not be what the main thread thinks. */
  drop(channel: number | undefined): void {
    if (channel !== undefined) this.memories.delete(channel);
  }
}


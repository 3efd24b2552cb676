/** A file an emitter made: what every output stage hands on and the write stage writes. */
export interface OutputFile {
  /** Path relative to the output folder, `/`-separated. */
  readonly path: string;
  /** Exactly what is written: emitters print canonical text (no formatter runs). */
  readonly contents: string;
  /** The output (`client`, `docs`, ...) it belongs to; set by the run, recorded in the folder's record. */
  readonly output?: string;
}

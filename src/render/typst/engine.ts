import type { FontGroup } from '../../../wasm/fonts';

/** One compile: the shadow files it reads (`/data.json`, images, codes) and the fonts its text needs. */
export interface CompileJob {
  /** Entry file, `/main.typ` for documents, `/probe.typ` for image probes. */
  main: string;
  files: Record<string, Uint8Array>;
  fontGroups: readonly FontGroup[];
}

/** A Typst compiler holding the fixed program (library + entry files), warm across compiles. */
export interface TypstEngine {
  readonly kind: 'wasm' | 'native';
  /** Returns PDF bytes, or throws a QuireError (TemplateRendererror) with Typst's diagnostics. */
  compilePdf(job: CompileJob): Promise<Uint8Array>;
  /**
   * One compile that answers the PDF and the values of the `metadata` elements labelled
   * `selector` (e.g. `<q-row>`): where rows landed, for joining separately compiled chunks.
   */
  compileWithQuery(job: CompileJob, selector: string): Promise<{ pdf: Uint8Array; found: unknown[] }>;
  /** Documents compiled so far (the WASM engine never frees memory; callers recycle on a budget). */
  readonly compiled: number;
  /** Bytes held by the compiler, where it can tell (the WASM engine's linear memory). */
  memoryBytes?(): Promise<number>;
  dispose(): void;
}

export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.tail.then(task, task);
    this.tail = next.catch(() => undefined);
    return next;
  }
}

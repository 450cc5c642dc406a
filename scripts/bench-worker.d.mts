// Types of scripts/bench-worker.mjs for the TypeScript tests that import it.
export function buildWorkerBundle(distDir?: string): {
  dir: string;
  file: string;
  rawBytes: number;
  gzipBytes: number;
  /** the bundle's source files (from its source map), relative to the project root */
  sources: string[];
};
export function coldStart(
  file: string,
  runs?: number,
): Promise<{ coldStartMs: number; emptyColdStartMs: number; addedMs: number; runs: number }>;
export function workerFigures(opts?: { runs?: number }): Promise<{
  rawBytes: number;
  gzipBytes: number;
  coldStartMs: number;
  emptyColdStartMs: number;
  addedMs: number;
  runs: number;
}>;

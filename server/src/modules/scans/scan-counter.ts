/**
 * Counted scans of a code, as `scans: { lt, gte }` rule conditions read them ("the first three
 * scans go to ..."). The edge asks only for codes whose rules read the count, so other scans
 * never pay for it. Counted means a human GET: HEAD and bots are answered but not counted.
 *
 * Two forms (docs/adr/2026-11-23-redirect-edge.md):
 * - in process (one instance, today): the count lives on the cached code, seeded from the
 *   database's running total when the code is loaded, and advanced as this process answers;
 * - shared (several instances, with scale-out): an atomic Redis INCR on the code's counter,
 *   seeded once (SET NX) from the database total and dropped when the code changes, so every
 *   instance sees one sequence and each scan takes exactly one number.
 */
export interface CountedCode {
  id: string;
  /** The code's counted scans when it was loaded, advanced by the in-process form. */
  countedScans: number;
}

export interface ScanCounter {
  /** Counted scans of the code before this one; when `counts`, this scan is added. */
  take(code: CountedCode, counts: boolean): number | Promise<number>;
}

export const inProcessScanCounter: ScanCounter = {
  take(code, counts) {
    const before = code.countedScans;
    if (counts) code.countedScans += 1;
    return before;
  },
};

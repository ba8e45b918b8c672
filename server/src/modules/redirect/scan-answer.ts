/** What the edge answers a request with, whichever entry point sends it. */
export interface ScanAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body?: string;
}

/**
 * A progress bar on stderr, drawn only when stderr is a terminal: in scripts and CI logs it would
 * only be noise. `total` undefined (no Content-Length) shows the bytes so far.
 */
export class Progress {
  private readonly enabled: boolean;
  private done = 0;
  private lastDraw = 0;

  constructor(
    private readonly label: string,
    private total: number | undefined,
    private readonly unit: 'bytes' | 'rows' = 'bytes',
    stream: NodeJS.WriteStream = process.stderr,
  ) {
    this.enabled = Boolean(stream.isTTY) && process.env.TERM !== 'dumb';
    this.stream = stream;
  }

  private readonly stream: NodeJS.WriteStream;

  add(amount: number): void {
    this.done += amount;
    const now = Date.now();
    if (now - this.lastDraw >= 100) this.draw(now);
  }

  setTotal(total: number | undefined): void {
    this.total = total;
  }

  finish(): void {
    if (!this.enabled) return;
    this.draw(Date.now());
    this.stream.write('\n');
  }

  private draw(now: number): void {
    if (!this.enabled) return;
    this.lastDraw = now;
    const amount = this.unit === 'bytes' ? formatBytes(this.done) : String(this.done);
    if (!this.total) {
      this.stream.write(`\r${this.label} ${amount}\u001b[K`);
      return;
    }
    const share = Math.min(1, this.done / this.total);
    const width = 30;
    const filled = Math.round(share * width);
    const of = this.unit === 'bytes' ? formatBytes(this.total) : String(this.total);
    const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
    this.stream.write(`\r${this.label} ${bar} ${Math.round(share * 100)}% ${amount}/${of}\u001b[K`);
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/**
 * The one polling helper of the tests: waits for what a test cannot be told about by an event
 * (another process's output, a row another thread writes, a call a receiver gets).
 */
export interface WaitOptions {
  /** How long before it gives up (default 30 s). */
  timeoutMs?: number;
  /** How long between looks (default 50 ms; 0: at every turn of the event loop). */
  everyMs?: number;
}

/**
 * Looks at `check` until it answers a value other than undefined or false, and returns that;
 * throws `timed out waiting for <what>` after `timeoutMs`.
 */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  { timeoutMs = 30_000, everyMs = 50 }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (${timeoutMs} ms)`);
    await new Promise((resolve) => (everyMs === 0 ? setImmediate(resolve) : setTimeout(resolve, everyMs)));
  }
}

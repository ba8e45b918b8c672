/**
 * A page whose code fails to load (often: a new deployment replaced its chunk) gets one full
 * reload; if it fails again the page offers 'Retry'. sessionStorage remembers which path was
 * reloaded already, so a chunk that stays broken never loops.
 */
export const CHUNK_RELOAD_KEY = 'rq:chunk-reload';

function read(): string | null {
  try {
    return window.sessionStorage.getItem(CHUNK_RELOAD_KEY);
  } catch {
    return null;
  }
}

export function markReloaded(pathname: string): void {
  try {
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, pathname);
  } catch {
    // Without sessionStorage we cannot guard a reload loop; 'Retry' is offered instead.
  }
}

export function clearReloaded(): void {
  try {
    window.sessionStorage.removeItem(CHUNK_RELOAD_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** True when this path has had its one reload (or the guard cannot be stored). */
export function alreadyReloaded(pathname: string): boolean {
  try {
    window.sessionStorage.setItem(`${CHUNK_RELOAD_KEY}:probe`, '1');
    window.sessionStorage.removeItem(`${CHUNK_RELOAD_KEY}:probe`);
  } catch {
    return true;
  }
  return read() === pathname;
}

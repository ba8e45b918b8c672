import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type { ClientModule } from '@docusaurus/types';
import { alreadyReloaded, clearReloaded, markReloaded } from '../lib/chunkReload';

/**
 * Pages load lazily. When a page's code fails to load (often: a new deployment replaced its
 * chunks), the page is reloaded once; if it fails again, 'Retry' is offered.
 *
 * - During a client-side navigation, Docusaurus itself reloads the page when the next route's
 *   chunks fail; marking the target path first makes that reload count as the one reload.
 * - On a page load, Docusaurus waits for the route's chunks before rendering and never renders
 *   if they fail (the promise rejects unhandled). That rejection is caught here.
 */
// Told by name, never by message: webpack's script chunks and mini-css-extract's CSS chunks both
// reject with an Error named 'ChunkLoadError'.
function isChunkLoadError(reason: unknown): boolean {
  return reason instanceof Error && reason.name === 'ChunkLoadError';
}

function showRetry(error: Error): void {
  if (document.getElementById('rq-page-load-failed')) return;
  const panel = document.createElement('div');
  panel.id = 'rq-page-load-failed';
  panel.setAttribute('role', 'alert');
  panel.style.cssText =
    'position:fixed;inset:0;z-index:1000;display:flex;align-items:center;justify-content:center;' +
    'background:rgb(15 23 42 / 45%);padding:1rem';
  const card = document.createElement('div');
  card.style.cssText =
    'max-width:32rem;padding:2rem;border-radius:14px;text-align:center;' +
    'background:var(--ifm-background-surface-color,#fff);box-shadow:0 20px 50px rgb(15 23 42 / 30%)';
  const heading = document.createElement('h1');
  heading.textContent = 'Page Error';
  heading.style.fontSize = '1.6rem';
  const text = document.createElement('p');
  text.textContent = 'This page could not be loaded. Check your connection, then retry.';
  const detail = document.createElement('p');
  detail.textContent = error.message;
  detail.style.cssText = 'font-family:var(--ifm-font-family-monospace);font-size:0.8rem;opacity:0.7';
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'button button--primary';
  retry.textContent = 'Retry';
  retry.addEventListener('click', () => window.location.reload());
  card.append(heading, text, detail, retry);
  panel.append(card);
  document.body.append(panel);
}

if (ExecutionEnvironment.canUseDOM) {
  window.addEventListener('unhandledrejection', (event) => {
    if (!isChunkLoadError(event.reason)) return;
    const path = window.location.pathname;
    if (alreadyReloaded(path)) {
      showRetry(event.reason as Error);
    } else {
      markReloaded(path);
      window.location.reload();
    }
  });
}

const chunkReload: ClientModule = {
  onRouteUpdate({ location, previousLocation }) {
    if (previousLocation && previousLocation.pathname !== location.pathname) markReloaded(location.pathname);
  },
  // The route rendered, so its code loaded: a later failure deserves its own reload.
  onRouteDidUpdate() {
    clearReloaded();
  },
};

export default chunkReload;

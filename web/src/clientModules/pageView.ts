import type { ClientModule } from '@docusaurus/types';
import { loadRuntimeConfig } from '../lib/runtimeConfig';

type DataLayerEntry = Record<string, unknown> | IArguments;

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
    gtag?: (...args: unknown[]) => void;
  }
}

let gtagStarted = false;

/** Loads Google's gtag.js once, when the deployment configures a measurement id. */
function startGtag(measurementId: string): void {
  if (gtagStarted) return;
  gtagStarted = true;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js reads the `arguments` object itself, as Google's snippet does.
    // biome-ignore lint/complexity/noArguments: gtag's documented calling convention.
    window.dataLayer?.push(arguments);
  };
  window.gtag('js', new Date());
  // Page views are sent by hand below (one per route change), not automatically by config.
  window.gtag('config', measurementId, { send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
}

/** Exactly one `page_view` in window.dataLayer per route change (the first load included). */
const pageView: ClientModule = {
  onRouteDidUpdate({ location, previousLocation }) {
    if (
      previousLocation &&
      previousLocation.pathname === location.pathname &&
      previousLocation.search === location.search
    ) {
      return; // a hash change within the page is not a new page
    }
    const page = {
      page_path: location.pathname + location.search,
      page_location: window.location.href,
    };
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ event: 'page_view', ...page });
    loadRuntimeConfig()
      .then((config) => {
        if (!config.analyticsId) return;
        startGtag(config.analyticsId);
        window.gtag?.('event', 'page_view', { ...page, send_to: config.analyticsId });
      })
      .catch(() => {
        // Without settings there is no analytics id; the dataLayer event above still stands.
      });
  },
};

export default pageView;

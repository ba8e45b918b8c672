/**
 * The deployment's public settings, read from the server at run time (GET /api/v1/config) so one
 * build of the site serves any deployment. Fetched once per page load and kept in memory; a failed
 * fetch is forgotten so the next caller tries again.
 */
export interface RuntimeConfig {
  apiBase: string;
  shortBase: string;
  firebase: { apiKey: string; authDomain: string; projectId: string; emulatorUrl?: string };
  paypal: {
    clientId: string | null;
    plans: Record<'hostnames' | 'basic' | 'pro' | 'ultra' | 'mega', string | null>;
    /** Where the PayPal JS SDK loads from (PAYPAL_SDK_BASE). */
    sdkBaseUrl: string;
  };
  marketplaceUrl: string;
  analyticsId: string | null;
  /** Who runs this server (OPERATOR_*), for the contact, legal and privacy pages. */
  operator: {
    name: string | null;
    email: string | null;
    privacyEmail: string | null;
    securityEmail: string | null;
  };
  /** Whether plans are sold (PayPal), given by the operator (DEFAULT_PLAN), or not used at all. */
  billing: { sells: boolean; limited: boolean; defaultPlan: string; hostnamesLimit: number | null };
  /** `edgeHostname` is null while the server is not set up for custom hostnames. */
  hostnames: { edgeHostname: string | null };
}

export const CONFIG_PATH = '/api/v1/config';

/**
 * Where the site calls its own API: the same origin as the page, whatever name, address or port
 * the page was opened at. `apiBase` from the settings is the public address (PUBLIC_URL) for
 * people and their scripts; calling it from a page opened elsewhere would be cross-origin.
 */
export const SITE_API = '/api/v1';

let pending: Promise<RuntimeConfig> | undefined;
let loaded: RuntimeConfig | undefined;
const listeners = new Set<(config: RuntimeConfig) => void>();

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  if (!pending) {
    const request = fetch(CONFIG_PATH, { headers: { accept: 'application/json' } }).then(async (response) => {
      if (!response.ok) throw new Error(`The site settings could not be loaded (HTTP ${response.status}).`);
      const config = (await response.json()) as RuntimeConfig;
      loaded = config;
      for (const listener of listeners) listener(config);
      return config;
    });
    request.catch(() => {
      if (pending === request) pending = undefined;
    });
    pending = request;
  }
  return pending;
}

/** The settings if they have arrived already (no request is made). */
export function runtimeConfigIfLoaded(): RuntimeConfig | undefined {
  return loaded;
}

/** Calls `listener` whenever the settings arrive; returns the unsubscribe function. */
export function onRuntimeConfig(listener: (config: RuntimeConfig) => void): () => void {
  listeners.add(listener);
  if (loaded) listener(loaded);
  return () => listeners.delete(listener);
}

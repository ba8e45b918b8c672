import type { Config } from '../../config.js';
import type { SiteConfig } from './site.schemas.js';

/** The public part of the configuration, in the shape the site reads (API.md: GET /config). */
export function publicSiteConfig(config: Config): SiteConfig {
  const { firebase, paypal } = config;
  return {
    apiBase: config.apiBase,
    shortBase: config.shortUrl ?? `${config.publicUrl}/r`,
    firebase: {
      apiKey: firebase.apiKey,
      authDomain: firebase.authDomain,
      projectId: firebase.projectId,
      ...(firebase.emulatorHost ? { emulatorUrl: `http://${firebase.emulatorHost}` } : {}),
    },
    paypal: {
      clientId: paypal.clientId ?? null,
      plans: {
        hostnames: paypal.planIds.hostnames ?? null,
        basic: paypal.planIds.basic ?? null,
        pro: paypal.planIds.pro ?? null,
        ultra: paypal.planIds.ultra ?? null,
        mega: paypal.planIds.mega ?? null,
      },
      sdkBaseUrl: paypal.sdkBase,
    },
    marketplaceUrl: config.marketplace.url,
    analyticsId: config.analyticsId ?? null,
    operator: {
      name: config.operator.name ?? null,
      email: config.operator.email ?? null,
      privacyEmail: config.operator.privacyEmail ?? null,
      securityEmail: config.operator.securityEmail ?? null,
    },
    billing: billingStory(config),
    hostnames: { edgeHostname: config.hostnames.edgeReady ? config.hostnames.edgeHostname : null },
  };
}

/** What the site says about plans: sold through PayPal, given by the operator, or none at all. */
function billingStory(config: Config): SiteConfig['billing'] {
  const sells = Boolean(config.paypal.clientId && config.paypal.clientSecret);
  const limited = sells || config.billing.defaultPlan !== undefined;
  return {
    sells,
    limited,
    defaultPlan: config.billing.defaultPlan ?? 'free',
    hostnamesLimit: limited ? null : (config.hostnames.limitWithoutBilling ?? null),
  };
}

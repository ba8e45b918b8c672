import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import siteConfig from '@generated/docusaurus.config';
import i18n from '@generated/i18n';

/**
 * One build serves any deployment, so it is made for one address (docusaurus.config's `url`), and
 * the server writes its own PUBLIC_URL into each page's head as it serves it (canonical, og:url,
 * hreflang; server/src/plugins/web.ts). In the browser the theme writes those links again for
 * every page the visitor goes on to, from `siteConfig.url` (the hreflang ones from each locale's
 * `url`): before the first render, they take the address the server wrote.
 */
function takeServedAddress(): void {
  const served = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  if (!served) return;
  // A frozen config (a later Docusaurus) keeps the build's address rather than failing the site.
  if (Object.isFrozen(siteConfig)) {
    console.error('publicUrl: the site config is frozen; later pages name the address it was built for');
    return;
  }
  const built = siteConfig.url;
  siteConfig.url = new URL(served).origin;
  for (const locale of Object.values(i18n.localeConfigs))
    if (locale.url === built && !Object.isFrozen(locale)) locale.url = siteConfig.url;
}

if (ExecutionEnvironment.canUseDOM) takeServedAddress();

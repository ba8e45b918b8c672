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
if (ExecutionEnvironment.canUseDOM) {
  const served = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  if (served) {
    const built = siteConfig.url;
    siteConfig.url = new URL(served).origin;
    for (const locale of Object.values(i18n.localeConfigs))
      if (locale.url === built) locale.url = siteConfig.url;
  }
}

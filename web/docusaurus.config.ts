import type * as Preset from '@docusaurus/preset-classic';
import type { Config, Plugin, PluginModule } from '@docusaurus/types';
import { darkCodeTheme, lightCodeTheme } from './src/codeThemes';

/** The URL the landing page's sample code encodes (a dynamic code on the primary host). */
const LANDING_QR_DATA = 'https://rq.codes/r/spring-menu';

interface LandingQr {
  data: string;
  svg: string;
}

/** The landing page's sample design, in the same style options the API takes. */
const LANDING_QR_STYLE = {
  size: 232,
  margin: 4,
  errorCorrection: 'Q',
  dots: {
    type: 'dots',
    gradient: {
      type: 'linear',
      rotation: 45,
      stops: [
        { offset: 0, color: '#3730a3' },
        { offset: 1, color: '#6d28d9' },
      ],
    },
  },
  cornerSquares: { type: 'extra-rounded', color: '#312e81' },
  cornerDots: { type: 'dot', color: '#312e81' },
  background: { color: '#ffffff' },
};

/**
 * The landing page's styled QR code, rendered once at build time by our own renderer (@rq/qr), so
 * the page ships finished SVG and no renderer code.
 */
function landingQrPlugin(): Plugin<LandingQr> {
  return {
    name: 'rq-landing-qr',
    async loadContent() {
      const { renderSvg } = await import('@rq/qr');
      return { data: LANDING_QR_DATA, svg: renderSvg(LANDING_QR_DATA, LANDING_QR_STYLE) };
    },
    async contentLoaded({ content, actions }) {
      actions.setGlobalData(content);
    },
  };
}

// Runtime settings (API base, Firebase, PayPal, marketplace, analytics id) are NOT here: the site
// reads them from GET /api/v1/config at run time, so one build serves any deployment.
const config: Config = {
  title: 'RQ Codes',
  tagline: 'Dynamic QR codes with redirect rules, custom hostnames, analytics and an API',
  favicon: 'img/favicon.svg',
  url: 'https://rq.codes',
  baseUrl: '/',
  trailingSlash: false,
  titleDelimiter: '|',

  future: {
    v4: true,
    faster: true,
  },

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',
  markdown: { hooks: { onBrokenMarkdownLinks: 'throw' }, mdx1Compat: { headingIds: true } },

  i18n: { defaultLocale: 'en', locales: ['en'] },

  clientModules: ['./src/clientModules/pageView.ts', './src/clientModules/chunkReload.ts'],

  presets: [
    [
      'classic',
      {
        docs: {
          path: 'docs',
          routeBasePath: 'docs',
          sidebarPath: './sidebars.ts',
          breadcrumbs: true,
        },
        blog: false,
        theme: { customCss: './src/css/custom.css' },
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    [
      '@docusaurus/plugin-content-docs',
      {
        id: 'tutorials',
        path: 'tutorials',
        routeBasePath: 'tutorials',
        sidebarPath: './sidebarsTutorials.ts',
        breadcrumbs: true,
      },
    ],
    landingQrPlugin as PluginModule,
  ],

  themeConfig: {
    // The system's light or dark preference until the visitor picks one with the switch; light
    // when the system states none.
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: true,
    },
    announcementBar: {
      id: 'exec-url-2024',
      content:
        'New: <a href="/tutorials/using-exec-url">exec URLs</a> let your own endpoint decide where every scan goes.',
      backgroundColor: '#4f46e5',
      textColor: '#ffffff',
      isCloseable: true,
    },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    docs: { sidebar: { hideable: true, autoCollapseCategories: false } },
    navbar: {
      title: 'RQ Codes',
      logo: { alt: 'RQ Codes', src: 'img/logo.svg' },
      hideOnScroll: false,
      items: [
        { type: 'doc', docId: 'intro', label: 'Docs', position: 'left' },
        {
          to: '/tutorials/first-QR-code',
          label: 'Tutorials',
          position: 'left',
          activeBasePath: '/tutorials',
        },
        { type: 'custom-apiReference', label: 'API reference', position: 'left' },
        { to: '/qr-design-tool', label: 'Design tool', position: 'right' },
        { to: '/codes', label: 'Codes', position: 'right' },
        { to: '/api-keys', label: 'API keys', position: 'right' },
        { to: '/hosts', label: 'Hostnames', position: 'right' },
        { to: '/analytics', label: 'Analytics', position: 'right' },
        { type: 'custom-account', position: 'right' },
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Pricing',
          items: [
            { label: 'Custom Hostnames', to: '/increase-limit' },
            { label: 'Dynamic Scan Redirects', to: '/increase-redirects-limit' },
            // The marketplace page is a deployment setting: Footer/LinkItem swaps in runtime config.
            {
              label: 'API pricing',
              href: 'https://rapidapi.com/rq-codes/api/rq-codes',
              'data-runtime-href': 'marketplaceUrl',
            },
          ],
        },
        {
          title: 'Company',
          items: [
            { label: 'Contact us', to: '/contact-us' },
            { label: 'Terms of service', to: '/terms-of-service' },
            { label: 'Privacy policy', to: '/privacy-policy' },
            { label: 'Cookie policy', to: '/cookie-policy' },
          ],
        },
      ],
      copyright: `Copyright © 2024 RQ Codes. IP geolocation by <a href="https://db-ip.com">DB-IP</a>.`,
    },
    prism: {
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      additionalLanguages: ['bash', 'json'],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;

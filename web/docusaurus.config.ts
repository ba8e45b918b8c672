import type * as Preset from '@docusaurus/preset-classic';
import type { Config } from '@docusaurus/types';
import { darkCodeTheme, lightCodeTheme } from './src/codeThemes';

// Runtime settings (API base, Firebase, PayPal, marketplace, analytics id) are NOT here: the site
// reads them from GET /api/v1/config at run time, so one build serves any deployment.
const config: Config = {
  title: 'RQ Codes',
  tagline: 'Dynamic QR codes with redirect rules, custom hostnames, analytics and an API',
  favicon: 'img/favicon.svg',
  // The address pages are built for; a server serves them with its PUBLIC_URL in their place
  // (server/src/plugins/web.ts, src/clientModules/publicUrl.ts).
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

  clientModules: [
    './src/clientModules/publicUrl.ts',
    './src/clientModules/pageView.ts',
    './src/clientModules/chunkReload.ts',
  ],

  presets: [
    [
      'classic',
      {
        docs: {
          path: 'docs',
          routeBasePath: 'docs',
          sidebarPath: './sidebars.ts',
          breadcrumbs: true,
          // The released API's docs are v1 (web/versioned_docs, at /docs); web/docs is "Next", the
          // docs of what is being built, at /docs/next. `npm run docs:version -w web -- <name>`
          // releases Next as a new version.
          lastVersion: 'v1',
          versions: {
            current: { label: 'Next', path: 'next', banner: 'unreleased' },
            v1: { label: 'v1 (current API)' },
          },
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
  ],

  themes: [
    [
      // Full-text search over the docs and tutorials, from an index built with the site: it works
      // offline and on any self-hosted instance, with no search service.
      '@easyops-cn/docusaurus-search-local',
      {
        hashed: true,
        indexBlog: false,
        indexPages: false,
        docsRouteBasePath: ['docs', 'tutorials'],
        docsDir: ['docs', 'tutorials'],
        docsPluginIdForPreferredVersion: 'default',
        language: ['en'],
        highlightSearchTermsOnTargetPage: false,
        explicitSearchResultPath: true,
        // The box sits in the middle of the navbar: its results open to the right of it.
        searchBarPosition: 'left',
      },
    ],
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
      // No alt: the brand's link is named by its title beside the logo, said once (axe image-redundant-alt).
      logo: { src: 'img/logo.svg' },
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
        // Short names in the navbar, so it fits one line from 997 px; each docs page names its
        // version in full ("v1 (current API)") above its title.
        {
          type: 'docsVersionDropdown',
          position: 'left',
          versions: { current: { label: 'Next' }, v1: { label: 'v1' } },
        },
        { type: 'search', position: 'right' },
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
      // The year the site was built; the operator's name is in the company pages (runtime settings).
      copyright: `Copyright © ${new Date().getUTCFullYear()} RQ Codes, open source under the <a href="https://www.apache.org/licenses/LICENSE-2.0">Apache License 2.0</a>. IP geolocation by <a href="https://db-ip.com">DB-IP</a>.`,
    },
    prism: {
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      additionalLanguages: ['bash', 'json'],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;

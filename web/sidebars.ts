import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';

/** The docs sidebar: an introduction, then one generated category index per product area. */
const sidebars: SidebarsConfig = {
  docs: [
    'intro',
    'workspaces',
    'audit-log',
    'webhooks',
    'import-export',
    'sdk',
    'cli',
    {
      type: 'category',
      label: 'QR codes',
      link: {
        type: 'generated-index',
        slug: '/category/qr-codes',
        description:
          'Create, style, fetch, update and delete QR codes (one at a time or 1,000 a call); schedule, cap, protect and tag them, and test a scan.',
      },
      items: [
        'rq-codes/qr-code-data-modes',
        'rq-codes/custom-identifiers',
        'rq-codes/rq-response-format',
        'rq-codes/getting-qr-codes',
        'rq-codes/delete-update-qrcode',
        'bulk',
        'link-controls',
        'rq-codes/qr-code-styling',
        'rq-codes/logo-on-qrcode',
        'rq-codes/api-exec-url-data-mode',
        'print',
        'gs1-digital-link',
      ],
    },
    {
      type: 'category',
      label: 'Redirection rules',
      link: {
        type: 'generated-index',
        slug: '/category/redirection-rules',
        description: 'Decide where each scan goes: by device, country, language, time, A/B split and more.',
      },
      items: ['rules/create-rules', 'rules/get-rules', 'rules/delete-update-rule', 'rules/assign-rules'],
    },
    {
      type: 'category',
      label: 'Custom hostnames',
      link: {
        type: 'generated-index',
        slug: '/category/custom-hostnames',
        description: 'Serve your codes from your own domain.',
      },
      items: ['hostnames/redirection-hostnames'],
    },
    {
      type: 'category',
      label: 'Analytics',
      link: {
        type: 'generated-index',
        slug: '/category/analytics',
        description:
          'Count and break down the scans of your dynamic codes, the conversions they bring and which split variant wins.',
      },
      items: ['analytics/redirection-analytics', 'analytics/conversions'],
    },
    {
      type: 'category',
      label: 'Self-hosting',
      items: [
        'self-hosting/debian',
        'self-hosting/backup',
        'self-hosting/upgrades',
        'self-hosting/scale-out',
        'self-hosting/capacity',
        'self-hosting/monitoring',
        'self-hosting/mail',
      ],
    },
    {
      type: 'category',
      label: 'API',
      items: ['api/errors', 'api/roles', 'api/billing'],
    },
  ],
};

export default sidebars;

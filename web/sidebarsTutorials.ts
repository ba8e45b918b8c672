import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';

const sidebars: SidebarsConfig = {
  tutorials: [
    'first-QR-code',
    'using-exec-url',
    'receiving-webhooks',
    'gs1-digital-link-packaging',
    'reporting-sales',
  ],
};

export default sidebars;

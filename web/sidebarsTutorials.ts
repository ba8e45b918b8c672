import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';

const sidebars: SidebarsConfig = {
  tutorials: ['first-QR-code', 'using-exec-url', 'receiving-webhooks'],
};

export default sidebars;

import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';

const sidebars: SidebarsConfig = {
  tutorials: ['first-QR-code', 'using-exec-url'],
};

export default sidebars;

// Only for dependency-cruiser (.dependency-cruiser.cjs): Docusaurus's `@site` alias for web/.
const path = require('node:path');

module.exports = { resolve: { alias: { '@site': path.join(__dirname, 'web') } } };

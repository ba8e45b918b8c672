import ScrollableTable from '@site/src/components/ScrollableTable';
import ScopeList from '@site/src/features/apiKeys/components/ScopeList';
import MDXComponents from '@theme-original/MDXComponents';

/**
 * The theme's Markdown elements, with tables that a keyboard can scroll, and what the docs may
 * write without importing it: `<ApiKeyScopes />`, every scope a key may carry.
 */
export default {
  ...MDXComponents,
  table: ScrollableTable,
  ApiKeyScopes: ScopeList,
};

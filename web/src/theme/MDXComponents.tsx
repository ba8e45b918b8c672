import ScrollableTable from '@site/src/components/ScrollableTable';
import MDXComponents from '@theme-original/MDXComponents';

/** The theme's Markdown elements, with tables that a keyboard can scroll. */
export default {
  ...MDXComponents,
  table: ScrollableTable,
};

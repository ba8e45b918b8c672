import RequireAccount from '@site/src/components/RequireAccount';
import Layout from '@theme/Layout';
import type { ReactNode } from 'react';

/**
 * A page of the app (codes, rules, hostnames, …): the site's layout, the page's heading and lead
 * paragraph, then its content, which only a signed-in user sees (RequireAccount) unless the page is
 * `open` to every visitor.
 */
export default function AppPage({
  title,
  heading = title,
  description,
  lead,
  wide = false,
  open = false,
  above,
  children,
}: {
  /** The document's title; also the heading unless `heading` is given. */
  title: string;
  heading?: string;
  /** The meta description search engines show. */
  description: string;
  lead: ReactNode;
  /** Use the wide page (tables of many columns). */
  wide?: boolean;
  open?: boolean;
  /** What goes above the heading, such as a link back. */
  above?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Layout title={title} description={description}>
      <main className={wide ? 'rq-page rq-page--wide' : 'rq-page'}>
        {above}
        <h1>{heading}</h1>
        <p className="rq-lead">{lead}</p>
        {open ? children : <RequireAccount>{children}</RequireAccount>}
      </main>
    </Layout>
  );
}

import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import type { ReactNode } from 'react';

/**
 * A product page whose feature is not built yet: it says so plainly, describes what is coming,
 * and points to the docs that describe the feature today.
 */
export default function NotBuiltYet({
  title,
  lead,
  docs,
  children,
}: {
  title: string;
  lead: string;
  docs: { to: string; label: string }[];
  children?: ReactNode;
}) {
  return (
    <Layout title={title} description={lead}>
      <main className="rq-page">
        <h1>{title}</h1>
        <p className="rq-lead">{lead}</p>
        <div className="rq-notice" role="status">
          <strong>Not available yet.</strong> This page is not built yet; it arrives with its feature. Until
          then, the documentation describes how the feature works.
        </div>
        {children}
        <h2>Read the docs</h2>
        <ul>
          {docs.map((doc) => (
            <li key={doc.to}>
              <Link to={doc.to}>{doc.label}</Link>
            </li>
          ))}
        </ul>
      </main>
    </Layout>
  );
}

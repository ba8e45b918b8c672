import Link from '@docusaurus/Link';
import LandingQr from '@site/src/components/landing/LandingQr';
import AccountIncludes from '@site/src/features/billing/components/AccountIncludes';
import { useRuntimeConfig } from '@site/src/lib/useRuntimeConfig';
import CodeBlock from '@theme/CodeBlock';
import Layout from '@theme/Layout';
import styles from './index.module.css';

/**
 * Stands in for the API base until this instance's settings arrive (the page is prerendered once
 * for every deployment, so the build cannot know the host).
 */
const API_BASE_PLACEHOLDER = 'https://your-rq-codes-host/api';

/** The sample request against this instance's own API (`apiBase` from GET /api/v1/config). */
const sampleRequest = (apiBase: string) => `curl -X POST ${apiBase}/v1/qrcodes \\
  -H "Authorization: Bearer $RQ_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "slug": "spring-menu",
    "mode": "redirect",
    "target": "https://example.com/menu",
    "style": {
      "dots": { "type": "dots", "color": "#3730a3" },
      "cornerSquares": { "type": "extra-rounded" },
      "cornerDots": { "type": "dot" }
    }
  }'`;

const FEATURES = [
  {
    title: 'Dynamic codes',
    body: 'Print once, change the destination any time. The symbol encodes a short URL on our redirect host or yours.',
    to: '/docs/rq-codes/qr-code-data-modes',
  },
  {
    title: 'Redirect rules',
    body: 'Send each scan where it belongs: by device, OS, country, language, time of day, scan count or an A/B split.',
    to: '/docs/category/redirection-rules',
  },
  {
    title: 'Custom hostnames',
    body: 'Serve codes from qr.your-brand.com. Verify with one DNS record; certificates are issued on demand.',
    to: '/docs/hostnames/redirection-hostnames',
  },
  {
    title: 'Scan analytics',
    body: 'Totals, unique scanners, time series and breakdowns by country, device and rule. No raw IP addresses stored.',
    to: '/docs/analytics/redirection-analytics',
  },
  {
    title: 'Designs that scan',
    body: 'Dots, rounded corners, gradients, logos and frames. Every design is decoded by a real decoder before you get it.',
    to: '/docs/rq-codes/qr-code-styling',
  },
  {
    title: 'Your logic, live',
    body: 'Exec URLs call your endpoint on each scan with a signed context; your answer decides the redirect.',
    to: '/tutorials/using-exec-url',
  },
] as const;

export default function Home() {
  const config = useRuntimeConfig();
  const apiBase = config?.apiBase ?? API_BASE_PLACEHOLDER;
  // Only a server that sells plans (PayPal) has plans to see.
  const sells = config?.billing.sells ?? false;
  return (
    <Layout
      title="Dynamic QR codes with redirect rules"
      description="RQ Codes: dynamic QR codes with redirect rules, custom hostnames, scan analytics and an HTTP API."
    >
      <header className={styles.hero}>
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>QR codes for developers</p>
            <h1 className={styles.title}>
              Smart QR codes you can <span className={styles.accent}>change after printing</span>
            </h1>
            <p className={styles.subtitle}>
              RQ Codes makes dynamic, styled QR codes through one HTTP API. Redirect rules decide where each
              scan goes, analytics count every scan, and your own hostname carries your brand.
            </p>
            <div className={styles.actions}>
              <Link className="button button--primary button--lg" to="/tutorials/first-QR-code">
                Make your first code
              </Link>
              <Link className="button button--secondary button--lg" to="/docs/intro">
                Read the docs
              </Link>
            </div>
          </div>
          <figure className={styles.qrCard}>
            <LandingQr className={styles.qr} />
          </figure>
        </div>
      </header>

      <main>
        <section className={styles.section}>
          <div className={styles.sampleGrid}>
            <div>
              <h2>One request, a code that is ready to print</h2>
              <p>
                Create a code with a custom identifier, a target and a style. The answer holds the code, its
                short URL and the rendered image (SVG or PNG), checked by a decoder before it leaves the
                server.
              </p>
              <ul className={styles.checks}>
                <li>
                  Custom identifiers such as <code>spring-menu</code>
                </li>
                <li>SVG or PNG, any size, your colours</li>
                <li>Change the target later without reprinting</li>
              </ul>
              <Link to="/docs/rq-codes/rq-response-format">The response format →</Link>
            </div>
            <CodeBlock language="bash" title="Create a dynamic code">
              {sampleRequest(apiBase)}
            </CodeBlock>
          </div>
        </section>

        <section className={styles.section}>
          <h2 className={styles.center}>Everything a printed code needs after it leaves your hands</h2>
          <div className={styles.features}>
            {FEATURES.map((feature) => (
              <Link key={feature.title} to={feature.to} className={styles.feature}>
                <h3>{feature.title}</h3>
                <p>{feature.body}</p>
              </Link>
            ))}
          </div>
        </section>

        <section className={styles.cta}>
          <h2>Start free</h2>
          <p>
            <AccountIncludes /> Create an API key and make your first code in minutes.
          </p>
          <div className={styles.actions}>
            <Link className="button button--primary button--lg" to="/api-keys">
              Get an API key
            </Link>
            {sells && (
              <Link
                className="button button--outline button--primary button--lg"
                to="/increase-redirects-limit"
              >
                See plans
              </Link>
            )}
          </div>
        </section>
      </main>
    </Layout>
  );
}

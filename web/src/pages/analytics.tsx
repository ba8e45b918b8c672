import Link from '@docusaurus/Link';
import RequireAccount from '@site/src/components/RequireAccount';
import AnalyticsDashboard from '@site/src/features/analytics/components/AnalyticsDashboard';
import Layout from '@theme/Layout';

export default function AnalyticsPage() {
  return (
    <Layout
      title="QR analytics"
      description="How your dynamic codes are scanned: totals and unique visitors over time in your time zone, countries, devices, operating systems, browsers, languages, referrers, codes and rules, live as scans happen, with CSV exports."
    >
      <main className="rq-page">
        <h1>QR analytics</h1>
        <p className="rq-lead">
          How your dynamic codes are scanned, in your time zone. Choose a country, a code or a device to see
          only those scans; every table downloads as CSV.{' '}
          <Link to="/docs/analytics/redirection-analytics">How it counts</Link>
        </p>
        <RequireAccount>
          <AnalyticsDashboard />
        </RequireAccount>
      </main>
    </Layout>
  );
}

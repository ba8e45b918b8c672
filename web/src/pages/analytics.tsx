import Link from '@docusaurus/Link';
import AppPage from '@site/src/components/AppPage';
import AnalyticsDashboard from '@site/src/features/analytics/components/AnalyticsDashboard';

export default function AnalyticsPage() {
  return (
    <AppPage
      title="QR analytics"
      description="How your dynamic codes are scanned: totals and unique visitors over time in your time zone, countries, devices, operating systems, browsers, languages, referrers, codes and rules, live as scans happen, with CSV exports."
      lead={
        <>
          How your dynamic codes are scanned, in your time zone. Choose a country, a code or a device to see
          only those scans; every table downloads as CSV.{' '}
          <Link to="/docs/analytics/redirection-analytics">How it counts</Link>
        </>
      }
    >
      <AnalyticsDashboard />
    </AppPage>
  );
}

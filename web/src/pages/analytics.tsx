import NotBuiltYet from '@site/src/components/NotBuiltYet';

export default function AnalyticsPage() {
  return (
    <NotBuiltYet
      title="QR analytics"
      lead="See how your dynamic codes are scanned: totals and unique scanners over time, and breakdowns by country, device, operating system, browser, language, hostname and rule."
      docs={[
        { to: '/docs/analytics/redirection-analytics', label: 'Redirection analytics' },
        { to: '/docs/category/analytics', label: 'All analytics docs' },
      ]}
    />
  );
}

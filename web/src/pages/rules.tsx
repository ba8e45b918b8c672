import Link from '@docusaurus/Link';
import RequireAccount from '@site/src/components/RequireAccount';
import RulesManager from '@site/src/features/rules/components/RulesManager';
import { useRefusal } from '@site/src/features/workspaces/hooks/useRefusal';
import Layout from '@theme/Layout';

function Rules() {
  return <RulesManager editRefusal={useRefusal('editRules')} />;
}

export default function RulesPage() {
  return (
    <Layout
      title="Rules"
      description="Redirect rules: send scans elsewhere by device, operating system, language, country, time, date, scan count and more."
    >
      <main className="rq-page">
        <h1>Rules</h1>
        <p className="rq-lead">
          A rule sends some scans of a redirect code somewhere else: iPhones to the App Store, weekday scans
          to the office, a split between two pages. Assign rules to codes and order them in the{' '}
          <Link to="/codes">code manager</Link>; the first rule that matches decides.
        </p>
        <RequireAccount>
          <Rules />
        </RequireAccount>
      </main>
    </Layout>
  );
}

import Link from '@docusaurus/Link';
import AppPage from '@site/src/components/AppPage';
import RulesManager from '@site/src/features/rules/components/RulesManager';
import { useRefusal } from '@site/src/features/workspaces/hooks/useRefusal';

export default function RulesPage() {
  const refusal = useRefusal('editRules');
  return (
    <AppPage
      title="Rules"
      description="Redirect rules: send scans elsewhere by device, operating system, language, country, time, date, scan count and more."
      lead={
        <>
          A rule sends some scans of a redirect code somewhere else: iPhones to the App Store, weekday scans
          to the office, a split between two pages. Assign rules to codes and order them in the{' '}
          <Link to="/codes">code manager</Link>; the first rule that matches decides.
        </>
      }
    >
      <RulesManager editRefusal={refusal} />
    </AppPage>
  );
}

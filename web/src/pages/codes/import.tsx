import Link from '@docusaurus/Link';
import AppPage from '@site/src/components/AppPage';
import ImportWizard from '@site/src/features/codes/components/ImportWizard';
import { useRefusal } from '@site/src/features/workspaces/hooks/useRefusal';

function Import() {
  const refusal = useRefusal('createCodes');
  return refusal ? <p data-testid="import-refusal">{refusal}</p> : <ImportWizard />;
}

export default function ImportCodesPage() {
  return (
    <AppPage
      title="Import codes"
      description="Import QR codes from a CSV or JSON file: our export, or Bitly, Shlink, Kutt and YOURLS exports. Map the columns, check the rows, then import."
      above={
        <p>
          <Link to="/codes">← All codes</Link>
        </p>
      }
      lead="Bring your links from a file: slugs are kept where they are free, and every row with a problem is named by its line, before anything is created."
    >
      <Import />
    </AppPage>
  );
}

import Link from '@docusaurus/Link';
import RequireAccount from '@site/src/components/RequireAccount';
import ImportWizard from '@site/src/features/codes/components/ImportWizard';
import { useRefusal } from '@site/src/features/workspaces/hooks/useRefusal';
import Layout from '@theme/Layout';

function Import() {
  const refusal = useRefusal('createCodes');
  return refusal ? <p data-testid="import-refusal">{refusal}</p> : <ImportWizard />;
}

export default function ImportCodesPage() {
  return (
    <Layout
      title="Import codes"
      description="Import QR codes from a CSV or JSON file: our export, or Bitly, Shlink, Kutt and YOURLS exports. Map the columns, check the rows, then import."
    >
      <main className="rq-page">
        <p>
          <Link to="/codes">← All codes</Link>
        </p>
        <h1>Import codes</h1>
        <p className="rq-lead">
          Bring your links from a file: slugs are kept where they are free, and every row with a problem is
          named by its line, before anything is created.
        </p>
        <RequireAccount>
          <Import />
        </RequireAccount>
      </main>
    </Layout>
  );
}

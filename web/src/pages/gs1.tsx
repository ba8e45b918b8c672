import Link from '@docusaurus/Link';
import RequireAccount from '@site/src/components/RequireAccount';
import Gs1Manager from '@site/src/features/gs1/components/Gs1Manager';
import { useRefusal } from '@site/src/features/workspaces/hooks/useRefusal';
import Layout from '@theme/Layout';

function Items() {
  return <Gs1Manager editRefusal={useRefusal('editGs1Items')} />;
}

export default function Gs1Page() {
  return (
    <Layout
      title="GS1 Digital Link"
      description="Register GTINs and their links by type, language and context, with lot and serial levels; preview the linkset and test a scan."
    >
      <main className="rq-page">
        <h1>GS1 Digital Link</h1>
        <p className="rq-lead">
          One QR code on your packaging for the till, the shopper and recalls: register a GTIN (or another GS1
          key) and its links, and its Digital Link URIs resolve here, by link type, language, lot and serial,
          as GS1's resolver standard says.{' '}
          <Link to="/docs/next/gs1-digital-link">How the resolver answers</Link>.
        </p>
        <RequireAccount>
          <Items />
        </RequireAccount>
      </main>
    </Layout>
  );
}

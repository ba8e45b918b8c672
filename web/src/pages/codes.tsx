import Link from '@docusaurus/Link';
import RequireAccount from '@site/src/components/RequireAccount';
import CodesManager from '@site/src/features/codes/components/CodesManager';
import { useRefusal } from '@site/src/features/workspaces/hooks/useRefusal';
import Layout from '@theme/Layout';

/** The manager, read only for a role that may not change codes (a viewer). */
function Codes() {
  const create = useRefusal('createCodes');
  const edit = useRefusal('editCodes');
  return <CodesManager refusals={create && edit ? { create, edit } : null} />;
}

export default function CodesPage() {
  return (
    <Layout
      title="Your codes"
      description="Manage your QR codes: search and filter them, change targets, titles and tags, turn them on and off, order their rules, apply saved designs, and delete them."
    >
      <main className="rq-page rq-page--wide">
        <h1>Your codes</h1>
        <p className="rq-lead">
          Every code of your account, with its short URL and scans. Change where a dynamic code sends scanners
          at any time: the printed symbol stays the same. Order <Link to="/rules">rules</Link> to send some
          scans elsewhere, and apply a saved design to restyle codes at once.
        </p>
        <RequireAccount>
          <Codes />
        </RequireAccount>
      </main>
    </Layout>
  );
}

import Link from '@docusaurus/Link';
import AppPage from '@site/src/components/AppPage';
import CodesManager from '@site/src/features/codes/components/CodesManager';
import { useRefusal } from '@site/src/features/workspaces/hooks/useRefusal';

export default function CodesPage() {
  // The manager is read only for a role that may not change codes (a viewer).
  const create = useRefusal('createCodes');
  const edit = useRefusal('editCodes');
  return (
    <AppPage
      title="Your codes"
      description="Manage your QR codes: search and filter them, change targets, titles and tags, turn them on and off, order their rules, apply saved designs, and delete them."
      wide
      lead={
        <>
          Every code of your account, with its short URL and scans. Change where a dynamic code sends scanners
          at any time: the printed symbol stays the same. Order <Link to="/rules">rules</Link> to send some
          scans elsewhere, and apply a saved design to restyle codes at once.
        </>
      }
    >
      <CodesManager refusals={create && edit ? { create, edit } : null} />
    </AppPage>
  );
}

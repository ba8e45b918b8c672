import AcceptInvitation from '@site/src/features/workspaces/components/AcceptInvitation';
import Layout from '@theme/Layout';

export default function AcceptInvitationPage() {
  return (
    <Layout title="Accept an invitation" description="Join a workspace you were invited to.">
      <main className="rq-page">
        <h1>Join a workspace</h1>
        <AcceptInvitation />
      </main>
    </Layout>
  );
}

import Link from '@docusaurus/Link';
import AppPage from '@site/src/components/AppPage';
import HostnamesManager from '@site/src/features/hostnames/components/HostnamesManager';
import { useRefusal } from '@site/src/features/workspaces/hooks/useRefusal';

export default function HostsPage() {
  const refusal = useRefusal('manageHostnames');
  return (
    <AppPage
      title="Hostnames"
      description="Serve your codes from your own domain: add a hostname, publish two DNS records, verify it, and set its redirects."
      lead={
        <>
          Serve your codes from your own domain, such as <code>qr.example.com</code>: add the hostname,
          publish a TXT record that proves it is yours and a CNAME that points it at the redirect edge, and
          codes bound to it encode <code>https://qr.example.com/&#123;slug&#125;</code>.{' '}
          <Link to="/docs/hostnames/redirection-hostnames">How hostnames work</Link>.
        </>
      }
    >
      <HostnamesManager manageRefusal={refusal} />
    </AppPage>
  );
}

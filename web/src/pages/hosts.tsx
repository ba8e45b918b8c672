import NotBuiltYet from '@site/src/components/NotBuiltYet';

export default function HostsPage() {
  return (
    <NotBuiltYet
      title="Hostnames"
      lead="Serve your codes from your own domain, such as qr.example.com: add the hostname, publish one DNS TXT record to prove it is yours, point it at the redirect edge, and codes bound to it encode https://qr.example.com/{slug}."
      docs={[
        { to: '/docs/hostnames/redirection-hostnames', label: 'Redirection hostnames' },
        { to: '/increase-limit', label: 'Custom Hostnames plan' },
      ]}
    />
  );
}

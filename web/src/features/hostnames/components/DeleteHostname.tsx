import ConfirmedAction from '@site/src/components/ConfirmedAction';
import type { Hostname } from '@site/src/features/hostnames/api/types';
import { rq } from '@site/src/lib/api';

/** Delete, after a confirmation; a refusal (codes still use the name: 409) is shown with its detail. */
export default function DeleteHostname({
  hostname,
  onDeleted,
}: {
  hostname: Hostname;
  onDeleted: (id: string) => void;
}) {
  return (
    <ConfirmedAction
      buttonText="Delete hostname"
      label={`Delete ${hostname.hostname}`}
      confirmText="Yes, delete"
      action={async () => {
        await rq.hostnames.delete({ params: { path: { id: hostname.id } } });
        onDeleted(hostname.id);
      }}
    >
      Delete {hostname.hostname}? Its redirects go with it, scans of https://{hostname.hostname}/ stop being
      answered, and any account may claim the name again.
    </ConfirmedAction>
  );
}

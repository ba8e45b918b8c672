import type { CreatedApiKey } from '@site/src/features/apiKeys/api/types';
import OneTimeSecret from './OneTimeSecret';

/** The new key's secret, shown this once. */
export default function NewKeyPanel({
  created,
  onDismiss,
}: {
  created: CreatedApiKey;
  onDismiss: () => void;
}) {
  return (
    <OneTimeSecret
      label="Your new API key"
      title={`Key “${created.name}” created`}
      secret={created.key}
      testId="new-key"
      onDismiss={onDismiss}
    >
      <p>Copy it now: this is the only time it is shown. We keep only a hash of it.</p>
    </OneTimeSecret>
  );
}

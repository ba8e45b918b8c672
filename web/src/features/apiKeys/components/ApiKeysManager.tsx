import LoadFailure from '@site/src/components/LoadFailure';
import LoadMore from '@site/src/components/LoadMore';
import { useApiKeyList } from '@site/src/features/apiKeys/api/apiKeys';
import type { CreatedApiKey } from '@site/src/features/apiKeys/api/types';
import { useState } from 'react';
import styles from './ApiKeys.module.css';
import CreateKeyForm from './CreateKeyForm';
import KeyList from './KeyList';
import NewKeyPanel from './NewKeyPanel';
import SigningSecretPanel from './SigningSecretPanel';

/** The signed-in user's keys: list (paged), create (secret shown once), revoke; the signing secret. */
export default function ApiKeysManager() {
  const list = useApiKeyList();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  return (
    <div className={styles.layout}>
      <section className="rq-card" aria-labelledby="create-key-heading">
        <h2 id="create-key-heading">Create a key</h2>
        <CreateKeyForm
          onCreated={(key) => {
            setCreated(key);
            const { key: _secret, ...listed } = key;
            list.prepend(listed);
          }}
        />
      </section>

      {created && <NewKeyPanel created={created} onDismiss={() => setCreated(null)} />}

      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">Your keys</h2>
        <LoadFailure error={list.error} onRetry={list.reload} />
        {list.error === null && (
          <KeyList
            keys={list.items}
            loading={list.loading}
            onRevoked={(id) => {
              list.remove(id);
              // A revoked key's secret is worth nothing: stop showing it.
              setCreated((current) => (current?.id === id ? null : current));
            }}
          />
        )}
        <LoadMore list={list} />
      </section>

      <SigningSecretPanel />
    </div>
  );
}

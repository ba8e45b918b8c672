import { apiRequest } from '@site/src/lib/api';
import { useCallback, useEffect, useState } from 'react';
import styles from './ApiKeys.module.css';
import CreateKeyForm from './CreateKeyForm';
import KeyList from './KeyList';
import NewKeyPanel from './NewKeyPanel';
import ProblemMessage from './ProblemMessage';
import SigningSecretPanel from './SigningSecretPanel';
import type { ApiKey, ApiKeyPage, CreatedApiKey } from './types';

/** The signed-in user's keys: list (paged), create (secret shown once), revoke; the signing secret. */
export default function ApiKeysManager() {
  const [keys, setKeys] = useState<ApiKey[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [listError, setListError] = useState<unknown>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const load = useCallback(async (after: string | null) => {
    setLoading(true);
    setListError(null);
    try {
      const query = after ? `?limit=50&cursor=${encodeURIComponent(after)}` : '?limit=50';
      const page = await apiRequest<ApiKeyPage>('GET', `/api-keys${query}`);
      setKeys((current) => (after ? [...current, ...page.data] : page.data));
      setCursor(page.nextCursor);
    } catch (error) {
      setListError(error);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(null);
  }, [load]);

  return (
    <div className={styles.layout}>
      <section className="rq-card" aria-labelledby="create-key-heading">
        <h2 id="create-key-heading">Create a key</h2>
        <CreateKeyForm
          onCreated={(key) => {
            setCreated(key);
            const { key: _secret, ...listed } = key;
            setKeys((current) => [listed, ...current.filter((k) => k.id !== key.id)]);
          }}
        />
      </section>

      {created && <NewKeyPanel created={created} onDismiss={() => setCreated(null)} />}

      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">Your keys</h2>
        {listError !== null && (
          <div>
            <ProblemMessage error={listError} />
            <button
              type="button"
              className="button button--secondary button--sm"
              onClick={() => void load(null)}
            >
              Try loading again
            </button>
          </div>
        )}
        {listError === null && (
          <KeyList
            keys={keys}
            loading={loading}
            onRevoked={(id) => {
              setKeys((current) => current.filter((key) => key.id !== id));
              // A revoked key's secret is worth nothing: stop showing it.
              setCreated((current) => (current?.id === id ? null : current));
            }}
          />
        )}
        {cursor && !loading && (
          <button type="button" className="button button--secondary" onClick={() => void load(cursor)}>
            Load more
          </button>
        )}
      </section>

      <SigningSecretPanel />
    </div>
  );
}

import Link from '@docusaurus/Link';
import type { ApiBody } from '@site/src/api/types';
import formStyles from '@site/src/components/Form.module.css';
import ProblemMessage from '@site/src/components/ProblemMessage';
import SignInPrompt from '@site/src/components/SignInPrompt';
import { ApiError, rq } from '@site/src/lib/api';
import { useAuth } from '@site/src/lib/auth';
import { gtin14, qualifiersOf, useVerifiedHostnames } from '@site/src/lib/gs1';
import { useRuntimeConfig } from '@site/src/lib/useRuntimeConfig';
import { useEffect, useId, useState } from 'react';

/** How long the fields wait after the last keystroke before the URI is written again. */
const WRITE_DELAY_MS = 300;

type Gs1WriteUriBody = ApiBody<'/api/v1/gs1/write-uri', 'post'>;
type Compression = NonNullable<Gs1WriteUriBody['compression']>;

export interface Gs1CodeChoice {
  gtin: string;
  lot: string;
  serial: string;
  /** '' until the hosts are known: this server's own host. */
  host: string;
  compression: Compression;
}

/** The hosts a workspace may print: this server's, its short link host, then its verified hostnames. */
function useResolverHosts(): string[] {
  const config = useRuntimeConfig();
  const verified = useVerifiedHostnames();
  const own = config ? [new URL(config.apiBase).host, new URL(config.shortBase).host] : [];
  return [...new Set([...own, ...verified])];
}

/** The fields while signed in (the URI is written and checked by the API, on the workspace's hosts). */
function Fields({ initialGtin, onUri }: { initialGtin: string; onUri: (uri: string | null) => void }) {
  const id = useId();
  const hosts = useResolverHosts();
  const [choice, setChoice] = useState<Gs1CodeChoice>({
    gtin: initialGtin,
    lot: '',
    serial: '',
    host: '',
    compression: 'none',
  });
  const [written, setWritten] = useState<{ uri: string; uncompressed: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const set = (change: Partial<Gs1CodeChoice>) => setChoice((old) => ({ ...old, ...change }));

  useEffect(() => {
    if (choice.gtin.trim() === '') {
      setWritten(null);
      onUri(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      const body: Gs1WriteUriBody = {
        primaryKey: { ai: '01', value: gtin14(choice.gtin) },
        qualifiers: qualifiersOf(choice),
        ...(choice.host ? { host: choice.host } : {}),
        compression: choice.compression,
      };
      rq.gs1.writeUri({ body }).then(
        (answer) => {
          if (!live) return;
          setError(null);
          setWritten(answer);
          onUri(answer.uri);
        },
        (caught: unknown) => {
          if (!live) return;
          setError(caught);
          setWritten(null);
          onUri(null);
        },
      );
    }, WRITE_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [choice, onUri]);

  const fieldError = (path: string) =>
    error instanceof ApiError ? error.errors.find((e) => e.path.startsWith(path))?.message : undefined;
  const gtinError = fieldError('/body/primaryKey');
  const qualifierError = fieldError('/body/qualifiers');
  return (
    <>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-gtin`}>GTIN (14 digits)</label>
        <input
          id={`${id}-gtin`}
          value={choice.gtin}
          inputMode="numeric"
          spellCheck={false}
          placeholder="09506000134376"
          aria-invalid={gtinError ? true : undefined}
          aria-describedby={`${id}-gtin-hint`}
          onChange={(event) => set({ gtin: event.target.value })}
        />
        <p id={`${id}-gtin-hint`} className={gtinError ? 'rq-error' : formStyles.hint}>
          {gtinError ?? 'A GTIN of 8, 12 or 13 digits is padded with zeros to 14.'}
        </p>
      </div>
      <div className={formStyles.row}>
        <div className={formStyles.field}>
          <label htmlFor={`${id}-lot`}>Lot (optional)</label>
          <input
            id={`${id}-lot`}
            value={choice.lot}
            spellCheck={false}
            aria-invalid={qualifierError ? true : undefined}
            onChange={(event) => set({ lot: event.target.value })}
          />
        </div>
        <div className={formStyles.field}>
          <label htmlFor={`${id}-serial`}>Serial (optional)</label>
          <input
            id={`${id}-serial`}
            value={choice.serial}
            spellCheck={false}
            aria-invalid={qualifierError ? true : undefined}
            onChange={(event) => set({ serial: event.target.value })}
          />
        </div>
      </div>
      {qualifierError && <p className="rq-error">{qualifierError}</p>}
      <div className={formStyles.row}>
        <div className={formStyles.field}>
          <label htmlFor={`${id}-host`}>Resolver host</label>
          <select
            id={`${id}-host`}
            value={choice.host}
            onChange={(event) => set({ host: event.target.value })}
          >
            {hosts.map((host, index) => (
              <option key={host} value={index === 0 ? '' : host}>
                {host}
              </option>
            ))}
          </select>
        </div>
        <div className={formStyles.field}>
          <label htmlFor={`${id}-compression`}>Compression</label>
          <select
            id={`${id}-compression`}
            value={choice.compression}
            onChange={(event) => {
              const compression = event.target.value;
              if (compression === 'none' || compression === 'compressed' || compression === 'optimised')
                set({ compression });
            }}
          >
            <option value="none">None: the URI as people read it</option>
            <option value="compressed">Compressed: one short path segment</option>
            <option value="optimised">Compressed with GS1's optimisations (shortest)</option>
          </select>
        </div>
      </div>
      {error !== null && !gtinError && !qualifierError && <ProblemMessage error={error} />}
      {written && (
        <p className={formStyles.hint} data-testid="gs1-code-uri">
          Encodes <code>{written.uri}</code>
          {written.uri !== written.uncompressed && (
            <>
              {' '}
              (the same as <code>{written.uncompressed}</code>)
            </>
          )}
          . Register its links under <Link to="/gs1">GS1 items</Link> so scans resolve.
        </p>
      )}
    </>
  );
}

/**
 * The design tool's GS1 Digital Link content: a GTIN with an optional lot and serial, on a
 * resolver host of the workspace's choice, plain or compressed. The API writes and checks the URI
 * (POST /gs1/write-uri) with the resolver's own writer, so what is printed is what resolves.
 */
export default function Gs1CodeFields({
  initialGtin = '',
  onUri,
}: {
  initialGtin?: string;
  /** The URI to encode, or null while there is none (signed out, a field to fix). */
  onUri: (uri: string | null) => void;
}) {
  const auth = useAuth();
  return (
    <fieldset className={formStyles.form} aria-label="GS1 Digital Link">
      {auth.status === 'signedIn' ? (
        <Fields initialGtin={initialGtin} onUri={onUri} />
      ) : auth.status === 'signedOut' ? (
        <SignInPrompt action="write a GS1 Digital Link on your resolver hosts" />
      ) : (
        <p className={formStyles.hint}>Loading…</p>
      )}
    </fieldset>
  );
}

import type { BillingOverview } from '@site/src/features/billing/api/types';
import { apiRequest } from '@site/src/lib/api';
import { useSignedInUser } from '@site/src/lib/auth';
import { useCallback, useEffect, useState } from 'react';

/**
 * The signed-in account's `GET /subscriptions`, shared by the over-limit banner (on every page)
 * and the /subscriptions page: one request per page load and user, asked again when a page
 * changes the plans (subscribe, cancel) or when it is older than a minute on a later navigation.
 */
const STALE_AFTER_MS = 60_000;

interface Entry {
  uid: string;
  at: number;
  request: Promise<BillingOverview>;
  overview?: BillingOverview;
}

let entry: Entry | undefined;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function load(uid: string, force: boolean): Promise<BillingOverview> {
  const fresh = entry && entry.uid === uid && Date.now() - entry.at < STALE_AFTER_MS;
  if (entry && fresh && !force) return entry.request;
  const request = apiRequest<BillingOverview>('GET', '/subscriptions');
  const current: Entry = { uid, at: Date.now(), request };
  entry = current;
  request.then(
    (overview) => {
      current.overview = overview;
    },
    () => {
      // A failed answer is not kept: the next caller asks again.
      if (entry === current) entry = { ...current, at: 0 };
    },
  );
  return request;
}

/** Called after the plans changed here (subscribed, cancelled): every user of the hook reloads. */
export function billingChanged(): void {
  if (entry) entry = { ...entry, at: 0 };
  notify();
}

export interface BillingOverviewState {
  overview?: BillingOverview | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** The overview for the signed-in user (undefined while signed out or loading). */
export function useBillingOverview(refreshKey?: string): BillingOverviewState {
  const user = useSignedInUser();
  const uid = user?.uid;
  const [state, setState] = useState<{ overview?: BillingOverview; error: unknown; loading: boolean }>({
    error: null,
    loading: false,
  });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const listener = () => setGeneration((value) => value + 1);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation and refreshKey are triggers.
  useEffect(() => {
    if (!uid) {
      setState({ error: null, loading: false });
      return;
    }
    let live = true;
    const known = entry?.uid === uid ? entry.overview : undefined;
    setState({ overview: known, error: null, loading: true });
    load(uid, false).then(
      (overview) => live && setState({ overview, error: null, loading: false }),
      (error: unknown) => live && setState({ overview: known, error, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [uid, generation, refreshKey]);

  const reload = useCallback(() => billingChanged(), []);
  return { ...state, reload };
}

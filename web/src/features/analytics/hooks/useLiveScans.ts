import { readScanStream } from '@site/src/features/analytics/api/streams';
import {
  type LiveConversion,
  type LiveScan,
  matchesView,
  type View,
} from '@site/src/features/analytics/model/analyticsModel';

import { ApiError } from '@site/src/lib/api';
import { useEffect, useRef, useState } from 'react';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'unavailable';

export interface LiveState {
  status: LiveStatus;
  /** Scans of the view since the stream (re)started for it. */
  count: number;
  last: LiveScan | null;
  /** Conversions reported for the view's codes since then. */
  conversions: number;
  lastConversion: LiveConversion | null;
  since: Date;
  detail: string;
}

/** The first retry's delay, doubled up to MAX_RETRY_MS while the stream keeps failing (a 429 among them). */
const RETRY_MS = 3000;
const MAX_RETRY_MS = 60_000;

/**
 * The account's scans as they happen (GET /analytics/stream), counted when they belong to the
 * view. The stream filters by code and tag itself; the other filters are applied here. A lost
 * connection is tried again with a fresh token; an answer that will not change (404, 403) stops.
 */
export function useLiveScans(view: View, onScan: (scan?: LiveScan) => void): LiveState {
  const [state, setState] = useState<LiveState>(() => ({
    status: 'connecting',
    count: 0,
    last: null,
    conversions: 0,
    lastConversion: null,
    since: new Date(),
    detail: '',
  }));
  const latest = useRef({ view, onScan });
  latest.current = { view, onScan };
  const qrcodes = (view.filters.qrcode ?? []).join(',');
  const tags = (view.filters.tag ?? []).join(',');
  const filterKey = JSON.stringify(view.filters);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the stream restarts (and the count resets) when the view's filters or bots change; the view itself is read through the ref.
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = RETRY_MS;
    setState({
      status: 'connecting',
      count: 0,
      last: null,
      conversions: 0,
      lastConversion: null,
      since: new Date(),
      detail: '',
    });
    const query = new URLSearchParams();
    for (const id of qrcodes ? qrcodes.split(',') : []) query.append('qrcode', id);
    for (const tag of tags ? tags.split(',') : []) query.append('tag', tag);
    if (latest.current.view.bots) query.set('bots', 'true');

    const connect = () => {
      readScanStream(
        query,
        controller.signal,
        () => {
          delay = RETRY_MS;
          setState((current) => ({ ...current, status: 'live', detail: '' }));
        },
        (scan) => {
          if (!matchesView(scan, latest.current.view)) return;
          setState((current) => ({ ...current, count: current.count + 1, last: scan }));
          latest.current.onScan(scan);
        },
        (conversion) => {
          const codes = latest.current.view.filters.qrcode ?? [];
          if (codes.length > 0 && !codes.includes(conversion.credit.qrcode)) return;
          setState((current) => ({
            ...current,
            conversions: current.conversions + 1,
            lastConversion: conversion,
          }));
          latest.current.onScan();
        },
      ).then(
        () => retry(''),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (error instanceof ApiError && [400, 403, 404].includes(error.status)) {
            setState((current) => ({ ...current, status: 'unavailable', detail: error.detail }));
            return;
          }
          retry(error instanceof Error ? error.message : String(error));
        },
      );
    };
    const retry = (detail: string) => {
      if (controller.signal.aborted) return;
      setState((current) => ({ ...current, status: 'reconnecting', detail }));
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    };
    connect();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [qrcodes, tags, filterKey, view.bots]);

  return state;
}

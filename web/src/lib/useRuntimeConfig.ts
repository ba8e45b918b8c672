import { useEffect, useState } from 'react';
import { loadRuntimeConfig, onRuntimeConfig, type RuntimeConfig } from './runtimeConfig';

/** The settings once they arrive; undefined while loading or when they failed (never throws). */
export function useRuntimeConfig(): RuntimeConfig | undefined {
  const [config, setConfig] = useState<RuntimeConfig | undefined>(undefined);
  useEffect(() => {
    const unsubscribe = onRuntimeConfig(setConfig);
    loadRuntimeConfig().catch((error: unknown) => console.error(error));
    return unsubscribe;
  }, []);
  return config;
}

/**
 * For pages that cannot work without the settings: undefined while loading, and a failure is
 * thrown during render so the page's error boundary shows it ('This page crashed', 'Try again').
 * 'Try again' remounts the page, which asks again.
 */
export function useRequiredRuntimeConfig(): RuntimeConfig | undefined {
  const [state, setState] = useState<{ config?: RuntimeConfig; error?: Error }>({});
  useEffect(() => {
    let live = true;
    loadRuntimeConfig().then(
      (config) => live && setState({ config }),
      (error: unknown) =>
        live && setState({ error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
  }, []);
  if (state.error) throw state.error;
  return state.config;
}

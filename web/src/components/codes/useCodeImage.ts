import { idToken } from '@site/src/lib/auth';
import { loadRuntimeConfig } from '@site/src/lib/runtimeConfig';
import { useEffect, useState } from 'react';

/**
 * A code's image as the API draws it (GET /qrcodes/{id}/image.svg with the user's token), as an
 * object URL for an <img>. `version` (the code's updatedAt) fetches it again after a change.
 */
export function useCodeImage(id: string, version: string): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version (updatedAt) means a new image.
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    (async () => {
      const [config, token] = await Promise.all([loadRuntimeConfig(), idToken()]);
      const response = await fetch(`${config.apiBase}/v1/qrcodes/${encodeURIComponent(id)}/image.svg`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        cache: 'no-store',
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const blob = await response.blob();
      if (!live) return;
      url = URL.createObjectURL(blob);
      setState({ src: url, failed: false });
    })().catch(() => {
      if (live) setState({ src: null, failed: true });
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, version]);

  return state;
}

import { useRuntimeConfig } from '@site/src/lib/useRuntimeConfig';
import { useEffect, useState } from 'react';

/** The slug the landing page's sample request creates; the hero shows the code it would print. */
export const LANDING_SLUG = 'spring-menu';

/** The landing page's sample design, in the same style options the API takes. */
const LANDING_QR_STYLE = {
  size: 232,
  margin: 4,
  errorCorrection: 'Q',
  dots: {
    type: 'dots',
    gradient: {
      type: 'linear',
      rotation: 45,
      stops: [
        { offset: 0, color: '#3730a3' },
        { offset: 1, color: '#6d28d9' },
      ],
    },
  },
  cornerSquares: { type: 'extra-rounded', color: '#312e81' },
  cornerDots: { type: 'dot', color: '#312e81' },
  background: { color: '#ffffff' },
};

/**
 * The hero's styled code for this instance's short URL (`shortBase` from GET /api/v1/config):
 * drawn in the browser by our renderer once the settings arrive, since one build serves every
 * deployment. Until then the box keeps its size, empty.
 */
export default function LandingQr({ className }: { className?: string }) {
  const shortBase = useRuntimeConfig()?.shortBase;
  const [drawn, setDrawn] = useState<{ data: string; svg: string } | null>(null);
  useEffect(() => {
    if (!shortBase) return;
    let live = true;
    const data = `${shortBase}/${LANDING_SLUG}`;
    import('@rq/qr').then(({ renderSvg }) => {
      if (live) setDrawn({ data, svg: renderSvg(data, LANDING_QR_STYLE) });
    });
    return () => {
      live = false;
    };
  }, [shortBase]);
  return (
    <>
      <div
        className={className}
        role="img"
        aria-label={drawn ? `QR code for ${drawn.data}` : 'QR code'}
        data-testid="landing-qr"
        data-qr-data={drawn?.data}
        // Our own renderer's output for this instance's short URL and constant options.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG drawn by @rq/qr.
        dangerouslySetInnerHTML={{ __html: drawn?.svg ?? '' }}
      />
      <figcaption>
        <code>{drawn ? drawn.data.replace(/^https?:\/\//, '') : '\u00a0'}</code>
        <span>dots · extra-rounded corners · gradient</span>
      </figcaption>
    </>
  );
}

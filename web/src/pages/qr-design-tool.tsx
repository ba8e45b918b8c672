import BrowserOnly from '@docusaurus/BrowserOnly';
import Link from '@docusaurus/Link';
import AppPage from '@site/src/components/AppPage';
import { useRefusal } from '@site/src/features/workspaces/hooks/useRefusal';
import { lazy, Suspense } from 'react';

// The tool (renderer, validator, zxing glue) loads only on this page and only in the browser.
const DesignTool = lazy(() => import('@site/src/features/designTool/components/DesignTool'));

function Loading() {
  return (
    <p className="rq-lead" aria-busy="true">
      Loading the design tool…
    </p>
  );
}

export default function QrDesignToolPage() {
  // A viewer may design and download, but not save to the workspace.
  const saveRefusal = useRefusal('createCodes');
  return (
    <AppPage
      title="QR design tool"
      description="Design a QR code: dot and corner shapes, colours and gradients, a logo and a frame, with a live preview checked by a real decoder and a print-stress score."
      open
      lead={
        <>
          Shape, colour, logo and frame, with a live preview that a real decoder reads as you type, and a
          print-stress test that shows a fragile design before you print it. What you see is what the API
          serves. <Link to="/docs/rq-codes/qr-code-styling">The style options in the API</Link>.
        </>
      }
    >
      <BrowserOnly fallback={<Loading />}>
        {() => (
          <Suspense fallback={<Loading />}>
            <DesignTool saveRefusal={saveRefusal} />
          </Suspense>
        )}
      </BrowserOnly>
    </AppPage>
  );
}

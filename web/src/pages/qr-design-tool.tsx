import NotBuiltYet from '@site/src/components/NotBuiltYet';

export default function QrDesignToolPage() {
  return (
    <NotBuiltYet
      title="QR design tool"
      lead="Design a code visually: dot and corner shapes, colours and gradients, a logo and a 'Scan me' frame, with a live preview that is checked by a real decoder, so every design you save scans."
      docs={[
        { to: '/docs/rq-codes/qr-code-styling', label: 'QR code styling' },
        { to: '/docs/rq-codes/logo-on-qrcode', label: 'A logo on a QR code' },
      ]}
    />
  );
}

import { expect, test } from './fixtures.js';

test('the design tool decodes under the site’s own security policy, with zxing’s wasm from our origin only', async ({
  page,
  baseURL,
}) => {
  const wasm: string[] = [];
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.wasm')) wasm.push(request.url());
    if (url.origin !== new URL(baseURL ?? '').origin && !url.hostname.startsWith('127.0.0.1'))
      foreign.push(request.url());
  });
  await page.goto('/qr-design-tool');
  await expect(page.getByTestId('scan-badge')).toHaveText('Scans');
  expect(wasm).toEqual([`${baseURL}/zxing/zxing_reader.wasm`]);
  expect(foreign.filter((url) => /jsdelivr|unpkg|cdn/i.test(url))).toEqual([]);
});

// Calling our server's API as the marketplace's proxy does: the shared secret, and the proxy's
// user header naming the caller (each user its own workspace, made on its first call).

/** The proxy secret the benches start their servers with (MARKETPLACE_PROXY_SECRET). */
export const MARKETPLACE_SECRET = 'bench-marketplace-secret';

/** Headers of a call as the marketplace user `user`. */
export const marketplaceHeaders = (user) => ({
  'x-rapidapi-proxy-secret': MARKETPLACE_SECRET,
  'x-rapidapi-user': user,
});

/** One JSON call to /api/v1`url` as `user`; answers the parsed answer, throws unless it is a 2xx. */
export async function api(base, method, url, body, user) {
  const response = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...marketplaceHeaders(user),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok)
    throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json).slice(0, 500)}`);
  return json;
}

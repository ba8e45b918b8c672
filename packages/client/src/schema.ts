// Generated from the server's OpenAPI document by `npm run api:types` (openapi-typescript).
// Do not edit: change the route schemas in server/src and run the script again.
export interface paths {
    "/api/v1/analytics/breakdown": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Scans by a dimension
         * @description The values of one dimension in the range, most scanned first.
         *
         *     Needs the viewer role or higher; API keys need `analytics:read`.
         */
        get: operations["getAnalyticsBreakdown"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/breakdown.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Scans by a dimension as CSV
         * @description The rows of /analytics/breakdown: the dimension (by=qrcode adds slug and title, by=rule ruleName), total, unique, bots.
         *
         *     Needs the viewer role or higher; API keys need `analytics:read`.
         */
        get: operations["getAnalyticsBreakdownCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Totals, series and breakdowns in one answer
         * @description What /analytics/summary, /analytics/timeseries and one /analytics/breakdown per `by` answer for the same query, computed together for one range (one request: a dashboard costs one call of the rate limit). `from`, `to` and `timeZone` say the range every part was computed for. An interval too fine for the range leaves `timeseries` null and says why in `timeseriesProblem`; the rest is answered.
         *
         *     Needs the viewer role or higher; API keys need `analytics:read`.
         */
        get: operations["getAnalyticsDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every scan as CSV
         * @description One line per scan in the range, oldest first, streamed: time (in `timeZone`), qrcode, slug, title, hostname, rule, ruleName, target, country, region, device, os, browser, language, referrer, bot, visitor (the daily-salted visitor hash; addresses are never stored). Raw scans are kept for the retention period (SCAN_RETENTION_DAYS, default 90 days); the other endpoints read rollups kept forever.
         *
         *     Needs the viewer role or higher; API keys need `analytics:read`.
         */
        get: operations["getAnalyticsExportCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Scans as they happen (server-sent events)
         * @description A text/event-stream: an event `scan` for each scan of the account once it is stored (within a second), with `data` a JSON object (at, qrcode, hostname, rule, target, country, region, device, os, browser, language, referrer, bot), and an event `heartbeat` every `heartbeat` seconds. Works across instances when Redis is configured. Browsers send the Authorization header with fetch; EventSource cannot.
         *
         *     Needs the viewer role or higher; API keys need `analytics:read`.
         */
        get: operations["getAnalyticsStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Totals and uniques
         * @description Scans, unique visitors and bot scans in the range, and the same for the period of equal length just before it (`previous`).
         *
         *     Needs the viewer role or higher; API keys need `analytics:read`.
         */
        get: operations["getAnalyticsSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/timeseries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Scans over time
         * @description One point per hour, day, week (ISO, Monday) or month of the range in `timeZone`, empty ones as zeros; a day of a DST change has 23 or 25 hours.
         *
         *     Needs the viewer role or higher; API keys need `analytics:read`.
         */
        get: operations["getAnalyticsTimeseries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/timeseries.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Scans over time as CSV
         * @description The points of /analytics/timeseries: t, total, unique, bots.
         *
         *     Needs the viewer role or higher; API keys need `analytics:read`.
         */
        get: operations["getAnalyticsTimeseriesCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description Live keys, newest first, without the keys themselves.
         *
         *     Needs the admin role or higher, signed in (no API keys).
         */
        get: operations["getApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description The answer holds the key itself (`key`), shown this once; we keep only its hash.
         *
         *     Needs the admin role or higher, signed in (no API keys).
         */
        post: operations["postApiKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an API key
         * @description Needs the admin role or higher, signed in (no API keys).
         */
        get: operations["getApiKeysById"];
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description From now on the key is refused with 401.
         *
         *     Needs the admin role or higher, signed in (no API keys).
         */
        delete: operations["deleteApiKeysById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Store an image (a logo)
         * @description Stores a PNG, JPEG, WebP or SVG image of at most 512 KiB once, for `style.logo.src`: send Content-Type image/png, image/jpeg, image/webp, image/svg+xml with the image as the body, or application/json with { "src": "data:image/..." }. The type is read from the bytes; an SVG is sanitised. 201 with the new asset, or 200 with the account's asset that already holds the same bytes. Over the cap is a 413, anything that is no such image a 415. Accepts an `Idempotency-Key` header.
         *
         *     Needs the editor role or higher; API keys need `qrcodes:write`.
         */
        post: operations["postAssets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/assets/{assetId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an image (public)
         * @description The stored bytes, by the unguessable id in the asset URL: public, so the URL works in `style.logo.src`, in an `<img>` and in any cache (immutable, one year). Limited per IP like every public answer.
         */
        get: operations["getAssetsByAssetId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/paypal/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * PayPal's webhook
         * @description Where PayPal sends subscription and payment events. Each is verified with PayPal (the five PAYPAL-* headers and this server's webhook id) before anything changes; an unverified one is a 400 and logged. An event id seen before changes nothing. The subscription is then read again from PayPal, so late or repeated events cannot leave a wrong state.
         */
        post: operations["postBillingPaypalWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public settings for the web site
         * @description API base, short-URL base, Firebase web configuration (or the Auth emulator), PayPal client and plan ids, marketplace page and analytics id. Public: no credentials needed, no secrets included.
         */
        get: operations["getConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/designs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List designs
         * @description Newest first, a page at a time: pass `nextCursor` back as `cursor`.
         *
         *     Needs the viewer role or higher; API keys need `designs:read`.
         */
        get: operations["getDesigns"];
        put?: never;
        /**
         * Save a design
         * @description A name and a style (the Style of QR codes, checked the same way: unknown fields, colours, contrast and logo size are 400s or 422s with field paths). A `data:` logo is stored once as an asset of the account and `logo.src` becomes its URL. Accepts an `Idempotency-Key` header.
         *
         *     Needs the editor role or higher; API keys need `designs:write`.
         */
        post: operations["postDesigns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/designs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a design
         * @description Needs the viewer role or higher; API keys need `designs:read`.
         */
        get: operations["getDesignsById"];
        put?: never;
        post?: never;
        /**
         * Delete a design
         * @description Codes that had the design applied keep their style.
         *
         *     Needs the editor role or higher; API keys need `designs:write`.
         */
        delete: operations["deleteDesignsById"];
        options?: never;
        head?: never;
        /**
         * Change a design
         * @description A JSON merge patch (RFC 7396). The merged style is checked like a new one. Codes that had the design applied keep their style: apply it again to pass a change on.
         *
         *     Needs the editor role or higher; API keys need `designs:write`.
         */
        patch: operations["patchDesignsById"];
        trace?: never;
    };
    "/api/v1/designs/{id}/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply a design to codes
         * @description Each code's style becomes the design's style (replaced, not merged), in the order given; the codes' images change, their short URLs do not. Every id is looked up first: a missing or foreign one is a 404 at its path (`/body/codes/1`) and changes nothing. A code that cannot take the style (a 422 at `/body/codes/{i}/style/...`) stops the run there; the codes before it have the design. Needs the `qrcodes:write` scope.
         *
         *     Needs the editor role or higher; API keys need `qrcodes:write`.
         */
        post: operations["postDesignsByIdApply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description Every change in the workspace (codes, rules, designs, assets, hostnames and their verifications, API keys, members, webhooks, subscriptions, the signing secret, the monthly limit reached), newest first, a page at a time: pass `nextCursor` back as `cursor`. Filters combine: `type`, `resourceType`, `resource` (an id), `actor` (a uid, key id or system part), `from` (inclusive) and `to` (exclusive). Events are kept `EVENT_RETENTION_DAYS` (400 by default).
         *
         *     Needs the admin role or higher; API keys need `events:read`.
         */
        get: operations["getEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/hostnames": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List hostnames
         * @description Newest first, a page at a time: pass `nextCursor` back as `cursor`.
         *
         *     Needs the viewer role or higher; API keys need `hostnames:read`.
         */
        get: operations["getHostnames"];
        put?: never;
        /**
         * Add a hostname
         * @description Claims a DNS name for the account and answers the two records to publish: the TXT record that proves the name is yours and the CNAME that routes it. Names are stored lower case, in punycode, without a trailing dot. Adding a name the account already has answers 200 with it; a name of another account is a 409. Accepts an `Idempotency-Key` header.
         *
         *     Needs the admin role or higher; API keys need `hostnames:write`.
         */
        post: operations["postHostnames"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/hostnames/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a hostname
         * @description Needs the viewer role or higher; API keys need `hostnames:read`.
         */
        get: operations["getHostnamesById"];
        put?: never;
        post?: never;
        /**
         * Delete a hostname
         * @description Frees the name: any account may claim it again. 409 while codes are served on it (move or delete them first).
         *
         *     Needs the admin role or higher; API keys need `hostnames:write`.
         */
        delete: operations["deleteHostnamesById"];
        options?: never;
        head?: never;
        /**
         * Change a hostname's redirects and app links
         * @description A JSON merge patch (RFC 7396) of `rootRedirect` (where the bare hostname goes), `notFoundRedirect` (where unknown slugs go) and `appLinks` (the apple-app-site-association and assetlinks.json files the hostname serves under /.well-known/): omitted fields stay, `null` removes. Each app links file may be up to 128 KiB as JSON.
         *
         *     Needs the admin role or higher; API keys need `hostnames:write`.
         */
        patch: operations["patchHostnamesById"];
        trace?: never;
    };
    "/api/v1/hostnames/{id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a hostname now
         * @description Looks up the TXT, CNAME and CAA records now. The hostname becomes `verified`, or carries a `failure` saying what DNS answered: `txt_missing`, `txt_mismatch`, `routing_mismatch`, `nxdomain`, `caa_forbids` or `resolver_timeout`.
         *
         *     Needs the admin role or higher; API keys need `hostnames:write`.
         */
        post: operations["postHostnamesByIdVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/images/{code}/{version}/{signature}.png": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A code's image as PNG at its signed URL
         * @description The URL comes from a code's `imageUrl` (`.png` in place of `.svg` for the PNG); it needs no credentials. The answer is immutable (`Cache-Control: private, max-age=31536000, immutable`, an `ETag`, 304 to `If-None-Match`): a code whose image changes gets a new URL. A URL this server did not sign, of a deleted code, or of a code whose image has changed since is a 404.
         */
        get: operations["getImagesByCodeByVersionBySignaturePng"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/images/{code}/{version}/{signature}.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A code's image as SVG at its signed URL
         * @description The URL comes from a code's `imageUrl` (`.png` in place of `.svg` for the PNG); it needs no credentials. The answer is immutable (`Cache-Control: private, max-age=31536000, immutable`, an `ETag`, 304 to `If-None-Match`): a code whose image changes gets a new URL. A URL this server did not sign, of a deleted code, or of a code whose image has changed since is a 404.
         */
        get: operations["getImagesByCodeByVersionBySignatureSvg"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation
         * @description With the token from the link. Your Firebase e-mail must be verified (403 `email_unverified`) and be the invited address (403 `email_mismatch`). An unknown token is a 404; an expired or revoked one 410 (`invitation_expired`, `invitation_revoked`); a used one 409 `invitation_used`, or `already_member` when you are in already. Answers the workspace you joined, with your role.
         *
         *     Needs the viewer role or higher, signed in (no API keys).
         */
        post: operations["postInvitationsAccept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account you are signed in as, and your workspaces
         * @description Created on first sign-in. Any API key may read it, whatever its scopes: for a key it is the key's workspace.
         *
         *     Needs the viewer role or higher; any API key.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/email-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A link that verifies your e-mail address (Auth emulator)
         * @description Accepting an invitation needs a verified address. On a server whose sign-in runs on the Firebase Auth emulator, which sends no e-mail, this makes the verification link and answers it (the server logs it too); the site shows it. With a real Firebase project Firebase e-mails the link (sendEmailVerification() in its SDK) and this answers 409 `conflict`. Signed-in users only.
         *
         *     Needs the viewer role or higher, signed in (no API keys).
         */
        post: operations["postMeEmailVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/signing-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signing secret, masked
         * @description RQ Codes signs exec calls and webhooks with this secret (HMAC-SHA256). It is made on first use; only its last characters are shown here. Signed-in users only.
         *
         *     Needs the admin role or higher, signed in (no API keys).
         */
        get: operations["getMeSigningSecret"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/signing-secret/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret
         * @description Makes a new secret and answers with it in full: the only time it is shown. For 24 hours exec calls carry two signatures, under the new secret and the replaced one (`RQ-Signature: v1=<new>,v1=<old>`); then only the new one signs. Signed-in users only.
         *
         *     Needs the admin role or higher, signed in (no API keys).
         */
        post: operations["postMeSigningSecretRotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the plans
         * @description Every plan with its limits and monthly price; `paypalPlanId` is the PayPal plan to subscribe to (null when this server does not sell through PayPal).
         */
        get: operations["getPlans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/qrcodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List QR codes
         * @description Newest first, or in the order of `sort`. Filters combine; `q` looks in the title and the slug. Over the monthly redirect limit the answer carries `RQ-Over-Limit: true`.
         *
         *     Needs the viewer role or higher; API keys need `qrcodes:read`.
         */
        get: operations["getQrcodes"];
        put?: never;
        /**
         * Create a QR code
         * @description Answers the code with its `image`; `?format=svg|png` or an `Accept: image/svg+xml|image/png` header answers the bare image. Accepts an `Idempotency-Key` header.
         *
         *     Needs the editor role or higher; API keys need `qrcodes:write`.
         */
        post: operations["postQrcodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/qrcodes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a QR code
         * @description `?include=image` adds the rendered image; `?format=svg|png` or `Accept` answers the bare image. Over the monthly redirect limit the answer carries `RQ-Over-Limit: true` (the code goes to its default target; rules and exec calls are skipped).
         *
         *     Needs the viewer role or higher; API keys need `qrcodes:read`.
         */
        get: operations["getQrcodesById"];
        put?: never;
        post?: never;
        /**
         * Delete a QR code
         * @description Its short URL stops redirecting at once.
         *
         *     Needs the editor role or higher; API keys need `qrcodes:write`.
         */
        delete: operations["deleteQrcodesById"];
        options?: never;
        head?: never;
        /**
         * Change a QR code
         * @description A JSON merge patch (RFC 7396): omitted fields stay, `null` clears.
         *
         *     Needs the editor role or higher; API keys need `qrcodes:write`.
         */
        patch: operations["patchQrcodesById"];
        trace?: never;
    };
    "/api/v1/qrcodes/{id}/image.eps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The QR code as EPS for print
         * @description Vector, with the stored style (query values override it as for image.svg); a quiet zone of at least 4 modules; `size` in px at 96 px an inch sets the width (0.75 pt a px). `?cmyk=true` writes CMYK colours, pure black as 0/0/0/100. The design is verified by a decoder first.
         *
         *     Needs the viewer role or higher; API keys need `qrcodes:read`.
         */
        get: operations["getQrcodesByIdImageEps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/qrcodes/{id}/image.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The QR code as PDF for print
         * @description Vector, with the stored style (query values override it as for image.svg); a quiet zone of at least 4 modules; `size` in px at 96 px an inch sets the width (0.75 pt a px). `?cmyk=true` writes CMYK colours, pure black as 0/0/0/100. The design is verified by a decoder first.
         *
         *     Needs the viewer role or higher; API keys need `qrcodes:read`.
         */
        get: operations["getQrcodesByIdImagePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/qrcodes/{id}/image.png": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The QR code as PNG
         * @description Rendered with the stored style; query values override it for this image only. Every image is verified by a decoder.
         *
         *     Needs the viewer role or higher; API keys need `qrcodes:read`.
         */
        get: operations["getQrcodesByIdImagePng"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/qrcodes/{id}/image.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The QR code as SVG
         * @description Rendered with the stored style; query values override it for this image only. Every image is verified by a decoder.
         *
         *     Needs the viewer role or higher; API keys need `qrcodes:read`.
         */
        get: operations["getQrcodesByIdImageSvg"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/qrcodes/{id}/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A QR code's rules, in order
         * @description Needs the viewer role or higher; API keys need `qrcodes:read`.
         */
        get: operations["getQrcodesByIdRules"];
        /**
         * Replace a QR code's rules
         * @description The first enabled rule that matches a scan decides; no match sends the scan to the default target.
         *
         *     Needs the editor role or higher; API keys need `qrcodes:write`.
         */
        put: operations["putQrcodesByIdRules"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/qrcodes/{id}/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulate a scan
         * @description Where a scan with these parts would go, decided exactly as the edge decides it: not active yet, expired or used up; the password gate; `apps` by the scanner's OS; the rules in order; the default target (or exec). `trace` says for each rule whether it matched and why not, in words. Records nothing, counts nothing and calls no exec URL (for an exec code `target` is the URL that would be called). A split picks one of its targets as a scan would. Needs the `qrcodes:read` scope.
         *
         *     Needs the viewer role or higher; API keys need `qrcodes:read`.
         */
        post: operations["postQrcodesByIdSimulate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/qrcodes/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create up to 1,000 QR codes
         * @description Each item is a POST /qrcodes body, checked the same way; its field paths are `/body/items/{index}/...`. The codes that would be created count against the workspace's codes limit first: over it, a 402 `limit_reached` says how many fit (`fits`) and nothing is created. Results carry each code without its `image` (its `imageUrl` draws it). Answers 200 with one result per item, in the order sent, whether each item succeeded or not: `status` is the item's own (201, 200 or 204, or the 4xx its single request would have answered, with its `problem`). With `?atomic=true` any failing item makes the call a 422 (`errors` name every failing field, `items` each failing item's problem) and nothing is written. Items count against the items budget of bulk calls (100 times the request rate a minute): over it, a 429 with `Retry-After` and `budget: "items"`. Accepts an `Idempotency-Key` header.
         *
         *     Needs the editor role or higher; API keys need `qrcodes:write`.
         */
        post: operations["postQrcodesBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/qrcodes/bulk-delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete up to 1,000 QR codes
         * @description Their short URLs stop redirecting at once; a missing or foreign id is that item's 404. Give `ids`, or `filter` (the list filters of GET /qrcodes) and optionally `except` (ids to leave as they are): a call by filter takes the first `limit` (default 1,000) codes it selects, newest first, and its answer's `nextCursor` (null when no code is left) goes on with the next ones as `?cursor=`, with the same body. Answers 200 with one result per item, in the order sent, whether each item succeeded or not: `status` is the item's own (201, 200 or 204, or the 4xx its single request would have answered, with its `problem`). With `?atomic=true` any failing item makes the call a 422 (`errors` name every failing field, `items` each failing item's problem) and nothing is written. Items count against the items budget of bulk calls (100 times the request rate a minute): over it, a 429 with `Retry-After` and `budget: "items"`. Accepts an `Idempotency-Key` header.
         *
         *     Needs the editor role or higher; API keys need `qrcodes:write`.
         */
        post: operations["postQrcodesBulkDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/qrcodes/bulk-update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change up to 1,000 QR codes with one merge patch
         * @description `patch` is applied to each code as PATCH /qrcodes/{id} applies it (field paths `/body/patch/...`); a missing or foreign id is that item's 404. Give `ids`, or `filter` (the list filters of GET /qrcodes) and optionally `except` (ids to leave as they are): a call by filter takes the first `limit` (default 1,000) codes it selects, newest first, and its answer's `nextCursor` (null when no code is left) goes on with the next ones as `?cursor=`, with the same body. Answers 200 with one result per item, in the order sent, whether each item succeeded or not: `status` is the item's own (201, 200 or 204, or the 4xx its single request would have answered, with its `problem`). With `?atomic=true` any failing item makes the call a 422 (`errors` name every failing field, `items` each failing item's problem) and nothing is written. Items count against the items budget of bulk calls (100 times the request rate a minute): over it, a 429 with `Retry-After` and `budget: "items"`. Accepts an `Idempotency-Key` header.
         *
         *     Needs the editor role or higher; API keys need `qrcodes:write`.
         */
        post: operations["postQrcodesBulkUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/qrcodes/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Count QR codes
         * @description How many codes pass the same filters as the list (`mode`, `tag`, `hostname`, `q`, `enabled`): a table shows "N codes" and selects all N.
         *
         *     Needs the viewer role or higher; API keys need `qrcodes:read`.
         */
        get: operations["getQrcodesCount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/qrcodes/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export codes as CSV
         * @description Every code of the workspace (the list's filters apply), with all it takes to import it again: rules as their definitions, the style's logo inline, a password as its stored hash (`passwordHash`, opaque; import accepts it). Streamed, newest first.
         *
         *     Needs the viewer role or higher; API keys need `qrcodes:read`.
         */
        get: operations["getQrcodesExportCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/qrcodes/export.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export codes as JSON
         * @description Every code of the workspace (the list's filters apply), with all it takes to import it again: rules as their definitions, the style's logo inline, a password as its stored hash (`passwordHash`, opaque; import accepts it). Streamed, newest first.
         *
         *     Needs the viewer role or higher; API keys need `qrcodes:read`.
         */
        get: operations["getQrcodesExportJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/qrcodes/images.zip": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Many codes' images as a ZIP
         * @description One file per code, named by its slug (`hostname/slug.ext` when codes on different hostnames share a slug), drawn with its stored style. Give `ids` (at most 10,000; an id the workspace does not hold is a 404 naming it, and nothing is written) or `filter` (the list filters of GET /qrcodes). The ZIP streams as it is drawn; `RQ-Code-Count` says how many codes it holds.
         *
         *     Needs the viewer role or higher; API keys need `qrcodes:read`.
         */
        post: operations["postQrcodesImagesZip"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/qrcodes/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import codes from a file
         * @description Reads our export (CSV or JSON) or a peer's (Bitly, Shlink, Kutt, YOURLS), checks every row as a create would and creates the codes, with the rules the file carries; `dryRun=true` checks every row and writes nothing. An import is all or nothing: a row's problem makes it a 422 `unprocessable` that names every failing row (`errors` by `/rows/{row}/{field}`, `failedRows` each row's problem) and nothing is created, no rule either. `atomic=false` asks for one result per row instead: the rows that pass are created and the others reported. Slugs are kept where free and reported where taken; a hostname is kept when it is a verified hostname of the workspace, otherwise the code is on the primary short host (`hostnamesReplaced`, and each such row in `changes`). At most 10,000 rows and 32 MiB. See the docs page "Import and export".
         *
         *     Needs the editor role or higher; API keys need `qrcodes:write`.
         */
        post: operations["postQrcodesImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/qrcodes/sheet.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Print sheets of many codes (PDF)
         * @description Vector pages of A4 or Letter with a grid of `columns` x `rows` codes, each in a square of `sizeMm` that holds its quiet zone (at least 4 modules), with an optional caption under it; as many pages as the codes need. A grid that does not fit the paper (10 mm margins) is a 422 naming the fields. Selection as for images.zip. The PDF streams page by page.
         *
         *     Needs the viewer role or higher; API keys need `qrcodes:read`.
         */
        post: operations["postQrcodesSheetPdf"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/render": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Render a design (public)
         * @description Renders and verifies `data` with a style, without storing anything. `format: "pdf"|"eps"` answers a print file (vector, a quiet zone of at least 4 modules; `cmyk: true` for CMYK with pure black as 0/0/0/100). Public and limited per IP. Logos must be `data:` URLs here, at most 512 KiB (413) and a PNG, JPEG, WebP or SVG image (415).
         */
        post: operations["postRender"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List rules
         * @description Newest first, a page at a time: pass `nextCursor` back as `cursor`.
         *
         *     Needs the viewer role or higher; API keys need `rules:read`.
         */
        get: operations["getRules"];
        put?: never;
        /**
         * Create a rule
         * @description A condition tree (`when`; none means always) and an action (`then`). Checked on write: unknown fields, CIDRs, time zones, weights and targets are 400s with field paths. Accepts an `Idempotency-Key` header.
         *
         *     Needs the editor role or higher; API keys need `rules:write`.
         */
        post: operations["postRules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a rule
         * @description Needs the viewer role or higher; API keys need `rules:read`.
         */
        get: operations["getRulesById"];
        put?: never;
        post?: never;
        /**
         * Delete a rule
         * @description The rule is removed from every code that had it.
         *
         *     Needs the editor role or higher; API keys need `rules:write`.
         */
        delete: operations["deleteRulesById"];
        options?: never;
        head?: never;
        /**
         * Change a rule
         * @description A JSON merge patch (RFC 7396): omitted fields stay, `null` removes, objects (`when`, `then`) merge key by key. The merged rule is checked like a new one. Codes using the rule follow the change at once.
         *
         *     Needs the editor role or higher; API keys need `rules:write`.
         */
        patch: operations["patchRulesById"];
        trace?: never;
    };
    "/api/v1/slugs/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check a slug
         * @description Whether a new code may take `slug` on the primary short host or on `hostname`: checked exactly (slugs are case-sensitive), with the same rules as POST /qrcodes. The answer can change before you create: POST /qrcodes still answers 409 when someone took the slug in between.
         *
         *     Needs the viewer role or higher; API keys need `qrcodes:read`.
         */
        get: operations["getSlugsBySlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's plans, limits and usage
         * @description The subscriptions whose plan counts now, the plans held, the limits they give (null: none on this server), usage this calendar month (UTC) and whether the monthly redirects are over the limit.
         *
         *     Needs the viewer role or higher; any API key.
         */
        get: operations["getSubscriptions"];
        put?: never;
        /**
         * Add a PayPal subscription
         * @description After the buyer approves at PayPal, the site posts the subscription id here. The server asks PayPal: the plan must be one this server sells, the subscription's `custom_id` must be this account, and one subscription binds to one account only. Posting the same id again answers 200 with it. Accepts an `Idempotency-Key` header.
         *
         *     Needs the owner role or higher, signed in (no API keys).
         */
        post: operations["postSubscriptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Cancel a subscription
         * @description Cancels at PayPal: nothing more is billed, and the plan keeps counting until the end of the paid period (`endsAt`). Cancelling again answers the same. A plan the operator granted is a 409.
         *
         *     Needs the owner role or higher, signed in (no API keys).
         */
        delete: operations["deleteSubscriptionsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Newest first, a page at a time: pass `nextCursor` back as `cursor`. Secrets are never listed.
         *
         *     Needs the admin role or higher; API keys need `webhooks:read`.
         */
        get: operations["getWebhooks"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description The answer holds the signing secret (`secret`), shown this once. The URL must be http(s) and neither be nor resolve to a private address. Each delivery is a POST of `{ "type", "timestamp", "data" }` signed the Standard Webhooks way: `webhook-id` (the event id, the same on every retry), `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the bytes after `whsec_`). Accepts an `Idempotency-Key` header.
         *
         *     Needs the admin role or higher; API keys need `webhooks:write`.
         */
        post: operations["postWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description Needs the admin role or higher; API keys need `webhooks:read`.
         */
        get: operations["getWebhooksById"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Nothing more is delivered to it; its delivery log goes with it.
         *
         *     Needs the admin role or higher; API keys need `webhooks:write`.
         */
        delete: operations["deleteWebhooksById"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description A JSON merge patch (RFC 7396): omitted fields stay. `enabled: false` turns the endpoint off (its pending deliveries fail); `enabled: true` turns it back on and clears `disabledReason`.
         *
         *     Needs the admin role or higher; API keys need `webhooks:write`.
         */
        patch: operations["patchWebhooksById"];
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an endpoint's deliveries
         * @description Newest first, a page at a time. Filters combine: `status`, `eventType`, `from` (inclusive) and `to` (exclusive). Finished deliveries are kept 30 days.
         *
         *     Needs the admin role or higher; API keys need `webhooks:read`.
         */
        get: operations["getWebhooksByIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a delivery with its attempts
         * @description Each attempt with the request sent (headers, body cut at 16 KiB) and the answer (status, headers, body read up to 4 KiB), its duration and why it failed.
         *
         *     Needs the admin role or higher; API keys need `webhooks:read`.
         */
        get: operations["getWebhooksByIdDeliveriesByDeliveryId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a delivery now
         * @description One more attempt now, with the same `webhook-id`, whatever the delivery's state (a failed one too). If it fails, the schedule goes on from the attempts already made.
         *
         *     Needs the admin role or higher; API keys need `webhooks:write`.
         */
        post: operations["postWebhooksByIdDeliveriesByDeliveryIdRetry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook endpoint's secret
         * @description A new secret, shown this once. For 24 hours (`previousSecretExpiresAt`) deliveries carry two signatures, space-separated in `webhook-signature`: one under the new secret and one under the old, so receivers can switch without missing a delivery.
         *
         *     Needs the admin role or higher; API keys need `webhooks:write`.
         */
        post: operations["postWebhooksByIdRotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Sends a `webhook.test` event to this endpoint now (whatever it subscribes to), through the outbox like any other: the answer is the delivery, pending; read it again to see the attempt. A disabled endpoint is a 409: turn it on first.
         *
         *     Needs the admin role or higher; API keys need `webhooks:write`.
         */
        post: operations["postWebhooksByIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your workspaces
         * @description Every workspace you are a member of, with your role there; your personal one first.
         *
         *     Needs the viewer role or higher, signed in (no API keys).
         */
        get: operations["getWorkspaces"];
        put?: never;
        /**
         * Create a team workspace
         * @description You become its owner. Send `RQ-Workspace: <id>` to work in it.
         *
         *     Needs the viewer role or higher, signed in (no API keys).
         */
        post: operations["postWorkspaces"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a workspace
         * @description A workspace you are a member of, with your role; any other is a 404.
         *
         *     Needs the viewer role or higher; any API key.
         */
        get: operations["getWorkspacesById"];
        put?: never;
        post?: never;
        /**
         * Delete a team workspace and everything in it
         * @description Send the exact name: `{ "confirm": "<name>" }` (otherwise 422 `confirmation_required`). Deleting erases the workspace's codes, rules, designs, assets, hostnames, API keys, plans, analytics, events, members and invitations. **Its codes stop redirecting at once** (their short URLs answer 404). A personal workspace cannot be deleted (409 `personal_workspace`). The `workspace.deleted` event goes to your personal workspace's log.
         *
         *     Needs the owner role or higher, signed in (no API keys).
         */
        delete: operations["deleteWorkspacesById"];
        options?: never;
        head?: never;
        /**
         * Rename a workspace
         * @description Needs the admin role or higher, signed in (no API keys).
         */
        patch: operations["patchWorkspacesById"];
        trace?: never;
    };
    "/api/v1/workspaces/{id}/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List pending invitations
         * @description Not yet accepted, revoked or expired; without their links.
         *
         *     Needs the admin role or higher, signed in (no API keys).
         */
        get: operations["getWorkspacesByIdInvitations"];
        put?: never;
        /**
         * Invite someone by e-mail
         * @description Answers the link to accept (`url`, with its token: shown this once) for 7 days. With SMTP configured the server also e-mails it (`mailed: true`); otherwise, or when the mail server refuses, share the url yourself: the invitation exists either way. 409 `already_member` or `invitation_pending` for an address already in or invited.
         *
         *     Needs the admin role or higher, signed in (no API keys).
         */
        post: operations["postWorkspacesByIdInvitations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{id}/invitations/{invId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an invitation
         * @description Its link stops working (410 `invitation_revoked`).
         *
         *     Needs the admin role or higher, signed in (no API keys).
         */
        delete: operations["deleteWorkspacesByIdInvitationsByInvId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{id}/invitations/{invId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend an invitation
         * @description A new link, valid 7 more days, mailed again when SMTP is configured; the old link stops working. Works for pending and expired invitations.
         *
         *     Needs the admin role or higher, signed in (no API keys).
         */
        post: operations["postWorkspacesByIdInvitationsByInvIdResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List members
         * @description Each member's profile (from their own account) and role, in the order they joined.
         *
         *     Needs the viewer role or higher; any API key.
         */
        get: operations["getWorkspacesByIdMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{id}/members/{uid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member, or leave
         * @description Your own uid: you leave (any role but owner). Someone else: needs admin (canManageMembers). The owner can neither leave nor be removed: transfer the workspace first (409 `owner_must_transfer`).
         *
         *     Needs the viewer role or higher, signed in (no API keys).
         */
        delete: operations["deleteWorkspacesByIdMembersByUid"];
        options?: never;
        head?: never;
        /**
         * Change a member's role
         * @description admin, editor or viewer. The owner's role changes only by transfer (409 `owner_must_transfer`).
         *
         *     Needs the admin role or higher, signed in (no API keys).
         */
        patch: operations["patchWorkspacesByIdMembersByUid"];
        trace?: never;
    };
    "/api/v1/workspaces/{id}/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transfer ownership
         * @description Makes another member the owner; you become an admin. A personal workspace cannot be transferred (409 `personal_workspace`). Answers the members.
         *
         *     Needs the owner role or higher, signed in (no API keys).
         */
        post: operations["postWorkspacesByIdTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is up */
        get: operations["getHealthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The database answers
         * @description status is "ok", or "degraded" while the configured Redis does not answer (the instance still serves: caches keep codes 5 s, counts and rate limits are kept per instance).
         */
        get: operations["getReadyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * RuleCondition
         * @description A condition: one combinator (all, any, not) or one leaf.
         */
        "def-0": {
            /** @description Every one matches. */
            all?: components["schemas"]["def-0"][];
            /** @description At least one matches. */
            any?: components["schemas"]["def-0"][];
            /** @description true matches bots, false humans. */
            bot?: boolean;
            /** @description Browsers. */
            browser?: ("chrome" | "safari" | "firefox" | "edge" | "opera" | "samsung")[];
            /** @description ISO 3166-1 alpha-2 codes, upper case. */
            country?: string[];
            date?: {
                /** @description First instant, inclusive: a date (YYYY-MM-DD) or an RFC 3339 date-time with an offset */
                from?: string;
                /** @description The zone plain dates are read in (default UTC). */
                timeZone?: string;
                /** @description Last date inclusive, or an exclusive date-time: a date (YYYY-MM-DD) or an RFC 3339 date-time with an offset */
                to?: string;
            };
            /** @description Device types. */
            device?: ("mobile" | "tablet" | "desktop")[];
            /** @description Hostnames the code was scanned on. */
            hostname?: string[];
            /** @description IPv4 or IPv6 addresses or CIDRs. */
            ip?: string[];
            /** @description Language tags matched against the most preferred Accept-Language tag ("de" matches "de-DE"). */
            language?: string[];
            not?: components["schemas"]["def-0"];
            /** @description Operating systems. */
            os?: ("ios" | "android" | "windows" | "macos" | "linux" | "chromeos")[];
            query?: {
                /** @description Any value of it equals this; present when absent. */
                equals?: string;
                /** @description The query parameter */
                name: string;
            };
            /** @description Referrer hosts; each matches itself and its subdomains. */
            referrer?: string[];
            scans?: {
                /** @description At least n counted scans before this one. */
                gte?: number;
                /** @description Fewer than n counted scans before this one. */
                lt?: number;
            };
            /** @description A daily window in a zone. Without `from` and `to` (or with "00:00" to "24:00") it is the whole day, so `days` alone says "on weekdays". */
            time?: {
                /** @description ISO weekdays (1 = Monday) on which the window starts; all days when absent. */
                days?: number[];
                /** @description Start of the window, inclusive; default "00:00" (HH:MM, 24-hour) */
                from?: string;
                /** @description An IANA time zone, e.g. "Europe/Berlin". */
                timeZone: string;
                /** @description End of the window, exclusive; "24:00" (the default) is the end of the day; before `from` spans midnight (HH:MM, 24-hour) */
                to?: string;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getAnalyticsBreakdown: {
        parameters: {
            query: {
                /** @description Count bot scans in `total` too (default false) */
                bots?: boolean;
                /** @description Browsers: chrome, safari, firefox, edge, opera, samsung (another value is a 400); several values by repeating the parameter or separating with commas (any of them matches) */
                browser?: string[];
                /** @description The dimension to break down by */
                by: "country" | "region" | "device" | "os" | "browser" | "language" | "referrer" | "hostname" | "rule" | "qrcode";
                /** @description ISO 3166-1 alpha-2 countries (any case); an unknown code is a 400; several values by repeating the parameter or separating with commas (any of them matches) */
                country?: string[];
                /** @description Device types: mobile, tablet, desktop (another value is a 400); several values by repeating the parameter or separating with commas (any of them matches) */
                device?: string[];
                /** @description Start (inclusive): an ISO 8601 date or date-time. Without an offset it is a wall-clock time in `timeZone` (a date is its midnight). Read at quarter-hour precision. */
                from?: string;
                /** @description Hostnames scanned; several values by repeating the parameter or separating with commas (any of them matches) */
                hostname?: string[];
                /** @description Most rows, by total */
                limit?: number;
                /** @description Operating systems: ios, android, windows, macos, linux, chromeos (another value is a 400); several values by repeating the parameter or separating with commas (any of them matches) */
                os?: string[];
                /** @description Code ids (a code of another account is a 404); several values by repeating the parameter or separating with commas (any of them matches) */
                qrcode?: string[];
                /** @description A preset instead of from/to, ending now: 24h, 7d (today and the 6 days before), 30d, 90d, mtd, ytd, all. Default 30d. */
                range?: "24h" | "7d" | "30d" | "90d" | "mtd" | "ytd" | "all";
                /** @description Rule ids that decided the target; several values by repeating the parameter or separating with commas (any of them matches) */
                rule?: string[];
                /** @description Codes carrying the tag; several values by repeating the parameter or separating with commas (any of them matches) */
                tag?: string[];
                /** @description IANA time zone for days, weeks and months (default UTC); an unknown zone is a 400 */
                timeZone?: string;
                /** @description End (exclusive), like `from`; default now */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        by: string;
                        /** @description The range read, in timeZone */
                        from: string;
                        rows: {
                            /** @description Bot scans */
                            bots: number;
                            /** @description null: unknown or none */
                            key: string | null;
                            /** @description Human scans (and bot scans with bots=true) */
                            total: number;
                            /** @description Human visitors, each counted at their first scan of the UTC day */
                            unique: number;
                        }[];
                        timeZone: string;
                        to: string;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getAnalyticsBreakdownCsv: {
        parameters: {
            query: {
                /** @description Count bot scans in `total` too (default false) */
                bots?: boolean;
                /** @description Browsers: chrome, safari, firefox, edge, opera, samsung (another value is a 400); several values by repeating the parameter or separating with commas (any of them matches) */
                browser?: string[];
                /** @description The dimension to break down by */
                by: "country" | "region" | "device" | "os" | "browser" | "language" | "referrer" | "hostname" | "rule" | "qrcode";
                /** @description ISO 3166-1 alpha-2 countries (any case); an unknown code is a 400; several values by repeating the parameter or separating with commas (any of them matches) */
                country?: string[];
                /** @description Device types: mobile, tablet, desktop (another value is a 400); several values by repeating the parameter or separating with commas (any of them matches) */
                device?: string[];
                /** @description Start (inclusive): an ISO 8601 date or date-time. Without an offset it is a wall-clock time in `timeZone` (a date is its midnight). Read at quarter-hour precision. */
                from?: string;
                /** @description Hostnames scanned; several values by repeating the parameter or separating with commas (any of them matches) */
                hostname?: string[];
                /** @description Most rows, by total */
                limit?: number;
                /** @description Operating systems: ios, android, windows, macos, linux, chromeos (another value is a 400); several values by repeating the parameter or separating with commas (any of them matches) */
                os?: string[];
                /** @description Code ids (a code of another account is a 404); several values by repeating the parameter or separating with commas (any of them matches) */
                qrcode?: string[];
                /** @description A preset instead of from/to, ending now: 24h, 7d (today and the 6 days before), 30d, 90d, mtd, ytd, all. Default 30d. */
                range?: "24h" | "7d" | "30d" | "90d" | "mtd" | "ytd" | "all";
                /** @description Rule ids that decided the target; several values by repeating the parameter or separating with commas (any of them matches) */
                rule?: string[];
                /** @description Codes carrying the tag; several values by repeating the parameter or separating with commas (any of them matches) */
                tag?: string[];
                /** @description IANA time zone for days, weeks and months (default UTC); an unknown zone is a 400 */
                timeZone?: string;
                /** @description End (exclusive), like `from`; default now */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV (RFC 4180), a header line first; Content-Disposition names the file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getAnalyticsDashboard: {
        parameters: {
            query?: {
                /** @description Count bot scans in `total` too (default false) */
                bots?: boolean;
                /** @description Browsers: chrome, safari, firefox, edge, opera, samsung (another value is a 400); several values by repeating the parameter or separating with commas (any of them matches) */
                browser?: string[];
                /** @description The breakdowns to answer, by repeating the parameter (default country, qrcode, device, os, browser, language, referrer, rule) */
                by?: ("country" | "region" | "device" | "os" | "browser" | "language" | "referrer" | "hostname" | "rule" | "qrcode")[];
                /** @description ISO 3166-1 alpha-2 countries (any case); an unknown code is a 400; several values by repeating the parameter or separating with commas (any of them matches) */
                country?: string[];
                /** @description Device types: mobile, tablet, desktop (another value is a 400); several values by repeating the parameter or separating with commas (any of them matches) */
                device?: string[];
                /** @description Start (inclusive): an ISO 8601 date or date-time. Without an offset it is a wall-clock time in `timeZone` (a date is its midnight). Read at quarter-hour precision. */
                from?: string;
                /** @description Hostnames scanned; several values by repeating the parameter or separating with commas (any of them matches) */
                hostname?: string[];
                /** @description hour, day (default), week (ISO, from Monday) or month, in timeZone; at most 400 points */
                interval?: "hour" | "day" | "week" | "month";
                /** @description Most rows of each breakdown */
                limit?: number;
                /** @description Operating systems: ios, android, windows, macos, linux, chromeos (another value is a 400); several values by repeating the parameter or separating with commas (any of them matches) */
                os?: string[];
                /** @description Code ids (a code of another account is a 404); several values by repeating the parameter or separating with commas (any of them matches) */
                qrcode?: string[];
                /** @description A preset instead of from/to, ending now: 24h, 7d (today and the 6 days before), 30d, 90d, mtd, ytd, all. Default 30d. */
                range?: "24h" | "7d" | "30d" | "90d" | "mtd" | "ytd" | "all";
                /** @description Rule ids that decided the target; several values by repeating the parameter or separating with commas (any of them matches) */
                rule?: string[];
                /** @description Codes carrying the tag; several values by repeating the parameter or separating with commas (any of them matches) */
                tag?: string[];
                /** @description IANA time zone for days, weeks and months (default UTC); an unknown zone is a 400 */
                timeZone?: string;
                /** @description End (exclusive), like `from`; default now */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description One breakdown per `by`, keyed by it */
                        breakdowns: {
                            [key: string]: {
                                by: string;
                                /** @description The range read, in timeZone */
                                from: string;
                                rows: {
                                    /** @description Bot scans */
                                    bots: number;
                                    /** @description null: unknown or none */
                                    key: string | null;
                                    /** @description Human scans (and bot scans with bots=true) */
                                    total: number;
                                    /** @description Human visitors, each counted at their first scan of the UTC day */
                                    unique: number;
                                }[];
                                timeZone: string;
                                to: string;
                            };
                        };
                        /** @description The range read, in timeZone */
                        from: string;
                        summary: {
                            /** @description Bot scans */
                            bots: number;
                            /** @description The range read, in timeZone */
                            from: string;
                            previous: {
                                /** @description Bot scans */
                                bots: number;
                                from: string;
                                to: string;
                                /** @description Human scans (and bot scans with bots=true) */
                                total: number;
                                /** @description Human visitors, each counted at their first scan of the UTC day */
                                unique: number;
                            };
                            timeZone: string;
                            to: string;
                            /** @description Human scans (and bot scans with bots=true) */
                            total: number;
                            /** @description Human visitors, each counted at their first scan of the UTC day */
                            unique: number;
                        };
                        /** @description null when the interval is too fine for the range (`timeseriesProblem` says why) */
                        timeseries: {
                            /** @description The range read, in timeZone */
                            from: string;
                            interval: string;
                            points: {
                                /** @description Bot scans */
                                bots: number;
                                /** @description Start of the interval, in timeZone */
                                t: string;
                                /** @description Human scans (and bot scans with bots=true) */
                                total: number;
                                /** @description Human visitors, each counted at their first scan of the UTC day */
                                unique: number;
                            }[];
                            timeZone: string;
                            to: string;
                        } | null;
                        timeseriesProblem: {
                            code: string;
                            detail: string;
                            errors?: {
                                message: string;
                                path: string;
                            }[];
                            status: number;
                        } | null;
                        timeZone: string;
                        to: string;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getAnalyticsExportCsv: {
        parameters: {
            query?: {
                /** @description Count bot scans in `total` too (default false) */
                bots?: boolean;
                /** @description Browsers: chrome, safari, firefox, edge, opera, samsung (another value is a 400); several values by repeating the parameter or separating with commas (any of them matches) */
                browser?: string[];
                /** @description ISO 3166-1 alpha-2 countries (any case); an unknown code is a 400; several values by repeating the parameter or separating with commas (any of them matches) */
                country?: string[];
                /** @description Device types: mobile, tablet, desktop (another value is a 400); several values by repeating the parameter or separating with commas (any of them matches) */
                device?: string[];
                /** @description Start (inclusive): an ISO 8601 date or date-time. Without an offset it is a wall-clock time in `timeZone` (a date is its midnight). Read at quarter-hour precision. */
                from?: string;
                /** @description Hostnames scanned; several values by repeating the parameter or separating with commas (any of them matches) */
                hostname?: string[];
                /** @description Operating systems: ios, android, windows, macos, linux, chromeos (another value is a 400); several values by repeating the parameter or separating with commas (any of them matches) */
                os?: string[];
                /** @description Code ids (a code of another account is a 404); several values by repeating the parameter or separating with commas (any of them matches) */
                qrcode?: string[];
                /** @description A preset instead of from/to, ending now: 24h, 7d (today and the 6 days before), 30d, 90d, mtd, ytd, all. Default 30d. */
                range?: "24h" | "7d" | "30d" | "90d" | "mtd" | "ytd" | "all";
                /** @description Rule ids that decided the target; several values by repeating the parameter or separating with commas (any of them matches) */
                rule?: string[];
                /** @description Codes carrying the tag; several values by repeating the parameter or separating with commas (any of them matches) */
                tag?: string[];
                /** @description IANA time zone for days, weeks and months (default UTC); an unknown zone is a 400 */
                timeZone?: string;
                /** @description End (exclusive), like `from`; default now */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV (RFC 4180), a header line first; Content-Disposition names the file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getAnalyticsStream: {
        parameters: {
            query?: {
                /** @description Send bot scans too (default false) */
                bots?: boolean;
                /** @description Seconds between heartbeat events */
                heartbeat?: number;
                /** @description Code ids (a code of another account is a 404); several values by repeating the parameter or separating with commas (any of them matches) */
                qrcode?: string[];
                /** @description Codes carrying the tag; several values by repeating the parameter or separating with commas (any of them matches) */
                tag?: string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-sent events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getAnalyticsSummary: {
        parameters: {
            query?: {
                /** @description Count bot scans in `total` too (default false) */
                bots?: boolean;
                /** @description Browsers: chrome, safari, firefox, edge, opera, samsung (another value is a 400); several values by repeating the parameter or separating with commas (any of them matches) */
                browser?: string[];
                /** @description ISO 3166-1 alpha-2 countries (any case); an unknown code is a 400; several values by repeating the parameter or separating with commas (any of them matches) */
                country?: string[];
                /** @description Device types: mobile, tablet, desktop (another value is a 400); several values by repeating the parameter or separating with commas (any of them matches) */
                device?: string[];
                /** @description Start (inclusive): an ISO 8601 date or date-time. Without an offset it is a wall-clock time in `timeZone` (a date is its midnight). Read at quarter-hour precision. */
                from?: string;
                /** @description Hostnames scanned; several values by repeating the parameter or separating with commas (any of them matches) */
                hostname?: string[];
                /** @description Operating systems: ios, android, windows, macos, linux, chromeos (another value is a 400); several values by repeating the parameter or separating with commas (any of them matches) */
                os?: string[];
                /** @description Code ids (a code of another account is a 404); several values by repeating the parameter or separating with commas (any of them matches) */
                qrcode?: string[];
                /** @description A preset instead of from/to, ending now: 24h, 7d (today and the 6 days before), 30d, 90d, mtd, ytd, all. Default 30d. */
                range?: "24h" | "7d" | "30d" | "90d" | "mtd" | "ytd" | "all";
                /** @description Rule ids that decided the target; several values by repeating the parameter or separating with commas (any of them matches) */
                rule?: string[];
                /** @description Codes carrying the tag; several values by repeating the parameter or separating with commas (any of them matches) */
                tag?: string[];
                /** @description IANA time zone for days, weeks and months (default UTC); an unknown zone is a 400 */
                timeZone?: string;
                /** @description End (exclusive), like `from`; default now */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Bot scans */
                        bots: number;
                        /** @description The range read, in timeZone */
                        from: string;
                        previous: {
                            /** @description Bot scans */
                            bots: number;
                            from: string;
                            to: string;
                            /** @description Human scans (and bot scans with bots=true) */
                            total: number;
                            /** @description Human visitors, each counted at their first scan of the UTC day */
                            unique: number;
                        };
                        timeZone: string;
                        to: string;
                        /** @description Human scans (and bot scans with bots=true) */
                        total: number;
                        /** @description Human visitors, each counted at their first scan of the UTC day */
                        unique: number;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getAnalyticsTimeseries: {
        parameters: {
            query?: {
                /** @description Count bot scans in `total` too (default false) */
                bots?: boolean;
                /** @description Browsers: chrome, safari, firefox, edge, opera, samsung (another value is a 400); several values by repeating the parameter or separating with commas (any of them matches) */
                browser?: string[];
                /** @description ISO 3166-1 alpha-2 countries (any case); an unknown code is a 400; several values by repeating the parameter or separating with commas (any of them matches) */
                country?: string[];
                /** @description Device types: mobile, tablet, desktop (another value is a 400); several values by repeating the parameter or separating with commas (any of them matches) */
                device?: string[];
                /** @description Start (inclusive): an ISO 8601 date or date-time. Without an offset it is a wall-clock time in `timeZone` (a date is its midnight). Read at quarter-hour precision. */
                from?: string;
                /** @description Hostnames scanned; several values by repeating the parameter or separating with commas (any of them matches) */
                hostname?: string[];
                /** @description hour, day (default), week (ISO, from Monday) or month, in timeZone; at most 400 points */
                interval?: "hour" | "day" | "week" | "month";
                /** @description Operating systems: ios, android, windows, macos, linux, chromeos (another value is a 400); several values by repeating the parameter or separating with commas (any of them matches) */
                os?: string[];
                /** @description Code ids (a code of another account is a 404); several values by repeating the parameter or separating with commas (any of them matches) */
                qrcode?: string[];
                /** @description A preset instead of from/to, ending now: 24h, 7d (today and the 6 days before), 30d, 90d, mtd, ytd, all. Default 30d. */
                range?: "24h" | "7d" | "30d" | "90d" | "mtd" | "ytd" | "all";
                /** @description Rule ids that decided the target; several values by repeating the parameter or separating with commas (any of them matches) */
                rule?: string[];
                /** @description Codes carrying the tag; several values by repeating the parameter or separating with commas (any of them matches) */
                tag?: string[];
                /** @description IANA time zone for days, weeks and months (default UTC); an unknown zone is a 400 */
                timeZone?: string;
                /** @description End (exclusive), like `from`; default now */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The range read, in timeZone */
                        from: string;
                        interval: string;
                        points: {
                            /** @description Bot scans */
                            bots: number;
                            /** @description Start of the interval, in timeZone */
                            t: string;
                            /** @description Human scans (and bot scans with bots=true) */
                            total: number;
                            /** @description Human visitors, each counted at their first scan of the UTC day */
                            unique: number;
                        }[];
                        timeZone: string;
                        to: string;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getAnalyticsTimeseriesCsv: {
        parameters: {
            query?: {
                /** @description Count bot scans in `total` too (default false) */
                bots?: boolean;
                /** @description Browsers: chrome, safari, firefox, edge, opera, samsung (another value is a 400); several values by repeating the parameter or separating with commas (any of them matches) */
                browser?: string[];
                /** @description ISO 3166-1 alpha-2 countries (any case); an unknown code is a 400; several values by repeating the parameter or separating with commas (any of them matches) */
                country?: string[];
                /** @description Device types: mobile, tablet, desktop (another value is a 400); several values by repeating the parameter or separating with commas (any of them matches) */
                device?: string[];
                /** @description Start (inclusive): an ISO 8601 date or date-time. Without an offset it is a wall-clock time in `timeZone` (a date is its midnight). Read at quarter-hour precision. */
                from?: string;
                /** @description Hostnames scanned; several values by repeating the parameter or separating with commas (any of them matches) */
                hostname?: string[];
                /** @description hour, day (default), week (ISO, from Monday) or month, in timeZone; at most 400 points */
                interval?: "hour" | "day" | "week" | "month";
                /** @description Operating systems: ios, android, windows, macos, linux, chromeos (another value is a 400); several values by repeating the parameter or separating with commas (any of them matches) */
                os?: string[];
                /** @description Code ids (a code of another account is a 404); several values by repeating the parameter or separating with commas (any of them matches) */
                qrcode?: string[];
                /** @description A preset instead of from/to, ending now: 24h, 7d (today and the 6 days before), 30d, 90d, mtd, ytd, all. Default 30d. */
                range?: "24h" | "7d" | "30d" | "90d" | "mtd" | "ytd" | "all";
                /** @description Rule ids that decided the target; several values by repeating the parameter or separating with commas (any of them matches) */
                rule?: string[];
                /** @description Codes carrying the tag; several values by repeating the parameter or separating with commas (any of them matches) */
                tag?: string[];
                /** @description IANA time zone for days, weeks and months (default UTC); an unknown zone is a 400 */
                timeZone?: string;
                /** @description End (exclusive), like `from`; default now */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV (RFC 4180), a header line first; Content-Disposition names the file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getApiKeys: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            createdAt: string;
                            expiresAt: string | null;
                            /** @example key_01jdx0m6r4c5zk2d9w1v8t7q3n */
                            id: string;
                            /** @description Updated at most once a minute */
                            lastUsedAt: string | null;
                            name: string;
                            /**
                             * @description The first characters of the key, to tell keys apart
                             * @example rq_AbC1
                             */
                            prefix: string;
                            scopes: ("qrcodes:read" | "qrcodes:write" | "designs:read" | "designs:write" | "rules:read" | "rules:write" | "hostnames:read" | "hostnames:write" | "analytics:read" | "events:read" | "webhooks:read" | "webhooks:write")[];
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postApiKeys: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sent again with the same body within 24 h, the first answer is returned instead of creating twice. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "CI deploys",
                 *       "scopes": [
                 *         "qrcodes:read",
                 *         "qrcodes:write"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description No expiry when omitted or null */
                    expiresAt?: string | null;
                    name: string;
                    scopes: ("qrcodes:read" | "qrcodes:write" | "designs:read" | "designs:write" | "rules:read" | "rules:write" | "hostnames:read" | "hostnames:write" | "analytics:read" | "events:read" | "webhooks:read" | "webhooks:write")[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        expiresAt: string | null;
                        /** @example key_01jdx0m6r4c5zk2d9w1v8t7q3n */
                        id: string;
                        /** @description The key itself: shown this once, stored only as a hash */
                        key: string;
                        /** @description Updated at most once a minute */
                        lastUsedAt: string | null;
                        name: string;
                        /**
                         * @description The first characters of the key, to tell keys apart
                         * @example rq_AbC1
                         */
                        prefix: string;
                        scopes: ("qrcodes:read" | "qrcodes:write" | "designs:read" | "designs:write" | "rules:read" | "rules:write" | "hostnames:read" | "hostnames:write" | "analytics:read" | "events:read" | "webhooks:read" | "webhooks:write")[];
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getApiKeysById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key id (key_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        expiresAt: string | null;
                        /** @example key_01jdx0m6r4c5zk2d9w1v8t7q3n */
                        id: string;
                        /** @description Updated at most once a minute */
                        lastUsedAt: string | null;
                        name: string;
                        /**
                         * @description The first characters of the key, to tell keys apart
                         * @example rq_AbC1
                         */
                        prefix: string;
                        scopes: ("qrcodes:read" | "qrcodes:write" | "designs:read" | "designs:write" | "rules:read" | "rules:write" | "hostnames:read" | "hostnames:write" | "analytics:read" | "events:read" | "webhooks:read" | "webhooks:write")[];
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    deleteApiKeysById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key id (key_...) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postAssets: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sent again with the same body within 24 h, the first answer is returned instead of creating twice. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "src": "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
                 *     }
                 */
                "application/json": {
                    /** @description A data: URL of a PNG, JPEG, WebP or SVG image, at most 512 KiB decoded */
                    src: string;
                };
                "image/jpeg": unknown;
                "image/png": unknown;
                "image/svg+xml": unknown;
                "image/webp": unknown;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Size of the stored image (an SVG as sanitised) */
                        bytes: number;
                        /** @description Sniffed from the bytes, not taken from the request */
                        contentType: "image/png" | "image/jpeg" | "image/webp" | "image/svg+xml";
                        /** Format: date-time */
                        createdAt: string;
                        /** @example ast_01jdx0m6r4c5zk2d9w1v8t7q3n */
                        id: string;
                        /**
                         * @description Where the image is read (public); put it in `style.logo.src`
                         * @example /api/v1/assets/ast_01jdx0m6r4c5zk2d9w1v8t7q3n
                         */
                        url: string;
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Size of the stored image (an SVG as sanitised) */
                        bytes: number;
                        /** @description Sniffed from the bytes, not taken from the request */
                        contentType: "image/png" | "image/jpeg" | "image/webp" | "image/svg+xml";
                        /** Format: date-time */
                        createdAt: string;
                        /** @example ast_01jdx0m6r4c5zk2d9w1v8t7q3n */
                        id: string;
                        /**
                         * @description Where the image is read (public); put it in `style.logo.src`
                         * @example /api/v1/assets/ast_01jdx0m6r4c5zk2d9w1v8t7q3n
                         */
                        url: string;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getAssetsByAssetId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The asset id (ast_...) */
                assetId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": unknown;
                    "image/png": unknown;
                    "image/svg+xml": unknown;
                    "image/webp": unknown;
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Over the rate limit: retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postBillingPaypalWebhook: {
        parameters: {
            query?: never;
            header: {
                "paypal-auth-algo": string;
                "paypal-cert-url": string;
                "paypal-transmission-id": string;
                "paypal-transmission-sig": string;
                "paypal-transmission-time": string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description A PayPal webhook event, as PayPal sends it (verified with PayPal before anything changes) */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "WH-2WR32451HC0233532-67976317FL4543714",
                 *       "event_version": "1.0",
                 *       "create_time": "2026-11-23T09:00:00Z",
                 *       "resource_type": "subscription",
                 *       "resource_version": "2.0",
                 *       "event_type": "BILLING.SUBSCRIPTION.ACTIVATED",
                 *       "summary": "Subscription activated",
                 *       "resource": {
                 *         "id": "I-BW452GLLEP1G",
                 *         "plan_id": "P-5ML4271244454362WXNWU5NQ",
                 *         "status": "ACTIVE"
                 *       }
                 *     }
                 */
                "application/json": {
                    event_type: string;
                    id: string;
                    resource?: {
                        [key: string]: unknown;
                    };
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The event was handled before (PayPal sends again until it gets a 2xx) */
                        duplicate: boolean;
                        received: boolean;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        analyticsId: string | null;
                        /** @description Public base URL of the API (PUBLIC_URL/api) for people and scripts; routes live under {apiBase}/v1. The site itself calls /api/v1 on the origin it was opened at. */
                        apiBase: string;
                        billing: {
                            /** @description The plan every account holds without paying. */
                            defaultPlan: string;
                            /** @description Custom hostnames per account on a server without limits (HOSTNAMES_LIMIT), or null. */
                            hostnamesLimit: number | null;
                            /** @description Whether plans set accounts' limits: the server sells plans or gives every account DEFAULT_PLAN. False: no limits but hostnamesLimit. */
                            limited: boolean;
                            /** @description Whether this server sells plans (PayPal is configured). */
                            sells: boolean;
                        };
                        firebase: {
                            apiKey: string;
                            authDomain: string;
                            /** @description Set when sign-in runs on the Firebase Auth emulator (connectAuthEmulator). */
                            emulatorUrl?: string;
                            projectId: string;
                        };
                        hostnames: {
                            edgeHostname: string | null;
                        };
                        /** @description The API marketplace page for API pricing. */
                        marketplaceUrl: string;
                        /** @description Who runs this server, for the site's contact, legal and privacy pages. */
                        operator: {
                            email: string | null;
                            name: string | null;
                            privacyEmail: string | null;
                            securityEmail: string | null;
                        };
                        paypal: {
                            clientId: string | null;
                            /** @description PayPal plan ids per plan; null when not configured. */
                            plans: {
                                basic: string | null;
                                hostnames: string | null;
                                mega: string | null;
                                pro: string | null;
                                ultra: string | null;
                            };
                            /** @description Where the site loads PayPal's JS SDK from (PAYPAL_SDK_BASE); the sdkBaseUrl of PayPalScriptProvider. */
                            sdkBaseUrl: string;
                        };
                        /** @description Base of short URLs on the primary host: codes encode {shortBase}/{slug}. */
                        shortBase: string;
                    };
                };
            };
            /** @description Over the rate limit: retry after `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getDesigns: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            createdAt: string;
                            /** @description dsn_... */
                            id: string;
                            name: string;
                            /** @description See Style */
                            style: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postDesigns: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sent again with the same body within 24 h, the first answer is returned instead of creating twice. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Brand purple",
                 *       "style": {
                 *         "dots": {
                 *           "type": "rounded",
                 *           "color": "#4c1d95"
                 *         },
                 *         "cornerSquares": {
                 *           "type": "extra-rounded",
                 *           "color": "#4c1d95"
                 *         },
                 *         "background": {
                 *           "color": "#ffffff"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description What the design is called */
                    name: string;
                    style: {
                        background?: {
                            color?: string | "transparent";
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                        };
                        cornerDots?: {
                            /** @description defaults to the corner squares colour */
                            color?: string;
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                            /** @description centre of the finder patterns */
                            type?: "square" | "dot";
                        };
                        cornerSquares?: {
                            /** @description defaults to the dots colour */
                            color?: string;
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                            /** @description outer ring of the finder patterns */
                            type?: "square" | "rounded" | "extra-rounded" | "dot";
                        };
                        dots?: {
                            /** @description sRGB colour as #rgb or #rrggbb */
                            color?: string;
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                            /** @description shape of the data modules */
                            type?: "square" | "rounded" | "dots" | "classy" | "classy-rounded" | "extra-rounded";
                        };
                        /** @description raised to Q when a logo is set, to H for a logo over 15% of the symbol */
                        errorCorrection?: "L" | "M" | "Q" | "H";
                        frame?: {
                            /** @description sRGB colour as #rgb or #rrggbb */
                            color?: string;
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                            /** @description call to action below the symbol */
                            text: string;
                            /** @description sRGB colour as #rgb or #rrggbb */
                            textColor?: string;
                            /** @description replaces color when set */
                            textGradient?: {
                                /** @description degrees, linear only */
                                rotation?: number;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                        } | null;
                        logo?: {
                            /** @description modules between logo and dots */
                            margin?: number;
                            /** @description share of the symbol area cleared for the logo, its margin included; up to 0.15 encodes at error correction Q, above at H */
                            size?: number;
                            /** @description data: URL (image/png, image/jpeg, image/webp, image/svg+xml), an http(s) URL, or the URL of a stored asset (/api/v1/assets/ast_...) */
                            src: string;
                        } | null;
                        /** @description quiet zone in modules */
                        margin?: number;
                        /** @description width in px */
                        size?: number;
                        /** @description fixed symbol version; null picks the smallest that fits */
                        version?: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @description dsn_... */
                        id: string;
                        name: string;
                        /** @description See Style */
                        style: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getDesignsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @description dsn_... */
                        id: string;
                        name: string;
                        /** @description See Style */
                        style: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    deleteDesignsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    patchDesignsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description A JSON merge patch (RFC 7396): omitted fields stay, `null` removes; `style` merges key by key, and `style: null` starts again from the default style. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Brand purple, dark",
                 *       "style": {
                 *         "dots": {
                 *           "color": "#2e1065"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description What the design is called */
                    name?: string;
                    style?: {
                        background?: {
                            color?: null | (string | "transparent");
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number | null;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                        } | null;
                        cornerDots?: {
                            /** @description defaults to the corner squares colour */
                            color?: string | null;
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number | null;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                            type?: null | ("square" | "dot");
                        } | null;
                        cornerSquares?: {
                            /** @description defaults to the dots colour */
                            color?: string | null;
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number | null;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                            type?: null | ("square" | "rounded" | "extra-rounded" | "dot");
                        } | null;
                        dots?: {
                            /** @description sRGB colour as #rgb or #rrggbb */
                            color?: string | null;
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number | null;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                            type?: null | ("square" | "rounded" | "dots" | "classy" | "classy-rounded" | "extra-rounded");
                        } | null;
                        errorCorrection?: null | ("L" | "M" | "Q" | "H");
                        frame?: {
                            /** @description sRGB colour as #rgb or #rrggbb */
                            color?: string | null;
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number | null;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                            /** @description call to action below the symbol */
                            text: string;
                            /** @description sRGB colour as #rgb or #rrggbb */
                            textColor?: string | null;
                            /** @description replaces color when set */
                            textGradient?: {
                                /** @description degrees, linear only */
                                rotation?: number | null;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                        } | null;
                        logo?: {
                            /** @description modules between logo and dots */
                            margin?: number | null;
                            /** @description share of the symbol area cleared for the logo, its margin included; up to 0.15 encodes at error correction Q, above at H */
                            size?: number | null;
                            /** @description data: URL (image/png, image/jpeg, image/webp, image/svg+xml), an http(s) URL, or the URL of a stored asset (/api/v1/assets/ast_...) */
                            src: string;
                        } | null;
                        /** @description quiet zone in modules */
                        margin?: number | null;
                        /** @description width in px */
                        size?: number | null;
                        /** @description fixed symbol version; null picks the smallest that fits */
                        version?: number | null;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @description dsn_... */
                        id: string;
                        name: string;
                        /** @description See Style */
                        style: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postDesignsByIdApply: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "codes": [
                 *         "qr_01jdx0000000000000000000"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Ids of the codes (qr_...) whose style becomes the design */
                    codes: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The codes with their new style, in the order asked */
                        data: {
                            activeFrom: string | null;
                            apps: {
                                /** @description Where scanners on Android go (an app link) (absolute http(s) URL) */
                                android?: string;
                                /** @description Where scanners on iOS go (a universal link) (absolute http(s) URL) */
                                ios?: string;
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            data: {
                                /** @description vcard: postal address */
                                address?: string;
                                /** @description email: body */
                                body?: string;
                                /** @description vcard: email address */
                                email?: string;
                                /**
                                 * @description wifi: WPA, WEP or nopass
                                 * @enum {string}
                                 */
                                encryption?: "WPA" | "WEP" | "nopass";
                                /** @description wifi: the network does not broadcast its name */
                                hidden?: boolean;
                                /**
                                 * @description What the symbol encodes
                                 * @enum {string}
                                 */
                                kind: "text" | "url" | "email" | "phone" | "sms" | "wifi" | "vcard" | "geo";
                                /** @description geo: latitude */
                                lat?: number;
                                /** @description geo: longitude */
                                lng?: number;
                                /** @description sms: the message */
                                message?: string;
                                /** @description vcard: full name */
                                name?: string;
                                /** @description phone, sms: the number, E.164 preferred (+14155550123) */
                                number?: string;
                                /** @description vcard: organisation */
                                org?: string;
                                /** @description wifi: the password (none for nopass) */
                                password?: string;
                                /** @description vcard: phone number */
                                phone?: string;
                                /** @description wifi: the network name */
                                ssid?: string;
                                /** @description email: subject */
                                subject?: string;
                                /** @description text: the text itself */
                                text?: string;
                                /** @description email: the address */
                                to?: string;
                                /** @description url, vcard: an http(s) URL */
                                url?: string;
                            } | null;
                            enabled: boolean;
                            exec: {
                                fallback: string;
                                timeoutMs: number;
                                url: string;
                            } | null;
                            expiredTarget: string | null;
                            expiresAt: string | null;
                            hostname: string | null;
                            /** @description qr_... */
                            id: string;
                            image?: {
                                /** @description SVG text, or the PNG in base64 */
                                data: string;
                                /** @enum {string} */
                                format: "svg" | "png";
                                /** @description Where to fetch the image again */
                                url: string;
                            };
                            /** @description The image as SVG at a signed URL that needs no credentials (for an <img src>); `.png` in place of `.svg` gives the PNG. The URL changes whenever the image does, and its answer may be cached for good. */
                            imageUrl: string;
                            maxScans: number | null;
                            /**
                             * @description static: the symbol holds the data; redirect: the short URL, sent on to `target` (or a rule); exec: the short URL, resolved by your exec URL
                             * @enum {string}
                             */
                            mode: "static" | "redirect" | "exec";
                            /** @description Whether scanners must enter a password */
                            passwordProtected: boolean;
                            /** @description Rule ids in evaluation order */
                            rules: string[];
                            scans: {
                                lastAt: string | null;
                                /** @description Counted scans, bots excluded */
                                total: number;
                                /** @description Distinct scanners since midnight UTC */
                                uniqueToday: number;
                            };
                            /** @description The URL a dynamic code encodes */
                            shortUrl: string;
                            slug: string;
                            /** @description See Style */
                            style: {
                                [key: string]: unknown;
                            };
                            tags: string[];
                            target: string | null;
                            title: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                            utm: {
                                /** @description utm_campaign */
                                campaign?: string;
                                /** @description utm_content */
                                content?: string;
                                /** @description utm_medium */
                                medium?: string;
                                /** @description utm_source */
                                source?: string;
                                /** @description utm_term */
                                term?: string;
                            } | null;
                            /** @description Present when the code was saved but will not work as meant: an exec URL that is not public (the SSRF guard refuses it, unless SSRF_ALLOW names it) is never called. */
                            warnings?: string[];
                        }[];
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getEvents: {
        parameters: {
            query?: {
                /** @description Only events by this actor: a user's uid, an API key's id (key_...) or a system part */
                actor?: string;
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description Events at or after this time (ISO 8601 date or date-time, UTC) */
                from?: string;
                limit?: number;
                /** @description Only events about this resource (its id) */
                resource?: string;
                /** @description Only events about this kind of resource, e.g. `hostname` */
                resourceType?: string;
                /** @description Events before this time (exclusive), like `from` */
                to?: string;
                /** @description Only events of this type, e.g. `hostname.verified` */
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            actor: {
                                email: string | null;
                                /** @description The user's uid, the key's id (key_...) or the part of the system */
                                id: string;
                                type: "user" | "apiKey" | "system";
                            };
                            /** Format: date-time */
                            at: string;
                            /** @description `{ object }` on create and delete (the resource as the API shows it), `{ changes: { field: [old, new] } }` on update; never a secret */
                            data: {
                                [key: string]: unknown;
                            };
                            /** @example evt_01jdx0m6r4c5zk2d9w1v8t7q3n */
                            id: string;
                            /** @description The id of the API request that made the change (the `x-request-id` of its answer, and of its log lines); null for changes the system made on its own */
                            requestId: string | null;
                            resource: {
                                id: string;
                                type: string;
                            };
                            /** @example hostname.verified */
                            type: string;
                            /** @description The workspace the change was made in (acct_...) */
                            workspace: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getHostnames: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description For a name at the apex of its zone, where DNS allows no CNAME: A/AAAA records to the edge instead (empty when the server has no EDGE_ADDRESSES) */
                            apexRouting: {
                                name: string;
                                /** @description TXT, or CNAME for the routing record */
                                type: string;
                                value: string;
                            }[];
                            appLinks: {
                                /** @description Apple's apple-app-site-association file, served as it is written here */
                                appleAppSiteAssociation?: {
                                    activitycontinuation?: {
                                        apps: string[];
                                    };
                                    appclips?: {
                                        apps: string[];
                                    };
                                    applinks?: {
                                        /** @description Always [] */
                                        apps?: string[];
                                        defaults?: {
                                            [key: string]: unknown;
                                        };
                                        details: {
                                            /** @description Team ID, a dot and the bundle ID: ABCDE12345.com.example.app */
                                            appID?: string;
                                            appIDs?: string[];
                                            components?: {
                                                [key: string]: unknown;
                                            }[];
                                            defaults?: {
                                                [key: string]: unknown;
                                            };
                                            paths?: string[];
                                        }[];
                                        substitutionVariables?: {
                                            [key: string]: unknown;
                                        };
                                    };
                                    webcredentials?: {
                                        apps: string[];
                                    };
                                };
                                /** @description Google's Digital Asset Links statements (assetlinks.json) */
                                assetLinks?: {
                                    relation: string[];
                                    target: {
                                        /** @enum {string} */
                                        namespace: "android_app";
                                        package_name: string;
                                        sha256_cert_fingerprints: string[];
                                    } | {
                                        /** @enum {string} */
                                        namespace: "web";
                                        site: string;
                                    };
                                }[];
                            } | null;
                            /** @description How many codes are served on this hostname */
                            codes: number;
                            /** Format: date-time */
                            createdAt: string;
                            failure?: {
                                /** @description What DNS answered; see the hostnames guide */
                                code: "txt_missing" | "txt_mismatch" | "routing_mismatch" | "nxdomain" | "caa_forbids" | "resolver_timeout";
                                detail: string;
                                /** @description What it should hold */
                                expected?: string;
                                /** @description What DNS holds */
                                seen?: string[];
                            };
                            /** @description Set while a verified hostname's records fail to verify: it keeps serving until then, and then fails */
                            graceEndsAt: string | null;
                            hostname: string;
                            id: string;
                            lastCheckedAt: string | null;
                            /** @description When the server checks DNS again by itself; null when it no longer does (check it yourself) */
                            nextCheckAt: string | null;
                            notFoundRedirect: string | null;
                            rootRedirect: string | null;
                            routing: {
                                name: string;
                                /** @description TXT, or CNAME for the routing record */
                                type: string;
                                value: string;
                            };
                            status: "pending" | "verified" | "failed";
                            verification: {
                                name: string;
                                /** @description TXT, or CNAME for the routing record */
                                type: string;
                                value: string;
                            };
                            verifiedAt: string | null;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postHostnames: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sent again with the same body within 24 h, the first answer is returned instead of creating twice. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "hostname": "qr.example.com"
                 *     }
                 */
                "application/json": {
                    /** @description A DNS name of yours, such as qr.example.com (Unicode names are stored in punycode) */
                    hostname: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description For a name at the apex of its zone, where DNS allows no CNAME: A/AAAA records to the edge instead (empty when the server has no EDGE_ADDRESSES) */
                        apexRouting: {
                            name: string;
                            /** @description TXT, or CNAME for the routing record */
                            type: string;
                            value: string;
                        }[];
                        appLinks: {
                            /** @description Apple's apple-app-site-association file, served as it is written here */
                            appleAppSiteAssociation?: {
                                activitycontinuation?: {
                                    apps: string[];
                                };
                                appclips?: {
                                    apps: string[];
                                };
                                applinks?: {
                                    /** @description Always [] */
                                    apps?: string[];
                                    defaults?: {
                                        [key: string]: unknown;
                                    };
                                    details: {
                                        /** @description Team ID, a dot and the bundle ID: ABCDE12345.com.example.app */
                                        appID?: string;
                                        appIDs?: string[];
                                        components?: {
                                            [key: string]: unknown;
                                        }[];
                                        defaults?: {
                                            [key: string]: unknown;
                                        };
                                        paths?: string[];
                                    }[];
                                    substitutionVariables?: {
                                        [key: string]: unknown;
                                    };
                                };
                                webcredentials?: {
                                    apps: string[];
                                };
                            };
                            /** @description Google's Digital Asset Links statements (assetlinks.json) */
                            assetLinks?: {
                                relation: string[];
                                target: {
                                    /** @enum {string} */
                                    namespace: "android_app";
                                    package_name: string;
                                    sha256_cert_fingerprints: string[];
                                } | {
                                    /** @enum {string} */
                                    namespace: "web";
                                    site: string;
                                };
                            }[];
                        } | null;
                        /** @description How many codes are served on this hostname */
                        codes: number;
                        /** Format: date-time */
                        createdAt: string;
                        failure?: {
                            /** @description What DNS answered; see the hostnames guide */
                            code: "txt_missing" | "txt_mismatch" | "routing_mismatch" | "nxdomain" | "caa_forbids" | "resolver_timeout";
                            detail: string;
                            /** @description What it should hold */
                            expected?: string;
                            /** @description What DNS holds */
                            seen?: string[];
                        };
                        /** @description Set while a verified hostname's records fail to verify: it keeps serving until then, and then fails */
                        graceEndsAt: string | null;
                        hostname: string;
                        id: string;
                        lastCheckedAt: string | null;
                        /** @description When the server checks DNS again by itself; null when it no longer does (check it yourself) */
                        nextCheckAt: string | null;
                        notFoundRedirect: string | null;
                        rootRedirect: string | null;
                        routing: {
                            name: string;
                            /** @description TXT, or CNAME for the routing record */
                            type: string;
                            value: string;
                        };
                        status: "pending" | "verified" | "failed";
                        verification: {
                            name: string;
                            /** @description TXT, or CNAME for the routing record */
                            type: string;
                            value: string;
                        };
                        verifiedAt: string | null;
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description For a name at the apex of its zone, where DNS allows no CNAME: A/AAAA records to the edge instead (empty when the server has no EDGE_ADDRESSES) */
                        apexRouting: {
                            name: string;
                            /** @description TXT, or CNAME for the routing record */
                            type: string;
                            value: string;
                        }[];
                        appLinks: {
                            /** @description Apple's apple-app-site-association file, served as it is written here */
                            appleAppSiteAssociation?: {
                                activitycontinuation?: {
                                    apps: string[];
                                };
                                appclips?: {
                                    apps: string[];
                                };
                                applinks?: {
                                    /** @description Always [] */
                                    apps?: string[];
                                    defaults?: {
                                        [key: string]: unknown;
                                    };
                                    details: {
                                        /** @description Team ID, a dot and the bundle ID: ABCDE12345.com.example.app */
                                        appID?: string;
                                        appIDs?: string[];
                                        components?: {
                                            [key: string]: unknown;
                                        }[];
                                        defaults?: {
                                            [key: string]: unknown;
                                        };
                                        paths?: string[];
                                    }[];
                                    substitutionVariables?: {
                                        [key: string]: unknown;
                                    };
                                };
                                webcredentials?: {
                                    apps: string[];
                                };
                            };
                            /** @description Google's Digital Asset Links statements (assetlinks.json) */
                            assetLinks?: {
                                relation: string[];
                                target: {
                                    /** @enum {string} */
                                    namespace: "android_app";
                                    package_name: string;
                                    sha256_cert_fingerprints: string[];
                                } | {
                                    /** @enum {string} */
                                    namespace: "web";
                                    site: string;
                                };
                            }[];
                        } | null;
                        /** @description How many codes are served on this hostname */
                        codes: number;
                        /** Format: date-time */
                        createdAt: string;
                        failure?: {
                            /** @description What DNS answered; see the hostnames guide */
                            code: "txt_missing" | "txt_mismatch" | "routing_mismatch" | "nxdomain" | "caa_forbids" | "resolver_timeout";
                            detail: string;
                            /** @description What it should hold */
                            expected?: string;
                            /** @description What DNS holds */
                            seen?: string[];
                        };
                        /** @description Set while a verified hostname's records fail to verify: it keeps serving until then, and then fails */
                        graceEndsAt: string | null;
                        hostname: string;
                        id: string;
                        lastCheckedAt: string | null;
                        /** @description When the server checks DNS again by itself; null when it no longer does (check it yourself) */
                        nextCheckAt: string | null;
                        notFoundRedirect: string | null;
                        rootRedirect: string | null;
                        routing: {
                            name: string;
                            /** @description TXT, or CNAME for the routing record */
                            type: string;
                            value: string;
                        };
                        status: "pending" | "verified" | "failed";
                        verification: {
                            name: string;
                            /** @description TXT, or CNAME for the routing record */
                            type: string;
                            value: string;
                        };
                        verifiedAt: string | null;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getHostnamesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description For a name at the apex of its zone, where DNS allows no CNAME: A/AAAA records to the edge instead (empty when the server has no EDGE_ADDRESSES) */
                        apexRouting: {
                            name: string;
                            /** @description TXT, or CNAME for the routing record */
                            type: string;
                            value: string;
                        }[];
                        appLinks: {
                            /** @description Apple's apple-app-site-association file, served as it is written here */
                            appleAppSiteAssociation?: {
                                activitycontinuation?: {
                                    apps: string[];
                                };
                                appclips?: {
                                    apps: string[];
                                };
                                applinks?: {
                                    /** @description Always [] */
                                    apps?: string[];
                                    defaults?: {
                                        [key: string]: unknown;
                                    };
                                    details: {
                                        /** @description Team ID, a dot and the bundle ID: ABCDE12345.com.example.app */
                                        appID?: string;
                                        appIDs?: string[];
                                        components?: {
                                            [key: string]: unknown;
                                        }[];
                                        defaults?: {
                                            [key: string]: unknown;
                                        };
                                        paths?: string[];
                                    }[];
                                    substitutionVariables?: {
                                        [key: string]: unknown;
                                    };
                                };
                                webcredentials?: {
                                    apps: string[];
                                };
                            };
                            /** @description Google's Digital Asset Links statements (assetlinks.json) */
                            assetLinks?: {
                                relation: string[];
                                target: {
                                    /** @enum {string} */
                                    namespace: "android_app";
                                    package_name: string;
                                    sha256_cert_fingerprints: string[];
                                } | {
                                    /** @enum {string} */
                                    namespace: "web";
                                    site: string;
                                };
                            }[];
                        } | null;
                        /** @description How many codes are served on this hostname */
                        codes: number;
                        /** Format: date-time */
                        createdAt: string;
                        failure?: {
                            /** @description What DNS answered; see the hostnames guide */
                            code: "txt_missing" | "txt_mismatch" | "routing_mismatch" | "nxdomain" | "caa_forbids" | "resolver_timeout";
                            detail: string;
                            /** @description What it should hold */
                            expected?: string;
                            /** @description What DNS holds */
                            seen?: string[];
                        };
                        /** @description Set while a verified hostname's records fail to verify: it keeps serving until then, and then fails */
                        graceEndsAt: string | null;
                        hostname: string;
                        id: string;
                        lastCheckedAt: string | null;
                        /** @description When the server checks DNS again by itself; null when it no longer does (check it yourself) */
                        nextCheckAt: string | null;
                        notFoundRedirect: string | null;
                        rootRedirect: string | null;
                        routing: {
                            name: string;
                            /** @description TXT, or CNAME for the routing record */
                            type: string;
                            value: string;
                        };
                        status: "pending" | "verified" | "failed";
                        verification: {
                            name: string;
                            /** @description TXT, or CNAME for the routing record */
                            type: string;
                            value: string;
                        };
                        verifiedAt: string | null;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    deleteHostnamesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    patchHostnamesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Merged into the app links (RFC 7396: objects merge key by key, arrays replace, null removes); the result is checked against `AppLinks`. null removes both files. */
                    appLinks?: Record<string, never> | null;
                    notFoundRedirect?: string | null;
                    rootRedirect?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description For a name at the apex of its zone, where DNS allows no CNAME: A/AAAA records to the edge instead (empty when the server has no EDGE_ADDRESSES) */
                        apexRouting: {
                            name: string;
                            /** @description TXT, or CNAME for the routing record */
                            type: string;
                            value: string;
                        }[];
                        appLinks: {
                            /** @description Apple's apple-app-site-association file, served as it is written here */
                            appleAppSiteAssociation?: {
                                activitycontinuation?: {
                                    apps: string[];
                                };
                                appclips?: {
                                    apps: string[];
                                };
                                applinks?: {
                                    /** @description Always [] */
                                    apps?: string[];
                                    defaults?: {
                                        [key: string]: unknown;
                                    };
                                    details: {
                                        /** @description Team ID, a dot and the bundle ID: ABCDE12345.com.example.app */
                                        appID?: string;
                                        appIDs?: string[];
                                        components?: {
                                            [key: string]: unknown;
                                        }[];
                                        defaults?: {
                                            [key: string]: unknown;
                                        };
                                        paths?: string[];
                                    }[];
                                    substitutionVariables?: {
                                        [key: string]: unknown;
                                    };
                                };
                                webcredentials?: {
                                    apps: string[];
                                };
                            };
                            /** @description Google's Digital Asset Links statements (assetlinks.json) */
                            assetLinks?: {
                                relation: string[];
                                target: {
                                    /** @enum {string} */
                                    namespace: "android_app";
                                    package_name: string;
                                    sha256_cert_fingerprints: string[];
                                } | {
                                    /** @enum {string} */
                                    namespace: "web";
                                    site: string;
                                };
                            }[];
                        } | null;
                        /** @description How many codes are served on this hostname */
                        codes: number;
                        /** Format: date-time */
                        createdAt: string;
                        failure?: {
                            /** @description What DNS answered; see the hostnames guide */
                            code: "txt_missing" | "txt_mismatch" | "routing_mismatch" | "nxdomain" | "caa_forbids" | "resolver_timeout";
                            detail: string;
                            /** @description What it should hold */
                            expected?: string;
                            /** @description What DNS holds */
                            seen?: string[];
                        };
                        /** @description Set while a verified hostname's records fail to verify: it keeps serving until then, and then fails */
                        graceEndsAt: string | null;
                        hostname: string;
                        id: string;
                        lastCheckedAt: string | null;
                        /** @description When the server checks DNS again by itself; null when it no longer does (check it yourself) */
                        nextCheckAt: string | null;
                        notFoundRedirect: string | null;
                        rootRedirect: string | null;
                        routing: {
                            name: string;
                            /** @description TXT, or CNAME for the routing record */
                            type: string;
                            value: string;
                        };
                        status: "pending" | "verified" | "failed";
                        verification: {
                            name: string;
                            /** @description TXT, or CNAME for the routing record */
                            type: string;
                            value: string;
                        };
                        verifiedAt: string | null;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postHostnamesByIdVerify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description For a name at the apex of its zone, where DNS allows no CNAME: A/AAAA records to the edge instead (empty when the server has no EDGE_ADDRESSES) */
                        apexRouting: {
                            name: string;
                            /** @description TXT, or CNAME for the routing record */
                            type: string;
                            value: string;
                        }[];
                        appLinks: {
                            /** @description Apple's apple-app-site-association file, served as it is written here */
                            appleAppSiteAssociation?: {
                                activitycontinuation?: {
                                    apps: string[];
                                };
                                appclips?: {
                                    apps: string[];
                                };
                                applinks?: {
                                    /** @description Always [] */
                                    apps?: string[];
                                    defaults?: {
                                        [key: string]: unknown;
                                    };
                                    details: {
                                        /** @description Team ID, a dot and the bundle ID: ABCDE12345.com.example.app */
                                        appID?: string;
                                        appIDs?: string[];
                                        components?: {
                                            [key: string]: unknown;
                                        }[];
                                        defaults?: {
                                            [key: string]: unknown;
                                        };
                                        paths?: string[];
                                    }[];
                                    substitutionVariables?: {
                                        [key: string]: unknown;
                                    };
                                };
                                webcredentials?: {
                                    apps: string[];
                                };
                            };
                            /** @description Google's Digital Asset Links statements (assetlinks.json) */
                            assetLinks?: {
                                relation: string[];
                                target: {
                                    /** @enum {string} */
                                    namespace: "android_app";
                                    package_name: string;
                                    sha256_cert_fingerprints: string[];
                                } | {
                                    /** @enum {string} */
                                    namespace: "web";
                                    site: string;
                                };
                            }[];
                        } | null;
                        /** @description How many codes are served on this hostname */
                        codes: number;
                        /** Format: date-time */
                        createdAt: string;
                        failure?: {
                            /** @description What DNS answered; see the hostnames guide */
                            code: "txt_missing" | "txt_mismatch" | "routing_mismatch" | "nxdomain" | "caa_forbids" | "resolver_timeout";
                            detail: string;
                            /** @description What it should hold */
                            expected?: string;
                            /** @description What DNS holds */
                            seen?: string[];
                        };
                        /** @description Set while a verified hostname's records fail to verify: it keeps serving until then, and then fails */
                        graceEndsAt: string | null;
                        hostname: string;
                        id: string;
                        lastCheckedAt: string | null;
                        /** @description When the server checks DNS again by itself; null when it no longer does (check it yourself) */
                        nextCheckAt: string | null;
                        notFoundRedirect: string | null;
                        rootRedirect: string | null;
                        routing: {
                            name: string;
                            /** @description TXT, or CNAME for the routing record */
                            type: string;
                            value: string;
                        };
                        status: "pending" | "verified" | "failed";
                        verification: {
                            name: string;
                            /** @description TXT, or CNAME for the routing record */
                            type: string;
                            value: string;
                        };
                        verifiedAt: string | null;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getImagesByCodeByVersionBySignaturePng: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description qr_... */
                code: string;
                /** @description The server's signature of code and version */
                signature: string;
                /** @description A hash of what the image draws */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description Not modified: the copy the client holds is the image */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getImagesByCodeByVersionBySignatureSvg: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description qr_... */
                code: string;
                /** @description The server's signature of code and version */
                signature: string;
                /** @description A hash of what the image draws */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                };
            };
            /** @description Not modified: the copy the client holds is the image */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postInvitationsAccept: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "q3bV0p..."
                 *     }
                 */
                "application/json": {
                    /** @description The token from the link (after #token=) */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @example acct_01jdx0m6r4c5zk2d9w1v8t7q3n */
                        id: string;
                        name: string;
                        /** @description The user's own workspace, made at first sign-in */
                        personal: boolean;
                        /** @description Your role here; for an API key `admin`, within the key's scopes (keys never pay, transfer or delete) */
                        role: "viewer" | "editor" | "admin" | "owner";
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        displayName: string | null;
                        email: string | null;
                        /** @example acct_01jdx0m6r4c5zk2d9w1v8t7q3n */
                        id: string;
                        photoURL: string | null;
                        /** @description Firebase user id; null for marketplace accounts */
                        uid: string | null;
                        /** @description The workspaces you are in, with your role; send `RQ-Workspace: <id>` to work in one (the personal one by default). An API key sees only its own. */
                        workspaces: {
                            /** Format: date-time */
                            createdAt: string;
                            /** @example acct_01jdx0m6r4c5zk2d9w1v8t7q3n */
                            id: string;
                            name: string;
                            /** @description The user's own workspace, made at first sign-in */
                            personal: boolean;
                            /** @description Your role here; for an API key `admin`, within the key's scopes (keys never pay, transfer or delete) */
                            role: "viewer" | "editor" | "admin" | "owner";
                        }[];
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postMeEmailVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "returnTo": "/invitations/accept#token=q3bV0p"
                 *     }
                 */
                "application/json": {
                    /** @description Where the link leads once the address is verified: a path of this site with its query and fragment (default /). */
                    returnTo?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The address the link verifies: the one you signed in with. */
                        email: string;
                        /** @description The Auth emulator's verification link; opening it verifies the address, then goes to `returnTo`. */
                        link: string;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getMeSigningSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /**
                         * @description The secret; masked (rqsig_••••••••abcd) except in the answer to a rotation
                         * @example rqsig_••••••••Xy7Q
                         */
                        secret: string;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postMeSigningSecretRotate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /**
                         * @description The secret; masked (rqsig_••••••••abcd) except in the answer to a rotation
                         * @example rqsig_••••••••Xy7Q
                         */
                        secret: string;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getPlans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description API requests a minute per API key */
                        apiRequestsPerMinute: number;
                        /** @enum {string} */
                        currency: "USD";
                        /** @description Custom hostnames while on this plan */
                        hostnames: number;
                        /** @description free, hostnames, basic, pro, ultra or mega */
                        id: "free" | "hostnames" | "basic" | "pro" | "ultra" | "mega";
                        /** @enum {string} */
                        interval: "month";
                        kind: "free" | "hostnames" | "redirects";
                        /** @description What the plan sells: custom hostnames for `hostnames`, redirects a month otherwise */
                        limit: number;
                        name: string;
                        /** @description The PayPal plan to subscribe to; null when this server does not sell the plan through PayPal */
                        paypalPlanId: string | null;
                        /** @description A month, as a decimal string ("5.00") */
                        price: string;
                        /** @description Redirects a calendar month (UTC) while on this plan */
                        redirectsPerMonth: number;
                    }[];
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getQrcodes: {
        parameters: {
            query?: {
                cursor?: string;
                /**
                 * @description Only codes that are on (true) or off (false)
                 * @example null
                 */
                enabled?: boolean;
                hostname?: string;
                limit?: number;
                /**
                 * @description static: the symbol holds the data; redirect: the short URL, sent on to `target` (or a rule); exec: the short URL, resolved by your exec URL
                 * @example null
                 */
                mode?: "static" | "redirect" | "exec";
                /** @description Text in the title or slug */
                q?: string;
                /**
                 * @description The order: slug, title, scans, updatedAt or createdAt, `-` before it for descending (ties by id). Without it: newest first.
                 * @example null
                 */
                sort?: "slug" | "-slug" | "title" | "-title" | "scans" | "-scans" | "updatedAt" | "-updatedAt" | "createdAt" | "-createdAt";
                tag?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            activeFrom: string | null;
                            apps: {
                                /** @description Where scanners on Android go (an app link) (absolute http(s) URL) */
                                android?: string;
                                /** @description Where scanners on iOS go (a universal link) (absolute http(s) URL) */
                                ios?: string;
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            data: {
                                /** @description vcard: postal address */
                                address?: string;
                                /** @description email: body */
                                body?: string;
                                /** @description vcard: email address */
                                email?: string;
                                /**
                                 * @description wifi: WPA, WEP or nopass
                                 * @enum {string}
                                 */
                                encryption?: "WPA" | "WEP" | "nopass";
                                /** @description wifi: the network does not broadcast its name */
                                hidden?: boolean;
                                /**
                                 * @description What the symbol encodes
                                 * @enum {string}
                                 */
                                kind: "text" | "url" | "email" | "phone" | "sms" | "wifi" | "vcard" | "geo";
                                /** @description geo: latitude */
                                lat?: number;
                                /** @description geo: longitude */
                                lng?: number;
                                /** @description sms: the message */
                                message?: string;
                                /** @description vcard: full name */
                                name?: string;
                                /** @description phone, sms: the number, E.164 preferred (+14155550123) */
                                number?: string;
                                /** @description vcard: organisation */
                                org?: string;
                                /** @description wifi: the password (none for nopass) */
                                password?: string;
                                /** @description vcard: phone number */
                                phone?: string;
                                /** @description wifi: the network name */
                                ssid?: string;
                                /** @description email: subject */
                                subject?: string;
                                /** @description text: the text itself */
                                text?: string;
                                /** @description email: the address */
                                to?: string;
                                /** @description url, vcard: an http(s) URL */
                                url?: string;
                            } | null;
                            enabled: boolean;
                            exec: {
                                fallback: string;
                                timeoutMs: number;
                                url: string;
                            } | null;
                            expiredTarget: string | null;
                            expiresAt: string | null;
                            hostname: string | null;
                            /** @description qr_... */
                            id: string;
                            image?: {
                                /** @description SVG text, or the PNG in base64 */
                                data: string;
                                /** @enum {string} */
                                format: "svg" | "png";
                                /** @description Where to fetch the image again */
                                url: string;
                            };
                            /** @description The image as SVG at a signed URL that needs no credentials (for an <img src>); `.png` in place of `.svg` gives the PNG. The URL changes whenever the image does, and its answer may be cached for good. */
                            imageUrl: string;
                            maxScans: number | null;
                            /**
                             * @description static: the symbol holds the data; redirect: the short URL, sent on to `target` (or a rule); exec: the short URL, resolved by your exec URL
                             * @enum {string}
                             */
                            mode: "static" | "redirect" | "exec";
                            /** @description Whether scanners must enter a password */
                            passwordProtected: boolean;
                            /** @description Rule ids in evaluation order */
                            rules: string[];
                            scans: {
                                lastAt: string | null;
                                /** @description Counted scans, bots excluded */
                                total: number;
                                /** @description Distinct scanners since midnight UTC */
                                uniqueToday: number;
                            };
                            /** @description The URL a dynamic code encodes */
                            shortUrl: string;
                            slug: string;
                            /** @description See Style */
                            style: {
                                [key: string]: unknown;
                            };
                            tags: string[];
                            target: string | null;
                            title: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                            utm: {
                                /** @description utm_campaign */
                                campaign?: string;
                                /** @description utm_content */
                                content?: string;
                                /** @description utm_medium */
                                medium?: string;
                                /** @description utm_source */
                                source?: string;
                                /** @description utm_term */
                                term?: string;
                            } | null;
                            /** @description Present when the code was saved but will not work as meant: an exec URL that is not public (the SSRF guard refuses it, unless SSRF_ALLOW names it) is never called. */
                            warnings?: string[];
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postQrcodes: {
        parameters: {
            query?: {
                /** @description json (default) answers the resource; svg or png answers the bare image */
                format?: "json" | "svg" | "png";
                /** @description The format of `image` in JSON */
                imageFormat?: "svg" | "png";
            };
            header?: {
                /** @description Sent again with the same body within 24 h, the first answer is returned instead of creating twice. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description Before this time the code is not active yet (RFC 3339 date-time with an offset)
                     */
                    activeFrom?: string | null;
                    /** @description Targets by the scanner's OS, chosen before rules */
                    apps?: {
                        /** @description Where scanners on Android go (an app link) (absolute http(s) URL) */
                        android?: string;
                        /** @description Where scanners on iOS go (a universal link) (absolute http(s) URL) */
                        ios?: string;
                    } | null;
                    /** @description text { text }, url { url }, email { to, subject?, body? }, phone { number }, sms { number, message? }, wifi { ssid, password?, encryption, hidden? }, vcard { name, org?, phone?, email?, url?, address? }, geo { lat, lng } */
                    data?: {
                        /** @description vcard: postal address */
                        address?: string;
                        /** @description email: body */
                        body?: string;
                        /** @description vcard: email address */
                        email?: string;
                        /**
                         * @description wifi: WPA, WEP or nopass
                         * @enum {string}
                         */
                        encryption?: "WPA" | "WEP" | "nopass";
                        /** @description wifi: the network does not broadcast its name */
                        hidden?: boolean;
                        /**
                         * @description What the symbol encodes
                         * @enum {string}
                         */
                        kind: "text" | "url" | "email" | "phone" | "sms" | "wifi" | "vcard" | "geo";
                        /** @description geo: latitude */
                        lat?: number;
                        /** @description geo: longitude */
                        lng?: number;
                        /** @description sms: the message */
                        message?: string;
                        /** @description vcard: full name */
                        name?: string;
                        /** @description phone, sms: the number, E.164 preferred (+14155550123) */
                        number?: string;
                        /** @description vcard: organisation */
                        org?: string;
                        /** @description wifi: the password (none for nopass) */
                        password?: string;
                        /** @description vcard: phone number */
                        phone?: string;
                        /** @description wifi: the network name */
                        ssid?: string;
                        /** @description email: subject */
                        subject?: string;
                        /** @description text: the text itself */
                        text?: string;
                        /** @description email: the address */
                        to?: string;
                        /** @description url, vcard: an http(s) URL */
                        url?: string;
                    } | null;
                    /** @default true */
                    enabled?: boolean;
                    exec?: {
                        /** @description Where scans go when the exec URL times out, fails or answers nonsense (absolute http(s) URL) */
                        fallback: string;
                        /** @description How long to wait for the reply (default 1500) */
                        timeoutMs?: number;
                        /** @description Where each scan is POSTed, signed with the account signing secret (absolute http(s) URL) */
                        url: string;
                    } | null;
                    /** @description Where a code that is not active yet, expired or used up sends scanners; null: a 410 page (absolute http(s) URL) */
                    expiredTarget?: string | null;
                    /**
                     * Format: date-time
                     * @description From this time on the code is expired (RFC 3339 date-time with an offset)
                     */
                    expiresAt?: string | null;
                    /** @description A verified custom hostname of the account (its name, or its id host_...) to serve the code from, at https://<hostname>/<slug>; null for the primary short host */
                    hostname?: string | null;
                    /** @description Counted (human) scans the code answers; then it is used up */
                    maxScans?: number | null;
                    /**
                     * @description static: the symbol holds the data; redirect: the short URL, sent on to `target` (or a rule); exec: the short URL, resolved by your exec URL
                     * @enum {string}
                     */
                    mode: "static" | "redirect" | "exec";
                    /** @description Write-only: scanners must enter it before they are sent on; answers say passwordProtected */
                    password?: string | null;
                    /** @description redirect codes only: rule ids in evaluation order (as PUT /rules) */
                    rules?: string[];
                    /** @description The custom identifier: 3 to 64 of A-Z a-z 0-9 _ -, case-sensitive; random when omitted */
                    slug?: string;
                    style?: {
                        background?: {
                            color?: string | "transparent";
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                        };
                        cornerDots?: {
                            /** @description defaults to the corner squares colour */
                            color?: string;
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                            /** @description centre of the finder patterns */
                            type?: "square" | "dot";
                        };
                        cornerSquares?: {
                            /** @description defaults to the dots colour */
                            color?: string;
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                            /** @description outer ring of the finder patterns */
                            type?: "square" | "rounded" | "extra-rounded" | "dot";
                        };
                        dots?: {
                            /** @description sRGB colour as #rgb or #rrggbb */
                            color?: string;
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                            /** @description shape of the data modules */
                            type?: "square" | "rounded" | "dots" | "classy" | "classy-rounded" | "extra-rounded";
                        };
                        /** @description raised to Q when a logo is set, to H for a logo over 15% of the symbol */
                        errorCorrection?: "L" | "M" | "Q" | "H";
                        frame?: {
                            /** @description sRGB colour as #rgb or #rrggbb */
                            color?: string;
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                            /** @description call to action below the symbol */
                            text: string;
                            /** @description sRGB colour as #rgb or #rrggbb */
                            textColor?: string;
                            /** @description replaces color when set */
                            textGradient?: {
                                /** @description degrees, linear only */
                                rotation?: number;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                        } | null;
                        logo?: {
                            /** @description modules between logo and dots */
                            margin?: number;
                            /** @description share of the symbol area cleared for the logo, its margin included; up to 0.15 encodes at error correction Q, above at H */
                            size?: number;
                            /** @description data: URL (image/png, image/jpeg, image/webp, image/svg+xml), an http(s) URL, or the URL of a stored asset (/api/v1/assets/ast_...) */
                            src: string;
                        } | null;
                        /** @description quiet zone in modules */
                        margin?: number;
                        /** @description width in px */
                        size?: number;
                        /** @description fixed symbol version; null picks the smallest that fits */
                        version?: number | null;
                    };
                    tags?: string[];
                    /** @description redirect: the default target (absolute http(s) URL) */
                    target?: string | null;
                    title?: string | null;
                    /** @description UTM tags added to every target (default, rules, splits, apps, exec answers) as utm_<name>, unless the target already has that parameter; not to expiredTarget */
                    utm?: {
                        /** @description utm_campaign */
                        campaign?: string;
                        /** @description utm_content */
                        content?: string;
                        /** @description utm_medium */
                        medium?: string;
                        /** @description utm_source */
                        source?: string;
                        /** @description utm_term */
                        term?: string;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        activeFrom: string | null;
                        apps: {
                            /** @description Where scanners on Android go (an app link) (absolute http(s) URL) */
                            android?: string;
                            /** @description Where scanners on iOS go (a universal link) (absolute http(s) URL) */
                            ios?: string;
                        } | null;
                        /** Format: date-time */
                        createdAt: string;
                        data: {
                            /** @description vcard: postal address */
                            address?: string;
                            /** @description email: body */
                            body?: string;
                            /** @description vcard: email address */
                            email?: string;
                            /**
                             * @description wifi: WPA, WEP or nopass
                             * @enum {string}
                             */
                            encryption?: "WPA" | "WEP" | "nopass";
                            /** @description wifi: the network does not broadcast its name */
                            hidden?: boolean;
                            /**
                             * @description What the symbol encodes
                             * @enum {string}
                             */
                            kind: "text" | "url" | "email" | "phone" | "sms" | "wifi" | "vcard" | "geo";
                            /** @description geo: latitude */
                            lat?: number;
                            /** @description geo: longitude */
                            lng?: number;
                            /** @description sms: the message */
                            message?: string;
                            /** @description vcard: full name */
                            name?: string;
                            /** @description phone, sms: the number, E.164 preferred (+14155550123) */
                            number?: string;
                            /** @description vcard: organisation */
                            org?: string;
                            /** @description wifi: the password (none for nopass) */
                            password?: string;
                            /** @description vcard: phone number */
                            phone?: string;
                            /** @description wifi: the network name */
                            ssid?: string;
                            /** @description email: subject */
                            subject?: string;
                            /** @description text: the text itself */
                            text?: string;
                            /** @description email: the address */
                            to?: string;
                            /** @description url, vcard: an http(s) URL */
                            url?: string;
                        } | null;
                        enabled: boolean;
                        exec: {
                            fallback: string;
                            timeoutMs: number;
                            url: string;
                        } | null;
                        expiredTarget: string | null;
                        expiresAt: string | null;
                        hostname: string | null;
                        /** @description qr_... */
                        id: string;
                        image?: {
                            /** @description SVG text, or the PNG in base64 */
                            data: string;
                            /** @enum {string} */
                            format: "svg" | "png";
                            /** @description Where to fetch the image again */
                            url: string;
                        };
                        /** @description The image as SVG at a signed URL that needs no credentials (for an <img src>); `.png` in place of `.svg` gives the PNG. The URL changes whenever the image does, and its answer may be cached for good. */
                        imageUrl: string;
                        maxScans: number | null;
                        /**
                         * @description static: the symbol holds the data; redirect: the short URL, sent on to `target` (or a rule); exec: the short URL, resolved by your exec URL
                         * @enum {string}
                         */
                        mode: "static" | "redirect" | "exec";
                        /** @description Whether scanners must enter a password */
                        passwordProtected: boolean;
                        /** @description Rule ids in evaluation order */
                        rules: string[];
                        scans: {
                            lastAt: string | null;
                            /** @description Counted scans, bots excluded */
                            total: number;
                            /** @description Distinct scanners since midnight UTC */
                            uniqueToday: number;
                        };
                        /** @description The URL a dynamic code encodes */
                        shortUrl: string;
                        slug: string;
                        /** @description See Style */
                        style: {
                            [key: string]: unknown;
                        };
                        tags: string[];
                        target: string | null;
                        title: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        utm: {
                            /** @description utm_campaign */
                            campaign?: string;
                            /** @description utm_content */
                            content?: string;
                            /** @description utm_medium */
                            medium?: string;
                            /** @description utm_source */
                            source?: string;
                            /** @description utm_term */
                            term?: string;
                        } | null;
                        /** @description Present when the code was saved but will not work as meant: an exec URL that is not public (the SSRF guard refuses it, unless SSRF_ALLOW names it) is never called. */
                        warnings?: string[];
                    };
                    "image/png": string;
                    "image/svg+xml": string;
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getQrcodesById: {
        parameters: {
            query?: {
                /** @description json (default) answers the resource; svg or png answers the bare image */
                format?: "json" | "svg" | "png";
                /** @description image: add the rendered image */
                include?: "image";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        activeFrom: string | null;
                        apps: {
                            /** @description Where scanners on Android go (an app link) (absolute http(s) URL) */
                            android?: string;
                            /** @description Where scanners on iOS go (a universal link) (absolute http(s) URL) */
                            ios?: string;
                        } | null;
                        /** Format: date-time */
                        createdAt: string;
                        data: {
                            /** @description vcard: postal address */
                            address?: string;
                            /** @description email: body */
                            body?: string;
                            /** @description vcard: email address */
                            email?: string;
                            /**
                             * @description wifi: WPA, WEP or nopass
                             * @enum {string}
                             */
                            encryption?: "WPA" | "WEP" | "nopass";
                            /** @description wifi: the network does not broadcast its name */
                            hidden?: boolean;
                            /**
                             * @description What the symbol encodes
                             * @enum {string}
                             */
                            kind: "text" | "url" | "email" | "phone" | "sms" | "wifi" | "vcard" | "geo";
                            /** @description geo: latitude */
                            lat?: number;
                            /** @description geo: longitude */
                            lng?: number;
                            /** @description sms: the message */
                            message?: string;
                            /** @description vcard: full name */
                            name?: string;
                            /** @description phone, sms: the number, E.164 preferred (+14155550123) */
                            number?: string;
                            /** @description vcard: organisation */
                            org?: string;
                            /** @description wifi: the password (none for nopass) */
                            password?: string;
                            /** @description vcard: phone number */
                            phone?: string;
                            /** @description wifi: the network name */
                            ssid?: string;
                            /** @description email: subject */
                            subject?: string;
                            /** @description text: the text itself */
                            text?: string;
                            /** @description email: the address */
                            to?: string;
                            /** @description url, vcard: an http(s) URL */
                            url?: string;
                        } | null;
                        enabled: boolean;
                        exec: {
                            fallback: string;
                            timeoutMs: number;
                            url: string;
                        } | null;
                        expiredTarget: string | null;
                        expiresAt: string | null;
                        hostname: string | null;
                        /** @description qr_... */
                        id: string;
                        image?: {
                            /** @description SVG text, or the PNG in base64 */
                            data: string;
                            /** @enum {string} */
                            format: "svg" | "png";
                            /** @description Where to fetch the image again */
                            url: string;
                        };
                        /** @description The image as SVG at a signed URL that needs no credentials (for an <img src>); `.png` in place of `.svg` gives the PNG. The URL changes whenever the image does, and its answer may be cached for good. */
                        imageUrl: string;
                        maxScans: number | null;
                        /**
                         * @description static: the symbol holds the data; redirect: the short URL, sent on to `target` (or a rule); exec: the short URL, resolved by your exec URL
                         * @enum {string}
                         */
                        mode: "static" | "redirect" | "exec";
                        /** @description Whether scanners must enter a password */
                        passwordProtected: boolean;
                        /** @description Rule ids in evaluation order */
                        rules: string[];
                        scans: {
                            lastAt: string | null;
                            /** @description Counted scans, bots excluded */
                            total: number;
                            /** @description Distinct scanners since midnight UTC */
                            uniqueToday: number;
                        };
                        /** @description The URL a dynamic code encodes */
                        shortUrl: string;
                        slug: string;
                        /** @description See Style */
                        style: {
                            [key: string]: unknown;
                        };
                        tags: string[];
                        target: string | null;
                        title: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        utm: {
                            /** @description utm_campaign */
                            campaign?: string;
                            /** @description utm_content */
                            content?: string;
                            /** @description utm_medium */
                            medium?: string;
                            /** @description utm_source */
                            source?: string;
                            /** @description utm_term */
                            term?: string;
                        } | null;
                        /** @description Present when the code was saved but will not work as meant: an exec URL that is not public (the SSRF guard refuses it, unless SSRF_ALLOW names it) is never called. */
                        warnings?: string[];
                    };
                    "image/png": string;
                    "image/svg+xml": string;
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    deleteQrcodesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    patchQrcodesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description A JSON merge patch (RFC 7396): omitted fields stay, null clears. */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description Before this time the code is not active yet (RFC 3339 date-time with an offset)
                     */
                    activeFrom?: string | null;
                    /** @description Targets by the scanner's OS, chosen before rules */
                    apps?: {
                        /** @description Where scanners on Android go (an app link) (absolute http(s) URL) */
                        android?: string | null;
                        /** @description Where scanners on iOS go (a universal link) (absolute http(s) URL) */
                        ios?: string | null;
                    } | null;
                    /** @description text { text }, url { url }, email { to, subject?, body? }, phone { number }, sms { number, message? }, wifi { ssid, password?, encryption, hidden? }, vcard { name, org?, phone?, email?, url?, address? }, geo { lat, lng } */
                    data?: {
                        /** @description vcard: postal address */
                        address?: string | null;
                        /** @description email: body */
                        body?: string | null;
                        /** @description vcard: email address */
                        email?: string | null;
                        /**
                         * @description wifi: WPA, WEP or nopass
                         * @enum {string|null}
                         */
                        encryption?: "WPA" | "WEP" | "nopass" | null;
                        /** @description wifi: the network does not broadcast its name */
                        hidden?: boolean | null;
                        /**
                         * @description What the symbol encodes
                         * @enum {string}
                         */
                        kind?: "text" | "url" | "email" | "phone" | "sms" | "wifi" | "vcard" | "geo";
                        /** @description geo: latitude */
                        lat?: number | null;
                        /** @description geo: longitude */
                        lng?: number | null;
                        /** @description sms: the message */
                        message?: string | null;
                        /** @description vcard: full name */
                        name?: string | null;
                        /** @description phone, sms: the number, E.164 preferred (+14155550123) */
                        number?: string | null;
                        /** @description vcard: organisation */
                        org?: string | null;
                        /** @description wifi: the password (none for nopass) */
                        password?: string | null;
                        /** @description vcard: phone number */
                        phone?: string | null;
                        /** @description wifi: the network name */
                        ssid?: string | null;
                        /** @description email: subject */
                        subject?: string | null;
                        /** @description text: the text itself */
                        text?: string | null;
                        /** @description email: the address */
                        to?: string | null;
                        /** @description url, vcard: an http(s) URL */
                        url?: string | null;
                    } | null;
                    enabled?: boolean;
                    exec?: {
                        /** @description Where scans go when the exec URL times out, fails or answers nonsense (absolute http(s) URL) */
                        fallback?: string;
                        /** @description How long to wait for the reply (default 1500) */
                        timeoutMs?: number | null;
                        /** @description Where each scan is POSTed, signed with the account signing secret (absolute http(s) URL) */
                        url?: string;
                    } | null;
                    /** @description Where a code that is not active yet, expired or used up sends scanners; null: a 410 page (absolute http(s) URL) */
                    expiredTarget?: string | null;
                    /**
                     * Format: date-time
                     * @description From this time on the code is expired (RFC 3339 date-time with an offset)
                     */
                    expiresAt?: string | null;
                    /** @description A verified custom hostname of the account (its name, or its id host_...) to serve the code from, at https://<hostname>/<slug>; null for the primary short host */
                    hostname?: string | null;
                    /** @description Counted (human) scans the code answers; then it is used up */
                    maxScans?: number | null;
                    /**
                     * @description static: the symbol holds the data; redirect: the short URL, sent on to `target` (or a rule); exec: the short URL, resolved by your exec URL
                     * @enum {string}
                     */
                    mode?: "static" | "redirect" | "exec";
                    /** @description Write-only: scanners must enter it before they are sent on; answers say passwordProtected */
                    password?: string | null;
                    /** @description The custom identifier: 3 to 64 of A-Z a-z 0-9 _ -, case-sensitive; random when omitted */
                    slug?: string;
                    style?: {
                        background?: {
                            color?: null | (string | "transparent");
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number | null;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                        } | null;
                        cornerDots?: {
                            /** @description defaults to the corner squares colour */
                            color?: string | null;
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number | null;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                            type?: null | ("square" | "dot");
                        } | null;
                        cornerSquares?: {
                            /** @description defaults to the dots colour */
                            color?: string | null;
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number | null;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                            type?: null | ("square" | "rounded" | "extra-rounded" | "dot");
                        } | null;
                        dots?: {
                            /** @description sRGB colour as #rgb or #rrggbb */
                            color?: string | null;
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number | null;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                            type?: null | ("square" | "rounded" | "dots" | "classy" | "classy-rounded" | "extra-rounded");
                        } | null;
                        errorCorrection?: null | ("L" | "M" | "Q" | "H");
                        frame?: {
                            /** @description sRGB colour as #rgb or #rrggbb */
                            color?: string | null;
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number | null;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                            /** @description call to action below the symbol */
                            text: string;
                            /** @description sRGB colour as #rgb or #rrggbb */
                            textColor?: string | null;
                            /** @description replaces color when set */
                            textGradient?: {
                                /** @description degrees, linear only */
                                rotation?: number | null;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                        } | null;
                        logo?: {
                            /** @description modules between logo and dots */
                            margin?: number | null;
                            /** @description share of the symbol area cleared for the logo, its margin included; up to 0.15 encodes at error correction Q, above at H */
                            size?: number | null;
                            /** @description data: URL (image/png, image/jpeg, image/webp, image/svg+xml), an http(s) URL, or the URL of a stored asset (/api/v1/assets/ast_...) */
                            src: string;
                        } | null;
                        /** @description quiet zone in modules */
                        margin?: number | null;
                        /** @description width in px */
                        size?: number | null;
                        /** @description fixed symbol version; null picks the smallest that fits */
                        version?: number | null;
                    } | null;
                    tags?: string[] | null;
                    /** @description redirect: the default target (absolute http(s) URL) */
                    target?: string | null;
                    title?: string | null;
                    /** @description UTM tags added to every target (default, rules, splits, apps, exec answers) as utm_<name>, unless the target already has that parameter; not to expiredTarget */
                    utm?: {
                        /** @description utm_campaign */
                        campaign?: string | null;
                        /** @description utm_content */
                        content?: string | null;
                        /** @description utm_medium */
                        medium?: string | null;
                        /** @description utm_source */
                        source?: string | null;
                        /** @description utm_term */
                        term?: string | null;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        activeFrom: string | null;
                        apps: {
                            /** @description Where scanners on Android go (an app link) (absolute http(s) URL) */
                            android?: string;
                            /** @description Where scanners on iOS go (a universal link) (absolute http(s) URL) */
                            ios?: string;
                        } | null;
                        /** Format: date-time */
                        createdAt: string;
                        data: {
                            /** @description vcard: postal address */
                            address?: string;
                            /** @description email: body */
                            body?: string;
                            /** @description vcard: email address */
                            email?: string;
                            /**
                             * @description wifi: WPA, WEP or nopass
                             * @enum {string}
                             */
                            encryption?: "WPA" | "WEP" | "nopass";
                            /** @description wifi: the network does not broadcast its name */
                            hidden?: boolean;
                            /**
                             * @description What the symbol encodes
                             * @enum {string}
                             */
                            kind: "text" | "url" | "email" | "phone" | "sms" | "wifi" | "vcard" | "geo";
                            /** @description geo: latitude */
                            lat?: number;
                            /** @description geo: longitude */
                            lng?: number;
                            /** @description sms: the message */
                            message?: string;
                            /** @description vcard: full name */
                            name?: string;
                            /** @description phone, sms: the number, E.164 preferred (+14155550123) */
                            number?: string;
                            /** @description vcard: organisation */
                            org?: string;
                            /** @description wifi: the password (none for nopass) */
                            password?: string;
                            /** @description vcard: phone number */
                            phone?: string;
                            /** @description wifi: the network name */
                            ssid?: string;
                            /** @description email: subject */
                            subject?: string;
                            /** @description text: the text itself */
                            text?: string;
                            /** @description email: the address */
                            to?: string;
                            /** @description url, vcard: an http(s) URL */
                            url?: string;
                        } | null;
                        enabled: boolean;
                        exec: {
                            fallback: string;
                            timeoutMs: number;
                            url: string;
                        } | null;
                        expiredTarget: string | null;
                        expiresAt: string | null;
                        hostname: string | null;
                        /** @description qr_... */
                        id: string;
                        image?: {
                            /** @description SVG text, or the PNG in base64 */
                            data: string;
                            /** @enum {string} */
                            format: "svg" | "png";
                            /** @description Where to fetch the image again */
                            url: string;
                        };
                        /** @description The image as SVG at a signed URL that needs no credentials (for an <img src>); `.png` in place of `.svg` gives the PNG. The URL changes whenever the image does, and its answer may be cached for good. */
                        imageUrl: string;
                        maxScans: number | null;
                        /**
                         * @description static: the symbol holds the data; redirect: the short URL, sent on to `target` (or a rule); exec: the short URL, resolved by your exec URL
                         * @enum {string}
                         */
                        mode: "static" | "redirect" | "exec";
                        /** @description Whether scanners must enter a password */
                        passwordProtected: boolean;
                        /** @description Rule ids in evaluation order */
                        rules: string[];
                        scans: {
                            lastAt: string | null;
                            /** @description Counted scans, bots excluded */
                            total: number;
                            /** @description Distinct scanners since midnight UTC */
                            uniqueToday: number;
                        };
                        /** @description The URL a dynamic code encodes */
                        shortUrl: string;
                        slug: string;
                        /** @description See Style */
                        style: {
                            [key: string]: unknown;
                        };
                        tags: string[];
                        target: string | null;
                        title: string | null;
                        /** Format: date-time */
                        updatedAt: string;
                        utm: {
                            /** @description utm_campaign */
                            campaign?: string;
                            /** @description utm_content */
                            content?: string;
                            /** @description utm_medium */
                            medium?: string;
                            /** @description utm_source */
                            source?: string;
                            /** @description utm_term */
                            term?: string;
                        } | null;
                        /** @description Present when the code was saved but will not work as meant: an exec URL that is not public (the SSRF guard refuses it, unless SSRF_ALLOW names it) is never called. */
                        warnings?: string[];
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getQrcodesByIdImageEps: {
        parameters: {
            query?: {
                backgroundColor?: string;
                /** @description CMYK colours (pure black as 0/0/0/100, others converted without a profile); RGB when false */
                cmyk?: boolean;
                cornerDotsColor?: string;
                cornerDotsType?: "square" | "dot";
                cornerSquaresColor?: string;
                cornerSquaresType?: "square" | "rounded" | "extra-rounded" | "dot";
                dotsColor?: string;
                dotsType?: "square" | "rounded" | "dots" | "classy" | "classy-rounded" | "extra-rounded";
                /** @description Answer as an attachment */
                download?: boolean;
                errorCorrection?: "L" | "M" | "Q" | "H";
                frameText?: string;
                /** @description Quiet zone in modules */
                margin?: number;
                /** @description Width in px */
                size?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/postscript": string;
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getQrcodesByIdImagePdf: {
        parameters: {
            query?: {
                backgroundColor?: string;
                /** @description CMYK colours (pure black as 0/0/0/100, others converted without a profile); RGB when false */
                cmyk?: boolean;
                cornerDotsColor?: string;
                cornerDotsType?: "square" | "dot";
                cornerSquaresColor?: string;
                cornerSquaresType?: "square" | "rounded" | "extra-rounded" | "dot";
                dotsColor?: string;
                dotsType?: "square" | "rounded" | "dots" | "classy" | "classy-rounded" | "extra-rounded";
                /** @description Answer as an attachment */
                download?: boolean;
                errorCorrection?: "L" | "M" | "Q" | "H";
                frameText?: string;
                /** @description Quiet zone in modules */
                margin?: number;
                /** @description Width in px */
                size?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getQrcodesByIdImagePng: {
        parameters: {
            query?: {
                backgroundColor?: string;
                cornerDotsColor?: string;
                cornerDotsType?: "square" | "dot";
                cornerSquaresColor?: string;
                cornerSquaresType?: "square" | "rounded" | "extra-rounded" | "dot";
                dotsColor?: string;
                dotsType?: "square" | "rounded" | "dots" | "classy" | "classy-rounded" | "extra-rounded";
                /** @description Answer as an attachment */
                download?: boolean;
                errorCorrection?: "L" | "M" | "Q" | "H";
                frameText?: string;
                /** @description Quiet zone in modules */
                margin?: number;
                /** @description Width in px */
                size?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getQrcodesByIdImageSvg: {
        parameters: {
            query?: {
                backgroundColor?: string;
                cornerDotsColor?: string;
                cornerDotsType?: "square" | "dot";
                cornerSquaresColor?: string;
                cornerSquaresType?: "square" | "rounded" | "extra-rounded" | "dot";
                dotsColor?: string;
                dotsType?: "square" | "rounded" | "dots" | "classy" | "classy-rounded" | "extra-rounded";
                /** @description Answer as an attachment */
                download?: boolean;
                errorCorrection?: "L" | "M" | "Q" | "H";
                frameText?: string;
                /** @description Quiet zone in modules */
                margin?: number;
                /** @description Width in px */
                size?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getQrcodesByIdRules: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        rules: string[];
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    putQrcodesByIdRules: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "rules": []
                 *     }
                 */
                "application/json": {
                    /** @description Rule ids in evaluation order; the first enabled rule that matches decides */
                    rules: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        rules: string[];
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postQrcodesByIdSimulate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
                 *       "country": "DE",
                 *       "language": "de-DE",
                 *       "at": "2026-12-01T10:30:00+01:00"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the scan happens (RFC 3339); now by default
                     */
                    at?: string;
                    /** @description ISO 3166-1 alpha-2 country; wins over the one `ip` would give */
                    country?: string;
                    /** @description The scanner's address, IPv4 or IPv6 (no prefix), for ip rules and the country */
                    ip?: string;
                    /** @description An Accept-Language header ("de-CH, de;q=0.9") or one tag ("de-CH"); each range a BCP 47 language tag or * */
                    language?: string;
                    /** @description The password the scanner enters; the right one passes the gate. Never stored or logged. */
                    password?: string;
                    /** @description The scan URL's query string (`src=flyer&x=1`, a leading ? is fine), percent-encoded as in a URL */
                    query?: string;
                    /** @description The Referer: an absolute URL with a host, or a bare host name or address */
                    referrer?: string;
                    /** @description Counted scans before this one (maxScans, scans rules); the code's current count by default */
                    scansBefore?: number;
                    /** @description The scanner's User-Agent header (none: an unknown device) */
                    userAgent?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "target": "https://example.com/de?utm_source=qr",
                     *       "status": 302,
                     *       "decidedBy": "rule",
                     *       "rule": "rule_01JDX3",
                     *       "trace": [
                     *         {
                     *           "rule": "rule_01JDX3",
                     *           "matched": true,
                     *           "because": "language is de-de"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description The step that decided, in this order: inactive, expired, used_up (before activeFrom, from expiresAt, maxScans reached), password, apps, rule, default or exec; disabled: the code is turned off
                         * @enum {string}
                         */
                        decidedBy: "inactive" | "expired" | "used_up" | "password" | "apps" | "rule" | "default" | "exec" | "disabled";
                        /** @description The rule that decided (rule_...), if one did */
                        rule: string | null;
                        /** @description The answer: 301, 302, 307 or 308 (a redirect), 200 (the password form) or 401 (the form again, after a wrong `password`), 410 (stopped, no expiredTarget), 404 (the code is turned off); null for exec (its answer decides) */
                        status: number | null;
                        /** @description Where the scanner goes; for `exec`, the URL that would be called (it is not); null when the scan gets a page (the password form, 410, 404) */
                        target: string | null;
                        /** @description Each of the code's rules in order */
                        trace: {
                            /** @description Why, in words ("os is android, not ios") */
                            because: string;
                            /** @description Whether the rule's condition matched this scan */
                            matched: boolean;
                            /** @description rule_... */
                            rule: string;
                        }[];
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postQrcodesBulk: {
        parameters: {
            query?: {
                /** @description All or none: any failing item makes the call a 422 listing every failing item, and nothing is written. */
                atomic?: boolean;
            };
            header?: {
                /** @description Sent again with the same body within 24 h, the first answer is returned instead of creating twice. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "items": [
                 *         {
                 *           "mode": "redirect",
                 *           "target": "https://example.com/a",
                 *           "title": "Box 1",
                 *           "tags": [
                 *             "batch-7"
                 *           ]
                 *         },
                 *         {
                 *           "mode": "redirect",
                 *           "target": "https://example.com/b",
                 *           "slug": "box-2"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    items: unknown[];
                };
            };
        };
        responses: {
            /** @description One result per item, in the order sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description bulk-update and bulk-delete: the id of the item */
                            id?: string;
                            /** @description The item's place in `items` (or `ids`) */
                            index: number;
                            /** @description problem details (RFC 9457) of one item */
                            problem?: {
                                code: string;
                                detail: string;
                                errors?: {
                                    message: string;
                                    path: string;
                                }[];
                                status: number;
                                title: string;
                                type: string;
                            } & {
                                [key: string]: unknown;
                            };
                            qrcode?: {
                                activeFrom: string | null;
                                apps: {
                                    /** @description Where scanners on Android go (an app link) (absolute http(s) URL) */
                                    android?: string;
                                    /** @description Where scanners on iOS go (a universal link) (absolute http(s) URL) */
                                    ios?: string;
                                } | null;
                                /** Format: date-time */
                                createdAt: string;
                                data: {
                                    /** @description vcard: postal address */
                                    address?: string;
                                    /** @description email: body */
                                    body?: string;
                                    /** @description vcard: email address */
                                    email?: string;
                                    /**
                                     * @description wifi: WPA, WEP or nopass
                                     * @enum {string}
                                     */
                                    encryption?: "WPA" | "WEP" | "nopass";
                                    /** @description wifi: the network does not broadcast its name */
                                    hidden?: boolean;
                                    /**
                                     * @description What the symbol encodes
                                     * @enum {string}
                                     */
                                    kind: "text" | "url" | "email" | "phone" | "sms" | "wifi" | "vcard" | "geo";
                                    /** @description geo: latitude */
                                    lat?: number;
                                    /** @description geo: longitude */
                                    lng?: number;
                                    /** @description sms: the message */
                                    message?: string;
                                    /** @description vcard: full name */
                                    name?: string;
                                    /** @description phone, sms: the number, E.164 preferred (+14155550123) */
                                    number?: string;
                                    /** @description vcard: organisation */
                                    org?: string;
                                    /** @description wifi: the password (none for nopass) */
                                    password?: string;
                                    /** @description vcard: phone number */
                                    phone?: string;
                                    /** @description wifi: the network name */
                                    ssid?: string;
                                    /** @description email: subject */
                                    subject?: string;
                                    /** @description text: the text itself */
                                    text?: string;
                                    /** @description email: the address */
                                    to?: string;
                                    /** @description url, vcard: an http(s) URL */
                                    url?: string;
                                } | null;
                                enabled: boolean;
                                exec: {
                                    fallback: string;
                                    timeoutMs: number;
                                    url: string;
                                } | null;
                                expiredTarget: string | null;
                                expiresAt: string | null;
                                hostname: string | null;
                                /** @description qr_... */
                                id: string;
                                image?: {
                                    /** @description SVG text, or the PNG in base64 */
                                    data: string;
                                    /** @enum {string} */
                                    format: "svg" | "png";
                                    /** @description Where to fetch the image again */
                                    url: string;
                                };
                                /** @description The image as SVG at a signed URL that needs no credentials (for an <img src>); `.png` in place of `.svg` gives the PNG. The URL changes whenever the image does, and its answer may be cached for good. */
                                imageUrl: string;
                                maxScans: number | null;
                                /**
                                 * @description static: the symbol holds the data; redirect: the short URL, sent on to `target` (or a rule); exec: the short URL, resolved by your exec URL
                                 * @enum {string}
                                 */
                                mode: "static" | "redirect" | "exec";
                                /** @description Whether scanners must enter a password */
                                passwordProtected: boolean;
                                /** @description Rule ids in evaluation order */
                                rules: string[];
                                scans: {
                                    lastAt: string | null;
                                    /** @description Counted scans, bots excluded */
                                    total: number;
                                    /** @description Distinct scanners since midnight UTC */
                                    uniqueToday: number;
                                };
                                /** @description The URL a dynamic code encodes */
                                shortUrl: string;
                                slug: string;
                                /** @description See Style */
                                style: {
                                    [key: string]: unknown;
                                };
                                tags: string[];
                                target: string | null;
                                title: string | null;
                                /** Format: date-time */
                                updatedAt: string;
                                utm: {
                                    /** @description utm_campaign */
                                    campaign?: string;
                                    /** @description utm_content */
                                    content?: string;
                                    /** @description utm_medium */
                                    medium?: string;
                                    /** @description utm_source */
                                    source?: string;
                                    /** @description utm_term */
                                    term?: string;
                                } | null;
                                /** @description Present when the code was saved but will not work as meant: an exec URL that is not public (the SSRF guard refuses it, unless SSRF_ALLOW names it) is never called. */
                                warnings?: string[];
                            };
                            /** @description The item's own status: 201 created, 200 changed, 204 deleted, or the 4xx its single request would have answered */
                            status: number;
                        }[];
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postQrcodesBulkDelete: {
        parameters: {
            query?: {
                /** @description All or none: any failing item makes the call a 422 listing every failing item, and nothing is written. */
                atomic?: boolean;
                /** @description With `filter`: the previous answer's `nextCursor`, to go on with the codes after it */
                cursor?: string;
                /** @description With `filter`: the most codes this call changes (default 1,000) */
                limit?: number;
            };
            header?: {
                /** @description Sent again with the same body within 24 h, the first answer is returned instead of creating twice. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "ids": [
                 *         "qr_01jdx0000000000000000000"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description With `filter`: ids of codes to leave as they are although the filter selects them */
                    except?: string[];
                    /** @description In place of `ids`: the codes GET /qrcodes lists with these filters (`{}` for every code), newest first, up to 1,000 a call (`?limit=`); the answer's `nextCursor` goes on with the rest (`?cursor=`) */
                    filter?: {
                        /** @description Only codes that are on (true) or off (false) */
                        enabled?: boolean;
                        hostname?: string;
                        /**
                         * @description static: the symbol holds the data; redirect: the short URL, sent on to `target` (or a rule); exec: the short URL, resolved by your exec URL
                         * @enum {string}
                         */
                        mode?: "static" | "redirect" | "exec";
                        /** @description Text in the title or slug */
                        q?: string;
                        tag?: string;
                    };
                    /** @description Code ids (qr_...); a missing or foreign one is that item's 404 */
                    ids?: string[];
                };
            };
        };
        responses: {
            /** @description One result per code, in the order sent (`ids`) or newest first (`filter`, each with its `id`), and where a filter goes on */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description bulk-update and bulk-delete: the id of the item */
                            id?: string;
                            /** @description The item's place in `items` (or `ids`) */
                            index: number;
                            /** @description problem details (RFC 9457) of one item */
                            problem?: {
                                code: string;
                                detail: string;
                                errors?: {
                                    message: string;
                                    path: string;
                                }[];
                                status: number;
                                title: string;
                                type: string;
                            } & {
                                [key: string]: unknown;
                            };
                            qrcode?: {
                                activeFrom: string | null;
                                apps: {
                                    /** @description Where scanners on Android go (an app link) (absolute http(s) URL) */
                                    android?: string;
                                    /** @description Where scanners on iOS go (a universal link) (absolute http(s) URL) */
                                    ios?: string;
                                } | null;
                                /** Format: date-time */
                                createdAt: string;
                                data: {
                                    /** @description vcard: postal address */
                                    address?: string;
                                    /** @description email: body */
                                    body?: string;
                                    /** @description vcard: email address */
                                    email?: string;
                                    /**
                                     * @description wifi: WPA, WEP or nopass
                                     * @enum {string}
                                     */
                                    encryption?: "WPA" | "WEP" | "nopass";
                                    /** @description wifi: the network does not broadcast its name */
                                    hidden?: boolean;
                                    /**
                                     * @description What the symbol encodes
                                     * @enum {string}
                                     */
                                    kind: "text" | "url" | "email" | "phone" | "sms" | "wifi" | "vcard" | "geo";
                                    /** @description geo: latitude */
                                    lat?: number;
                                    /** @description geo: longitude */
                                    lng?: number;
                                    /** @description sms: the message */
                                    message?: string;
                                    /** @description vcard: full name */
                                    name?: string;
                                    /** @description phone, sms: the number, E.164 preferred (+14155550123) */
                                    number?: string;
                                    /** @description vcard: organisation */
                                    org?: string;
                                    /** @description wifi: the password (none for nopass) */
                                    password?: string;
                                    /** @description vcard: phone number */
                                    phone?: string;
                                    /** @description wifi: the network name */
                                    ssid?: string;
                                    /** @description email: subject */
                                    subject?: string;
                                    /** @description text: the text itself */
                                    text?: string;
                                    /** @description email: the address */
                                    to?: string;
                                    /** @description url, vcard: an http(s) URL */
                                    url?: string;
                                } | null;
                                enabled: boolean;
                                exec: {
                                    fallback: string;
                                    timeoutMs: number;
                                    url: string;
                                } | null;
                                expiredTarget: string | null;
                                expiresAt: string | null;
                                hostname: string | null;
                                /** @description qr_... */
                                id: string;
                                image?: {
                                    /** @description SVG text, or the PNG in base64 */
                                    data: string;
                                    /** @enum {string} */
                                    format: "svg" | "png";
                                    /** @description Where to fetch the image again */
                                    url: string;
                                };
                                /** @description The image as SVG at a signed URL that needs no credentials (for an <img src>); `.png` in place of `.svg` gives the PNG. The URL changes whenever the image does, and its answer may be cached for good. */
                                imageUrl: string;
                                maxScans: number | null;
                                /**
                                 * @description static: the symbol holds the data; redirect: the short URL, sent on to `target` (or a rule); exec: the short URL, resolved by your exec URL
                                 * @enum {string}
                                 */
                                mode: "static" | "redirect" | "exec";
                                /** @description Whether scanners must enter a password */
                                passwordProtected: boolean;
                                /** @description Rule ids in evaluation order */
                                rules: string[];
                                scans: {
                                    lastAt: string | null;
                                    /** @description Counted scans, bots excluded */
                                    total: number;
                                    /** @description Distinct scanners since midnight UTC */
                                    uniqueToday: number;
                                };
                                /** @description The URL a dynamic code encodes */
                                shortUrl: string;
                                slug: string;
                                /** @description See Style */
                                style: {
                                    [key: string]: unknown;
                                };
                                tags: string[];
                                target: string | null;
                                title: string | null;
                                /** Format: date-time */
                                updatedAt: string;
                                utm: {
                                    /** @description utm_campaign */
                                    campaign?: string;
                                    /** @description utm_content */
                                    content?: string;
                                    /** @description utm_medium */
                                    medium?: string;
                                    /** @description utm_source */
                                    source?: string;
                                    /** @description utm_term */
                                    term?: string;
                                } | null;
                                /** @description Present when the code was saved but will not work as meant: an exec URL that is not public (the SSRF guard refuses it, unless SSRF_ALLOW names it) is never called. */
                                warnings?: string[];
                            };
                            /** @description The item's own status: 201 created, 200 changed, 204 deleted, or the 4xx its single request would have answered */
                            status: number;
                        }[];
                        /** @description With `filter`: more codes match after the ones this call changed; send the same body with `?cursor=` this value to go on. Null when none do, and with `ids`. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postQrcodesBulkUpdate: {
        parameters: {
            query?: {
                /** @description All or none: any failing item makes the call a 422 listing every failing item, and nothing is written. */
                atomic?: boolean;
                /** @description With `filter`: the previous answer's `nextCursor`, to go on with the codes after it */
                cursor?: string;
                /** @description With `filter`: the most codes this call changes (default 1,000) */
                limit?: number;
            };
            header?: {
                /** @description Sent again with the same body within 24 h, the first answer is returned instead of creating twice. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "ids": [
                 *         "qr_01jdx0000000000000000000"
                 *       ],
                 *       "patch": {
                 *         "tags": [
                 *           "summer"
                 *         ],
                 *         "enabled": false
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description With `filter`: ids of codes to leave as they are although the filter selects them */
                    except?: string[];
                    /** @description In place of `ids`: the codes GET /qrcodes lists with these filters (`{}` for every code), newest first, up to 1,000 a call (`?limit=`); the answer's `nextCursor` goes on with the rest (`?cursor=`) */
                    filter?: {
                        /** @description Only codes that are on (true) or off (false) */
                        enabled?: boolean;
                        hostname?: string;
                        /**
                         * @description static: the symbol holds the data; redirect: the short URL, sent on to `target` (or a rule); exec: the short URL, resolved by your exec URL
                         * @enum {string}
                         */
                        mode?: "static" | "redirect" | "exec";
                        /** @description Text in the title or slug */
                        q?: string;
                        tag?: string;
                    };
                    /** @description Code ids (qr_...); a missing or foreign one is that item's 404 */
                    ids?: string[];
                    /**
                     * @description A JSON merge patch (RFC 7396): omitted fields stay, null clears.
                     * @example {
                     *       "target": "https://example.com/summer-menu",
                     *       "tags": [
                     *         "menu",
                     *         "summer"
                     *       ]
                     *     }
                     * @example {
                     *       "expiresAt": "2027-01-01T00:00:00Z",
                     *       "password": "open sesame",
                     *       "utm": {
                     *         "campaign": "winter",
                     *         "term": null
                     *       }
                     *     }
                     */
                    patch: {
                        /**
                         * Format: date-time
                         * @description Before this time the code is not active yet (RFC 3339 date-time with an offset)
                         */
                        activeFrom?: string | null;
                        /** @description Targets by the scanner's OS, chosen before rules */
                        apps?: {
                            /** @description Where scanners on Android go (an app link) (absolute http(s) URL) */
                            android?: string | null;
                            /** @description Where scanners on iOS go (a universal link) (absolute http(s) URL) */
                            ios?: string | null;
                        } | null;
                        /** @description text { text }, url { url }, email { to, subject?, body? }, phone { number }, sms { number, message? }, wifi { ssid, password?, encryption, hidden? }, vcard { name, org?, phone?, email?, url?, address? }, geo { lat, lng } */
                        data?: {
                            /** @description vcard: postal address */
                            address?: string | null;
                            /** @description email: body */
                            body?: string | null;
                            /** @description vcard: email address */
                            email?: string | null;
                            /**
                             * @description wifi: WPA, WEP or nopass
                             * @enum {string|null}
                             */
                            encryption?: "WPA" | "WEP" | "nopass" | null;
                            /** @description wifi: the network does not broadcast its name */
                            hidden?: boolean | null;
                            /**
                             * @description What the symbol encodes
                             * @enum {string}
                             */
                            kind?: "text" | "url" | "email" | "phone" | "sms" | "wifi" | "vcard" | "geo";
                            /** @description geo: latitude */
                            lat?: number | null;
                            /** @description geo: longitude */
                            lng?: number | null;
                            /** @description sms: the message */
                            message?: string | null;
                            /** @description vcard: full name */
                            name?: string | null;
                            /** @description phone, sms: the number, E.164 preferred (+14155550123) */
                            number?: string | null;
                            /** @description vcard: organisation */
                            org?: string | null;
                            /** @description wifi: the password (none for nopass) */
                            password?: string | null;
                            /** @description vcard: phone number */
                            phone?: string | null;
                            /** @description wifi: the network name */
                            ssid?: string | null;
                            /** @description email: subject */
                            subject?: string | null;
                            /** @description text: the text itself */
                            text?: string | null;
                            /** @description email: the address */
                            to?: string | null;
                            /** @description url, vcard: an http(s) URL */
                            url?: string | null;
                        } | null;
                        enabled?: boolean;
                        exec?: {
                            /** @description Where scans go when the exec URL times out, fails or answers nonsense (absolute http(s) URL) */
                            fallback?: string;
                            /** @description How long to wait for the reply (default 1500) */
                            timeoutMs?: number | null;
                            /** @description Where each scan is POSTed, signed with the account signing secret (absolute http(s) URL) */
                            url?: string;
                        } | null;
                        /** @description Where a code that is not active yet, expired or used up sends scanners; null: a 410 page (absolute http(s) URL) */
                        expiredTarget?: string | null;
                        /**
                         * Format: date-time
                         * @description From this time on the code is expired (RFC 3339 date-time with an offset)
                         */
                        expiresAt?: string | null;
                        /** @description A verified custom hostname of the account (its name, or its id host_...) to serve the code from, at https://<hostname>/<slug>; null for the primary short host */
                        hostname?: string | null;
                        /** @description Counted (human) scans the code answers; then it is used up */
                        maxScans?: number | null;
                        /**
                         * @description static: the symbol holds the data; redirect: the short URL, sent on to `target` (or a rule); exec: the short URL, resolved by your exec URL
                         * @enum {string}
                         */
                        mode?: "static" | "redirect" | "exec";
                        /** @description Write-only: scanners must enter it before they are sent on; answers say passwordProtected */
                        password?: string | null;
                        /** @description The custom identifier: 3 to 64 of A-Z a-z 0-9 _ -, case-sensitive; random when omitted */
                        slug?: string;
                        style?: {
                            background?: {
                                color?: null | (string | "transparent");
                                /** @description replaces color when set */
                                gradient?: {
                                    /** @description degrees, linear only */
                                    rotation?: number | null;
                                    stops: {
                                        /** @description sRGB colour as #rgb or #rrggbb */
                                        color: string;
                                        offset: number;
                                    }[];
                                    type: "linear" | "radial";
                                } | null;
                            } | null;
                            cornerDots?: {
                                /** @description defaults to the corner squares colour */
                                color?: string | null;
                                /** @description replaces color when set */
                                gradient?: {
                                    /** @description degrees, linear only */
                                    rotation?: number | null;
                                    stops: {
                                        /** @description sRGB colour as #rgb or #rrggbb */
                                        color: string;
                                        offset: number;
                                    }[];
                                    type: "linear" | "radial";
                                } | null;
                                type?: null | ("square" | "dot");
                            } | null;
                            cornerSquares?: {
                                /** @description defaults to the dots colour */
                                color?: string | null;
                                /** @description replaces color when set */
                                gradient?: {
                                    /** @description degrees, linear only */
                                    rotation?: number | null;
                                    stops: {
                                        /** @description sRGB colour as #rgb or #rrggbb */
                                        color: string;
                                        offset: number;
                                    }[];
                                    type: "linear" | "radial";
                                } | null;
                                type?: null | ("square" | "rounded" | "extra-rounded" | "dot");
                            } | null;
                            dots?: {
                                /** @description sRGB colour as #rgb or #rrggbb */
                                color?: string | null;
                                /** @description replaces color when set */
                                gradient?: {
                                    /** @description degrees, linear only */
                                    rotation?: number | null;
                                    stops: {
                                        /** @description sRGB colour as #rgb or #rrggbb */
                                        color: string;
                                        offset: number;
                                    }[];
                                    type: "linear" | "radial";
                                } | null;
                                type?: null | ("square" | "rounded" | "dots" | "classy" | "classy-rounded" | "extra-rounded");
                            } | null;
                            errorCorrection?: null | ("L" | "M" | "Q" | "H");
                            frame?: {
                                /** @description sRGB colour as #rgb or #rrggbb */
                                color?: string | null;
                                /** @description replaces color when set */
                                gradient?: {
                                    /** @description degrees, linear only */
                                    rotation?: number | null;
                                    stops: {
                                        /** @description sRGB colour as #rgb or #rrggbb */
                                        color: string;
                                        offset: number;
                                    }[];
                                    type: "linear" | "radial";
                                } | null;
                                /** @description call to action below the symbol */
                                text: string;
                                /** @description sRGB colour as #rgb or #rrggbb */
                                textColor?: string | null;
                                /** @description replaces color when set */
                                textGradient?: {
                                    /** @description degrees, linear only */
                                    rotation?: number | null;
                                    stops: {
                                        /** @description sRGB colour as #rgb or #rrggbb */
                                        color: string;
                                        offset: number;
                                    }[];
                                    type: "linear" | "radial";
                                } | null;
                            } | null;
                            logo?: {
                                /** @description modules between logo and dots */
                                margin?: number | null;
                                /** @description share of the symbol area cleared for the logo, its margin included; up to 0.15 encodes at error correction Q, above at H */
                                size?: number | null;
                                /** @description data: URL (image/png, image/jpeg, image/webp, image/svg+xml), an http(s) URL, or the URL of a stored asset (/api/v1/assets/ast_...) */
                                src: string;
                            } | null;
                            /** @description quiet zone in modules */
                            margin?: number | null;
                            /** @description width in px */
                            size?: number | null;
                            /** @description fixed symbol version; null picks the smallest that fits */
                            version?: number | null;
                        } | null;
                        tags?: string[] | null;
                        /** @description redirect: the default target (absolute http(s) URL) */
                        target?: string | null;
                        title?: string | null;
                        /** @description UTM tags added to every target (default, rules, splits, apps, exec answers) as utm_<name>, unless the target already has that parameter; not to expiredTarget */
                        utm?: {
                            /** @description utm_campaign */
                            campaign?: string | null;
                            /** @description utm_content */
                            content?: string | null;
                            /** @description utm_medium */
                            medium?: string | null;
                            /** @description utm_source */
                            source?: string | null;
                            /** @description utm_term */
                            term?: string | null;
                        } | null;
                    };
                };
            };
        };
        responses: {
            /** @description One result per code, in the order sent (`ids`) or newest first (`filter`, each with its `id`), and where a filter goes on */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description bulk-update and bulk-delete: the id of the item */
                            id?: string;
                            /** @description The item's place in `items` (or `ids`) */
                            index: number;
                            /** @description problem details (RFC 9457) of one item */
                            problem?: {
                                code: string;
                                detail: string;
                                errors?: {
                                    message: string;
                                    path: string;
                                }[];
                                status: number;
                                title: string;
                                type: string;
                            } & {
                                [key: string]: unknown;
                            };
                            qrcode?: {
                                activeFrom: string | null;
                                apps: {
                                    /** @description Where scanners on Android go (an app link) (absolute http(s) URL) */
                                    android?: string;
                                    /** @description Where scanners on iOS go (a universal link) (absolute http(s) URL) */
                                    ios?: string;
                                } | null;
                                /** Format: date-time */
                                createdAt: string;
                                data: {
                                    /** @description vcard: postal address */
                                    address?: string;
                                    /** @description email: body */
                                    body?: string;
                                    /** @description vcard: email address */
                                    email?: string;
                                    /**
                                     * @description wifi: WPA, WEP or nopass
                                     * @enum {string}
                                     */
                                    encryption?: "WPA" | "WEP" | "nopass";
                                    /** @description wifi: the network does not broadcast its name */
                                    hidden?: boolean;
                                    /**
                                     * @description What the symbol encodes
                                     * @enum {string}
                                     */
                                    kind: "text" | "url" | "email" | "phone" | "sms" | "wifi" | "vcard" | "geo";
                                    /** @description geo: latitude */
                                    lat?: number;
                                    /** @description geo: longitude */
                                    lng?: number;
                                    /** @description sms: the message */
                                    message?: string;
                                    /** @description vcard: full name */
                                    name?: string;
                                    /** @description phone, sms: the number, E.164 preferred (+14155550123) */
                                    number?: string;
                                    /** @description vcard: organisation */
                                    org?: string;
                                    /** @description wifi: the password (none for nopass) */
                                    password?: string;
                                    /** @description vcard: phone number */
                                    phone?: string;
                                    /** @description wifi: the network name */
                                    ssid?: string;
                                    /** @description email: subject */
                                    subject?: string;
                                    /** @description text: the text itself */
                                    text?: string;
                                    /** @description email: the address */
                                    to?: string;
                                    /** @description url, vcard: an http(s) URL */
                                    url?: string;
                                } | null;
                                enabled: boolean;
                                exec: {
                                    fallback: string;
                                    timeoutMs: number;
                                    url: string;
                                } | null;
                                expiredTarget: string | null;
                                expiresAt: string | null;
                                hostname: string | null;
                                /** @description qr_... */
                                id: string;
                                image?: {
                                    /** @description SVG text, or the PNG in base64 */
                                    data: string;
                                    /** @enum {string} */
                                    format: "svg" | "png";
                                    /** @description Where to fetch the image again */
                                    url: string;
                                };
                                /** @description The image as SVG at a signed URL that needs no credentials (for an <img src>); `.png` in place of `.svg` gives the PNG. The URL changes whenever the image does, and its answer may be cached for good. */
                                imageUrl: string;
                                maxScans: number | null;
                                /**
                                 * @description static: the symbol holds the data; redirect: the short URL, sent on to `target` (or a rule); exec: the short URL, resolved by your exec URL
                                 * @enum {string}
                                 */
                                mode: "static" | "redirect" | "exec";
                                /** @description Whether scanners must enter a password */
                                passwordProtected: boolean;
                                /** @description Rule ids in evaluation order */
                                rules: string[];
                                scans: {
                                    lastAt: string | null;
                                    /** @description Counted scans, bots excluded */
                                    total: number;
                                    /** @description Distinct scanners since midnight UTC */
                                    uniqueToday: number;
                                };
                                /** @description The URL a dynamic code encodes */
                                shortUrl: string;
                                slug: string;
                                /** @description See Style */
                                style: {
                                    [key: string]: unknown;
                                };
                                tags: string[];
                                target: string | null;
                                title: string | null;
                                /** Format: date-time */
                                updatedAt: string;
                                utm: {
                                    /** @description utm_campaign */
                                    campaign?: string;
                                    /** @description utm_content */
                                    content?: string;
                                    /** @description utm_medium */
                                    medium?: string;
                                    /** @description utm_source */
                                    source?: string;
                                    /** @description utm_term */
                                    term?: string;
                                } | null;
                                /** @description Present when the code was saved but will not work as meant: an exec URL that is not public (the SSRF guard refuses it, unless SSRF_ALLOW names it) is never called. */
                                warnings?: string[];
                            };
                            /** @description The item's own status: 201 created, 200 changed, 204 deleted, or the 4xx its single request would have answered */
                            status: number;
                        }[];
                        /** @description With `filter`: more codes match after the ones this call changed; send the same body with `?cursor=` this value to go on. Null when none do, and with `ids`. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getQrcodesCount: {
        parameters: {
            query?: {
                /**
                 * @description Only codes that are on (true) or off (false)
                 * @example null
                 */
                enabled?: boolean;
                hostname?: string;
                /**
                 * @description static: the symbol holds the data; redirect: the short URL, sent on to `target` (or a rule); exec: the short URL, resolved by your exec URL
                 * @example null
                 */
                mode?: "static" | "redirect" | "exec";
                /** @description Text in the title or slug */
                q?: string;
                tag?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description How many codes pass the filters */
                        total: number;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getQrcodesExportCsv: {
        parameters: {
            query?: {
                /**
                 * @description Only codes that are on (true) or off (false)
                 * @example null
                 */
                enabled?: boolean;
                hostname?: string;
                /**
                 * @description static: the symbol holds the data; redirect: the short URL, sent on to `target` (or a rule); exec: the short URL, resolved by your exec URL
                 * @example null
                 */
                mode?: "static" | "redirect" | "exec";
                /** @description Text in the title or slug */
                q?: string;
                /**
                 * @description The order: slug, title, scans, updatedAt or createdAt, `-` before it for descending (ties by id). Without it: newest first.
                 * @example null
                 */
                sort?: "slug" | "-slug" | "title" | "-title" | "scans" | "-scans" | "updatedAt" | "-updatedAt" | "createdAt" | "-createdAt";
                tag?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getQrcodesExportJson: {
        parameters: {
            query?: {
                /**
                 * @description Only codes that are on (true) or off (false)
                 * @example null
                 */
                enabled?: boolean;
                hostname?: string;
                /**
                 * @description static: the symbol holds the data; redirect: the short URL, sent on to `target` (or a rule); exec: the short URL, resolved by your exec URL
                 * @example null
                 */
                mode?: "static" | "redirect" | "exec";
                /** @description Text in the title or slug */
                q?: string;
                /**
                 * @description The order: slug, title, scans, updatedAt or createdAt, `-` before it for descending (ties by id). Without it: newest first.
                 * @example null
                 */
                sort?: "slug" | "-slug" | "title" | "-title" | "scans" | "-scans" | "updatedAt" | "-updatedAt" | "createdAt" | "-createdAt";
                tag?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        codes: {
                            [key: string]: unknown;
                        }[];
                        /** Format: date-time */
                        exportedAt: string;
                        /** @enum {string} */
                        format: "rq-codes";
                        /** @enum {number} */
                        version: 1;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postQrcodesImagesZip: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "ids": [
                 *         "qr_01jd0000000000000000000000"
                 *       ],
                 *       "format": "pdf",
                 *       "cmyk": true
                 *     }
                 */
                "application/json": {
                    /** @description pdf and eps in CMYK, pure black as 0/0/0/100 (default false: RGB) */
                    cmyk?: boolean;
                    /** @description The list filters of GET /qrcodes; all the codes they select, newest first (at most 10000) */
                    filter?: {
                        enabled?: boolean;
                        hostname?: string;
                        /** @enum {string} */
                        mode?: "static" | "redirect" | "exec";
                        q?: string;
                        tag?: string;
                    };
                    /**
                     * @description The format of every file
                     * @enum {string}
                     */
                    format: "svg" | "png" | "pdf" | "eps";
                    /** @description Code ids (qr_...), at most 10000; an id the workspace does not hold makes the call a 404 naming it */
                    ids?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postQrcodesImport: {
        parameters: {
            query?: {
                /** @description All or nothing (the default): a row with a problem makes the import a 422 naming every failing row, and nothing is created. false: one result per row, the rows that pass are created. */
                atomic?: boolean;
                /** @description Check every row as a create would, and write nothing */
                dryRun?: boolean;
                /** @description csv (ours, as export.csv), json (ours, as export.json), or a peer export: bitly (CSV), shlink (CSV or the API list JSON), kutt (the API list JSON), yourls (CSV or the API stats JSON). Default: csv for a text/csv body, json for JSON. */
                format?: "csv" | "json" | "bitly" | "shlink" | "kutt" | "yourls";
            };
            header?: {
                /** @description Sent again with the same body within 24 h, the first answer is returned instead of creating twice. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "codes": [
                 *         {
                 *           "mode": "redirect",
                 *           "target": "https://example.com/imported",
                 *           "title": "Imported",
                 *           "tags": [
                 *             "import"
                 *           ]
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": unknown;
                "text/csv": string;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Each row made (on a dry run: that would be made) otherwise than the file says */
                        changes: {
                            /** @description What the import did instead of what the file says, and why */
                            message: string;
                            /** @description The field of the code the import changed, e.g. /hostname */
                            path: string;
                            /** @description As in `errors` */
                            row: number;
                        }[];
                        /** @description Codes made; on a dry run, the rows that pass (an all-or-nothing import makes them only when no row fails) */
                        created: number;
                        dryRun: boolean;
                        errors: {
                            /** @description problem+json; paths name the fields of the code the row makes (/target, /slug) */
                            problem: {
                                code: string;
                                detail: string;
                                errors?: {
                                    message: string;
                                    path: string;
                                }[];
                                status: number;
                                title: string;
                                type: string;
                            } & {
                                [key: string]: unknown;
                            };
                            /** @description 1-based: the file's data rows, or the items of a JSON list */
                            row: number;
                        }[];
                        /** @description Hostnames the file named that are not this workspace's verified hostnames: those rows' codes are on the primary short host */
                        hostnamesReplaced: {
                            hostname: string;
                            rows: number;
                        }[];
                        /** @description Data rows in the file (a CSV header is not a row) */
                        rows: number;
                        /** @description Rows not made: rows minus created */
                        skipped: number;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postQrcodesSheetPdf: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "filter": {
                 *         "tag": "spring"
                 *       },
                 *       "paper": "A4",
                 *       "columns": 4,
                 *       "rows": 5,
                 *       "sizeMm": 40,
                 *       "caption": "slug"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description A line under each code: its slug, its title (the slug when it has none), or nothing
                     * @default slug
                     */
                    caption?: ("slug" | "title") | null;
                    /** @description pdf and eps in CMYK, pure black as 0/0/0/100 (default false: RGB) */
                    cmyk?: boolean;
                    /** @default 4 */
                    columns?: number;
                    /** @description The list filters of GET /qrcodes; all the codes they select, newest first (at most 10000) */
                    filter?: {
                        enabled?: boolean;
                        hostname?: string;
                        /** @enum {string} */
                        mode?: "static" | "redirect" | "exec";
                        q?: string;
                        tag?: string;
                    };
                    /** @description Code ids (qr_...), at most 10000; an id the workspace does not hold makes the call a 404 naming it */
                    ids?: string[];
                    /**
                     * @default A4
                     * @enum {string}
                     */
                    paper?: "A4" | "letter";
                    /** @default 5 */
                    rows?: number;
                    /**
                     * @description Side of each code's square in mm, its quiet zone of at least 4 modules included
                     * @default 40
                     */
                    sizeMm?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postRender: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "data": "https://example.com",
                 *       "style": {
                 *         "size": 256,
                 *         "dots": {
                 *           "type": "rounded"
                 *         }
                 *       },
                 *       "format": "svg"
                 *     }
                 */
                "application/json": {
                    /** @description CMYK colours (pure black as 0/0/0/100, others converted without a profile); RGB when false */
                    cmyk?: boolean;
                    /** @description The text to encode */
                    data: string;
                    /**
                     * @description pdf and eps answer print files (vector, a quiet zone of at least 4 modules)
                     * @default svg
                     * @enum {string}
                     */
                    format?: "svg" | "png" | "json" | "pdf" | "eps";
                    style?: {
                        background?: {
                            color?: string | "transparent";
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                        };
                        cornerDots?: {
                            /** @description defaults to the corner squares colour */
                            color?: string;
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                            /** @description centre of the finder patterns */
                            type?: "square" | "dot";
                        };
                        cornerSquares?: {
                            /** @description defaults to the dots colour */
                            color?: string;
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                            /** @description outer ring of the finder patterns */
                            type?: "square" | "rounded" | "extra-rounded" | "dot";
                        };
                        dots?: {
                            /** @description sRGB colour as #rgb or #rrggbb */
                            color?: string;
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                            /** @description shape of the data modules */
                            type?: "square" | "rounded" | "dots" | "classy" | "classy-rounded" | "extra-rounded";
                        };
                        /** @description raised to Q when a logo is set, to H for a logo over 15% of the symbol */
                        errorCorrection?: "L" | "M" | "Q" | "H";
                        frame?: {
                            /** @description sRGB colour as #rgb or #rrggbb */
                            color?: string;
                            /** @description replaces color when set */
                            gradient?: {
                                /** @description degrees, linear only */
                                rotation?: number;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                            /** @description call to action below the symbol */
                            text: string;
                            /** @description sRGB colour as #rgb or #rrggbb */
                            textColor?: string;
                            /** @description replaces color when set */
                            textGradient?: {
                                /** @description degrees, linear only */
                                rotation?: number;
                                stops: {
                                    /** @description sRGB colour as #rgb or #rrggbb */
                                    color: string;
                                    offset: number;
                                }[];
                                type: "linear" | "radial";
                            } | null;
                        } | null;
                        logo?: {
                            /** @description modules between logo and dots */
                            margin?: number;
                            /** @description share of the symbol area cleared for the logo, its margin included; up to 0.15 encodes at error correction Q, above at H */
                            size?: number;
                            /** @description data: URL (image/png, image/jpeg, image/webp, image/svg+xml), an http(s) URL, or the URL of a stored asset (/api/v1/assets/ast_...) */
                            src: string;
                        } | null;
                        /** @description quiet zone in modules */
                        margin?: number;
                        /** @description width in px */
                        size?: number;
                        /** @description fixed symbol version; null picks the smallest that fits */
                        version?: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: string;
                        format: string;
                    };
                    "application/pdf": string;
                    "application/postscript": string;
                    "image/png": string;
                    "image/svg+xml": string;
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getRules: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            createdAt: string;
                            enabled: boolean;
                            /** @description rule_... */
                            id: string;
                            name: string;
                            /** @description Either `redirect` or `split`, with `status` and `passQuery` for both and `sticky` for split. */
                            then: {
                                /** @description Pass the scan's query parameters on to the target; the target's own win (default false). */
                                passQuery?: boolean;
                                /** @description An absolute http(s) URL; may use {slug}, {country}, {lang} and {query.NAME}. */
                                redirect?: string;
                                /** @description Weighted targets (an A/B test). */
                                split?: {
                                    /** @description An absolute http(s) URL; may use {slug}, {country}, {lang} and {query.NAME}. */
                                    url: string;
                                    /** @description Share in percent; weights sum to 100. */
                                    weight: number;
                                }[];
                                /**
                                 * @description The redirect status (default 302).
                                 * @enum {integer}
                                 */
                                status?: 301 | 302 | 307 | 308;
                                /** @description With split: a scanner keeps getting the same target (by a cookie). */
                                sticky?: boolean;
                            };
                            /** Format: date-time */
                            updatedAt: string;
                            when: components["schemas"]["def-0"] | null;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postRules: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sent again with the same body within 24 h, the first answer is returned instead of creating twice. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "iPhones to the App Store",
                 *       "when": {
                 *         "all": [
                 *           {
                 *             "os": [
                 *               "ios"
                 *             ]
                 *           },
                 *           {
                 *             "not": {
                 *               "country": [
                 *                 "CN"
                 *               ]
                 *             }
                 *           }
                 *         ]
                 *       },
                 *       "then": {
                 *         "redirect": "https://apps.apple.com/app/id1?c={country}",
                 *         "status": 302,
                 *         "passQuery": true
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Default true. */
                    enabled?: boolean;
                    name: string;
                    /** @description Either `redirect` or `split`, with `status` and `passQuery` for both and `sticky` for split. */
                    then: {
                        /** @description Pass the scan's query parameters on to the target; the target's own win (default false). */
                        passQuery?: boolean;
                        /** @description An absolute http(s) URL; may use {slug}, {country}, {lang} and {query.NAME}. */
                        redirect?: string;
                        /** @description Weighted targets (an A/B test). */
                        split?: {
                            /** @description An absolute http(s) URL; may use {slug}, {country}, {lang} and {query.NAME}. */
                            url: string;
                            /** @description Share in percent; weights sum to 100. */
                            weight: number;
                        }[];
                        /**
                         * @description The redirect status (default 302).
                         * @enum {integer}
                         */
                        status?: 301 | 302 | 307 | 308;
                        /** @description With split: a scanner keeps getting the same target (by a cookie). */
                        sticky?: boolean;
                    };
                    when?: components["schemas"]["def-0"];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        enabled: boolean;
                        /** @description rule_... */
                        id: string;
                        name: string;
                        /** @description Either `redirect` or `split`, with `status` and `passQuery` for both and `sticky` for split. */
                        then: {
                            /** @description Pass the scan's query parameters on to the target; the target's own win (default false). */
                            passQuery?: boolean;
                            /** @description An absolute http(s) URL; may use {slug}, {country}, {lang} and {query.NAME}. */
                            redirect?: string;
                            /** @description Weighted targets (an A/B test). */
                            split?: {
                                /** @description An absolute http(s) URL; may use {slug}, {country}, {lang} and {query.NAME}. */
                                url: string;
                                /** @description Share in percent; weights sum to 100. */
                                weight: number;
                            }[];
                            /**
                             * @description The redirect status (default 302).
                             * @enum {integer}
                             */
                            status?: 301 | 302 | 307 | 308;
                            /** @description With split: a scanner keeps getting the same target (by a cookie). */
                            sticky?: boolean;
                        };
                        /** Format: date-time */
                        updatedAt: string;
                        when: components["schemas"]["def-0"] | null;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getRulesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        enabled: boolean;
                        /** @description rule_... */
                        id: string;
                        name: string;
                        /** @description Either `redirect` or `split`, with `status` and `passQuery` for both and `sticky` for split. */
                        then: {
                            /** @description Pass the scan's query parameters on to the target; the target's own win (default false). */
                            passQuery?: boolean;
                            /** @description An absolute http(s) URL; may use {slug}, {country}, {lang} and {query.NAME}. */
                            redirect?: string;
                            /** @description Weighted targets (an A/B test). */
                            split?: {
                                /** @description An absolute http(s) URL; may use {slug}, {country}, {lang} and {query.NAME}. */
                                url: string;
                                /** @description Share in percent; weights sum to 100. */
                                weight: number;
                            }[];
                            /**
                             * @description The redirect status (default 302).
                             * @enum {integer}
                             */
                            status?: 301 | 302 | 307 | 308;
                            /** @description With split: a scanner keeps getting the same target (by a cookie). */
                            sticky?: boolean;
                        };
                        /** Format: date-time */
                        updatedAt: string;
                        when: components["schemas"]["def-0"] | null;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    deleteRulesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    patchRulesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Weekday office hours",
                 *       "when": {
                 *         "all": null,
                 *         "time": {
                 *           "from": "09:00",
                 *           "to": "17:00",
                 *           "days": [
                 *             1,
                 *             2,
                 *             3,
                 *             4,
                 *             5
                 *           ],
                 *           "timeZone": "Europe/Berlin"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    enabled?: boolean;
                    name?: string;
                    /** @description Merged into the action. */
                    then?: {
                        [key: string]: unknown;
                    };
                    /** @description Merged into the condition; null removes it (the rule then always matches). To swap a condition for one of another kind, remove the old key in the same patch: `{ "all": null, "time": {...} }`. */
                    when?: Record<string, never> | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        enabled: boolean;
                        /** @description rule_... */
                        id: string;
                        name: string;
                        /** @description Either `redirect` or `split`, with `status` and `passQuery` for both and `sticky` for split. */
                        then: {
                            /** @description Pass the scan's query parameters on to the target; the target's own win (default false). */
                            passQuery?: boolean;
                            /** @description An absolute http(s) URL; may use {slug}, {country}, {lang} and {query.NAME}. */
                            redirect?: string;
                            /** @description Weighted targets (an A/B test). */
                            split?: {
                                /** @description An absolute http(s) URL; may use {slug}, {country}, {lang} and {query.NAME}. */
                                url: string;
                                /** @description Share in percent; weights sum to 100. */
                                weight: number;
                            }[];
                            /**
                             * @description The redirect status (default 302).
                             * @enum {integer}
                             */
                            status?: 301 | 302 | 307 | 308;
                            /** @description With split: a scanner keeps getting the same target (by a cookie). */
                            sticky?: boolean;
                        };
                        /** Format: date-time */
                        updatedAt: string;
                        when: components["schemas"]["def-0"] | null;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getSlugsBySlug: {
        parameters: {
            query?: {
                /** @description A verified hostname of the account (name or host_... id); the primary short host when left out */
                hostname?: string;
            };
            header?: never;
            path: {
                /** @description The slug to check, as it would be sent */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether POST /qrcodes would take this slug on that host now */
                        available: boolean;
                        /** @description invalid: not 3 to 64 of A-Z a-z 0-9 _ -; reserved: the site uses the word on the primary host; taken: another code has it on that host; null when available */
                        reason: "invalid" | "reserved" | "taken" | null;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getSubscriptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        limits: {
                            apiRequestsPerMinute: number;
                            hostnames: number | null;
                            redirectsPerMonth: number | null;
                        };
                        /** @description The month's redirects reached the limit: codes go to their default target until the month ends or the plan grows */
                        overLimit: boolean;
                        /** @description The plans the account holds now (free, or the server's default plan, included) */
                        plans: ("free" | "hostnames" | "basic" | "pro" | "ultra" | "mega")[];
                        /** @description The subscriptions whose plan counts now */
                        subscriptions: {
                            /** Format: date-time */
                            createdAt: string;
                            /** @description End of the paid period: the renewal date while active; the date a cancelled plan ends; the end of an operator grant (null: open-ended) */
                            currentPeriodEnd: string | null;
                            /** @description When the plan stops counting if nothing changes: the period end once cancelled, the end of the grace period while suspended, the end of a grant; null while it renews */
                            endsAt: string | null;
                            id: string;
                            /** @description free, hostnames, basic, pro, ultra or mega */
                            plan: "free" | "hostnames" | "basic" | "pro" | "ultra" | "mega";
                            provider: "paypal" | "operator";
                            /** @description PayPal's subscription id (I-...); null for the operator's grants */
                            providerSubscriptionId: string | null;
                            /** @description PayPal's status, lower case; operator grants are active */
                            status: "approval_pending" | "approved" | "active" | "suspended" | "cancelled" | "expired";
                        }[];
                        usage: {
                            hostnames: number;
                            /** Format: date-time */
                            periodEnd: string;
                            /** Format: date-time */
                            periodStart: string;
                            /** @description Answered human scans this calendar month (UTC) */
                            redirectsThisMonth: number;
                        };
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postSubscriptions: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sent again with the same body within 24 h, the first answer is returned instead of creating twice. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "provider": "paypal",
                 *       "subscriptionId": "I-BW452GLLEP1G"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    provider: "paypal";
                    /** @description PayPal's subscription id, as onApprove gives it (`subscriptionID`) */
                    subscriptionId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @description End of the paid period: the renewal date while active; the date a cancelled plan ends; the end of an operator grant (null: open-ended) */
                        currentPeriodEnd: string | null;
                        /** @description When the plan stops counting if nothing changes: the period end once cancelled, the end of the grace period while suspended, the end of a grant; null while it renews */
                        endsAt: string | null;
                        id: string;
                        /** @description free, hostnames, basic, pro, ultra or mega */
                        plan: "free" | "hostnames" | "basic" | "pro" | "ultra" | "mega";
                        provider: "paypal" | "operator";
                        /** @description PayPal's subscription id (I-...); null for the operator's grants */
                        providerSubscriptionId: string | null;
                        /** @description PayPal's status, lower case; operator grants are active */
                        status: "approval_pending" | "approved" | "active" | "suspended" | "cancelled" | "expired";
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @description End of the paid period: the renewal date while active; the date a cancelled plan ends; the end of an operator grant (null: open-ended) */
                        currentPeriodEnd: string | null;
                        /** @description When the plan stops counting if nothing changes: the period end once cancelled, the end of the grace period while suspended, the end of a grant; null while it renews */
                        endsAt: string | null;
                        id: string;
                        /** @description free, hostnames, basic, pro, ultra or mega */
                        plan: "free" | "hostnames" | "basic" | "pro" | "ultra" | "mega";
                        provider: "paypal" | "operator";
                        /** @description PayPal's subscription id (I-...); null for the operator's grants */
                        providerSubscriptionId: string | null;
                        /** @description PayPal's status, lower case; operator grants are active */
                        status: "approval_pending" | "approved" | "active" | "suspended" | "cancelled" | "expired";
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    deleteSubscriptionsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @description End of the paid period: the renewal date while active; the date a cancelled plan ends; the end of an operator grant (null: open-ended) */
                        currentPeriodEnd: string | null;
                        /** @description When the plan stops counting if nothing changes: the period end once cancelled, the end of the grace period while suspended, the end of a grant; null while it renews */
                        endsAt: string | null;
                        id: string;
                        /** @description free, hostnames, basic, pro, ultra or mega */
                        plan: "free" | "hostnames" | "basic" | "pro" | "ultra" | "mega";
                        provider: "paypal" | "operator";
                        /** @description PayPal's subscription id (I-...); null for the operator's grants */
                        providerSubscriptionId: string | null;
                        /** @description PayPal's status, lower case; operator grants are active */
                        status: "approval_pending" | "approved" | "active" | "suspended" | "cancelled" | "expired";
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getWebhooks: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            createdAt: string;
                            /** @example CRM sync */
                            description: string;
                            /** @description Why the system turned the endpoint off (it answered 410, or failed for days); null otherwise */
                            disabledReason: string | null;
                            /** @description Off: nothing is delivered (pending deliveries fail) */
                            enabled: boolean;
                            /** @description The event types delivered here */
                            events: ("qrcode.created" | "qrcode.updated" | "qrcode.deleted" | "qrcode.rules_updated" | "rule.created" | "rule.updated" | "rule.deleted" | "design.created" | "design.updated" | "design.deleted" | "asset.created" | "hostname.created" | "hostname.updated" | "hostname.deleted" | "hostname.verified" | "hostname.verification_failed" | "api_key.created" | "api_key.revoked" | "signing_secret.rotated" | "member.added" | "member.updated" | "member.removed" | "member.left" | "invitation.created" | "invitation.resent" | "invitation.accepted" | "invitation.revoked" | "workspace.created" | "workspace.updated" | "workspace.transferred" | "workspace.deleted" | "subscription.created" | "subscription.updated" | "subscription.cancelled" | "usage.limit_reached" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.disabled" | "scan.created" | "webhook.test")[];
                            /** @example wh_01jdx0m6r4c5zk2d9w1v8t7q3n */
                            id: string;
                            /** @description After a rotation: until when the old secret still signs beside the new one */
                            previousSecretExpiresAt: string | null;
                            /**
                             * @description Where deliveries are POSTed
                             * @example https://example.com/hooks/rq
                             */
                            url: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postWebhooks: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sent again with the same body within 24 h, the first answer is returned instead of creating twice. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://example.com/hooks/rq",
                 *       "description": "CRM sync",
                 *       "events": [
                 *         "qrcode.created"
                 *       ]
                 *     }
                 */
                "application/json": {
                    description?: string;
                    /** @default true */
                    enabled?: boolean;
                    events: ("qrcode.created" | "qrcode.updated" | "qrcode.deleted" | "qrcode.rules_updated" | "rule.created" | "rule.updated" | "rule.deleted" | "design.created" | "design.updated" | "design.deleted" | "asset.created" | "hostname.created" | "hostname.updated" | "hostname.deleted" | "hostname.verified" | "hostname.verification_failed" | "api_key.created" | "api_key.revoked" | "signing_secret.rotated" | "member.added" | "member.updated" | "member.removed" | "member.left" | "invitation.created" | "invitation.resent" | "invitation.accepted" | "invitation.revoked" | "workspace.created" | "workspace.updated" | "workspace.transferred" | "workspace.deleted" | "subscription.created" | "subscription.updated" | "subscription.cancelled" | "usage.limit_reached" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.disabled" | "scan.created" | "webhook.test")[];
                    /** @description An absolute http(s) URL on a public address */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @example CRM sync */
                        description: string;
                        /** @description Why the system turned the endpoint off (it answered 410, or failed for days); null otherwise */
                        disabledReason: string | null;
                        /** @description Off: nothing is delivered (pending deliveries fail) */
                        enabled: boolean;
                        /** @description The event types delivered here */
                        events: ("qrcode.created" | "qrcode.updated" | "qrcode.deleted" | "qrcode.rules_updated" | "rule.created" | "rule.updated" | "rule.deleted" | "design.created" | "design.updated" | "design.deleted" | "asset.created" | "hostname.created" | "hostname.updated" | "hostname.deleted" | "hostname.verified" | "hostname.verification_failed" | "api_key.created" | "api_key.revoked" | "signing_secret.rotated" | "member.added" | "member.updated" | "member.removed" | "member.left" | "invitation.created" | "invitation.resent" | "invitation.accepted" | "invitation.revoked" | "workspace.created" | "workspace.updated" | "workspace.transferred" | "workspace.deleted" | "subscription.created" | "subscription.updated" | "subscription.cancelled" | "usage.limit_reached" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.disabled" | "scan.created" | "webhook.test")[];
                        /** @example wh_01jdx0m6r4c5zk2d9w1v8t7q3n */
                        id: string;
                        /** @description After a rotation: until when the old secret still signs beside the new one */
                        previousSecretExpiresAt: string | null;
                        /**
                         * @description The signing secret, `whsec_` and base64 bytes: shown only in this answer (create and rotate); verify deliveries with it
                         * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
                         */
                        secret: string;
                        /**
                         * @description Where deliveries are POSTed
                         * @example https://example.com/hooks/rq
                         */
                        url: string;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @example CRM sync */
                        description: string;
                        /** @description Why the system turned the endpoint off (it answered 410, or failed for days); null otherwise */
                        disabledReason: string | null;
                        /** @description Off: nothing is delivered (pending deliveries fail) */
                        enabled: boolean;
                        /** @description The event types delivered here */
                        events: ("qrcode.created" | "qrcode.updated" | "qrcode.deleted" | "qrcode.rules_updated" | "rule.created" | "rule.updated" | "rule.deleted" | "design.created" | "design.updated" | "design.deleted" | "asset.created" | "hostname.created" | "hostname.updated" | "hostname.deleted" | "hostname.verified" | "hostname.verification_failed" | "api_key.created" | "api_key.revoked" | "signing_secret.rotated" | "member.added" | "member.updated" | "member.removed" | "member.left" | "invitation.created" | "invitation.resent" | "invitation.accepted" | "invitation.revoked" | "workspace.created" | "workspace.updated" | "workspace.transferred" | "workspace.deleted" | "subscription.created" | "subscription.updated" | "subscription.cancelled" | "usage.limit_reached" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.disabled" | "scan.created" | "webhook.test")[];
                        /** @example wh_01jdx0m6r4c5zk2d9w1v8t7q3n */
                        id: string;
                        /** @description After a rotation: until when the old secret still signs beside the new one */
                        previousSecretExpiresAt: string | null;
                        /**
                         * @description Where deliveries are POSTed
                         * @example https://example.com/hooks/rq
                         */
                        url: string;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    deleteWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    patchWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled": false
                 *     }
                 */
                "application/json": {
                    /** @description null empties it */
                    description?: string | null;
                    /** @description true turns a disabled endpoint back on */
                    enabled?: boolean;
                    events?: ("qrcode.created" | "qrcode.updated" | "qrcode.deleted" | "qrcode.rules_updated" | "rule.created" | "rule.updated" | "rule.deleted" | "design.created" | "design.updated" | "design.deleted" | "asset.created" | "hostname.created" | "hostname.updated" | "hostname.deleted" | "hostname.verified" | "hostname.verification_failed" | "api_key.created" | "api_key.revoked" | "signing_secret.rotated" | "member.added" | "member.updated" | "member.removed" | "member.left" | "invitation.created" | "invitation.resent" | "invitation.accepted" | "invitation.revoked" | "workspace.created" | "workspace.updated" | "workspace.transferred" | "workspace.deleted" | "subscription.created" | "subscription.updated" | "subscription.cancelled" | "usage.limit_reached" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.disabled" | "scan.created" | "webhook.test")[];
                    /** @description An absolute http(s) URL on a public address */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @example CRM sync */
                        description: string;
                        /** @description Why the system turned the endpoint off (it answered 410, or failed for days); null otherwise */
                        disabledReason: string | null;
                        /** @description Off: nothing is delivered (pending deliveries fail) */
                        enabled: boolean;
                        /** @description The event types delivered here */
                        events: ("qrcode.created" | "qrcode.updated" | "qrcode.deleted" | "qrcode.rules_updated" | "rule.created" | "rule.updated" | "rule.deleted" | "design.created" | "design.updated" | "design.deleted" | "asset.created" | "hostname.created" | "hostname.updated" | "hostname.deleted" | "hostname.verified" | "hostname.verification_failed" | "api_key.created" | "api_key.revoked" | "signing_secret.rotated" | "member.added" | "member.updated" | "member.removed" | "member.left" | "invitation.created" | "invitation.resent" | "invitation.accepted" | "invitation.revoked" | "workspace.created" | "workspace.updated" | "workspace.transferred" | "workspace.deleted" | "subscription.created" | "subscription.updated" | "subscription.cancelled" | "usage.limit_reached" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.disabled" | "scan.created" | "webhook.test")[];
                        /** @example wh_01jdx0m6r4c5zk2d9w1v8t7q3n */
                        id: string;
                        /** @description After a rotation: until when the old secret still signs beside the new one */
                        previousSecretExpiresAt: string | null;
                        /**
                         * @description Where deliveries are POSTed
                         * @example https://example.com/hooks/rq
                         */
                        url: string;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getWebhooksByIdDeliveries: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description An audit event type (as GET /events shows them), `scan.created` (each scan, as the live stream shows it) or `webhook.test` */
                eventType?: "qrcode.created" | "qrcode.updated" | "qrcode.deleted" | "qrcode.rules_updated" | "rule.created" | "rule.updated" | "rule.deleted" | "design.created" | "design.updated" | "design.deleted" | "asset.created" | "hostname.created" | "hostname.updated" | "hostname.deleted" | "hostname.verified" | "hostname.verification_failed" | "api_key.created" | "api_key.revoked" | "signing_secret.rotated" | "member.added" | "member.updated" | "member.removed" | "member.left" | "invitation.created" | "invitation.resent" | "invitation.accepted" | "invitation.revoked" | "workspace.created" | "workspace.updated" | "workspace.transferred" | "workspace.deleted" | "subscription.created" | "subscription.updated" | "subscription.cancelled" | "usage.limit_reached" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.disabled" | "scan.created" | "webhook.test";
                /** @description Deliveries made at or after this time (ISO 8601, UTC) */
                from?: string;
                limit?: number;
                /** @description pending: not delivered yet (attempts left); delivered: answered 2xx; failed: out of attempts */
                status?: "pending" | "delivered" | "failed";
                /** @description Deliveries made before this time (exclusive) */
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * Format: date-time
                             * @description The last attempt, or when the delivery was made
                             */
                            at: string;
                            /** @description Attempts made so far */
                            attempt: number;
                            /** @description The last attempt's duration */
                            durationMs: number | null;
                            /** @description The `webhook-id` of every attempt: the event id (evt_...), a scan id, ... */
                            eventId: string;
                            /**
                             * @description An audit event type (as GET /events shows them), `scan.created` (each scan, as the live stream shows it) or `webhook.test`
                             * @enum {string}
                             */
                            eventType: "qrcode.created" | "qrcode.updated" | "qrcode.deleted" | "qrcode.rules_updated" | "rule.created" | "rule.updated" | "rule.deleted" | "design.created" | "design.updated" | "design.deleted" | "asset.created" | "hostname.created" | "hostname.updated" | "hostname.deleted" | "hostname.verified" | "hostname.verification_failed" | "api_key.created" | "api_key.revoked" | "signing_secret.rotated" | "member.added" | "member.updated" | "member.removed" | "member.left" | "invitation.created" | "invitation.resent" | "invitation.accepted" | "invitation.revoked" | "workspace.created" | "workspace.updated" | "workspace.transferred" | "workspace.deleted" | "subscription.created" | "subscription.updated" | "subscription.cancelled" | "usage.limit_reached" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.disabled" | "scan.created" | "webhook.test";
                            /** @example dlv_01jdx0m6r4c5zk2d9w1v8t7q3n */
                            id: string;
                            /** @description When the next attempt is due (pending only) */
                            nextAttemptAt: string | null;
                            /** @description The id of the API request that made the event (the event's `requestId`), sent as the `rq-request-id` header; null for the system's events and scans */
                            requestId: string | null;
                            /** @description The last attempt's answer status; null before any, or without an answer */
                            responseStatus: number | null;
                            /** @description pending: not delivered yet (attempts left); delivered: answered 2xx; failed: out of attempts */
                            status: "pending" | "delivered" | "failed";
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getWebhooksByIdDeliveriesByDeliveryId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description The last attempt, or when the delivery was made
                         */
                        at: string;
                        /** @description Attempts made so far */
                        attempt: number;
                        /** @description Oldest first */
                        attempts: {
                            /** Format: date-time */
                            at: string;
                            attempt: number;
                            durationMs: number;
                            /** @description Why the attempt failed without an answer: timeout, refused address, network */
                            error: string | null;
                            request: {
                                /** @description The JSON body sent, cut at 16 KiB */
                                body: string;
                                bodyTruncated: boolean;
                                headers: {
                                    [key: string]: string;
                                };
                            };
                            /** @description null: no answer (see error) */
                            response: {
                                /** @description The answer, read up to 4 KiB */
                                body: string;
                                bodyTruncated: boolean;
                                headers: {
                                    [key: string]: string;
                                };
                                status: number;
                            } | null;
                        }[];
                        /** @description The last attempt's duration */
                        durationMs: number | null;
                        /** @description The `webhook-id` of every attempt: the event id (evt_...), a scan id, ... */
                        eventId: string;
                        /**
                         * @description An audit event type (as GET /events shows them), `scan.created` (each scan, as the live stream shows it) or `webhook.test`
                         * @enum {string}
                         */
                        eventType: "qrcode.created" | "qrcode.updated" | "qrcode.deleted" | "qrcode.rules_updated" | "rule.created" | "rule.updated" | "rule.deleted" | "design.created" | "design.updated" | "design.deleted" | "asset.created" | "hostname.created" | "hostname.updated" | "hostname.deleted" | "hostname.verified" | "hostname.verification_failed" | "api_key.created" | "api_key.revoked" | "signing_secret.rotated" | "member.added" | "member.updated" | "member.removed" | "member.left" | "invitation.created" | "invitation.resent" | "invitation.accepted" | "invitation.revoked" | "workspace.created" | "workspace.updated" | "workspace.transferred" | "workspace.deleted" | "subscription.created" | "subscription.updated" | "subscription.cancelled" | "usage.limit_reached" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.disabled" | "scan.created" | "webhook.test";
                        /** @example dlv_01jdx0m6r4c5zk2d9w1v8t7q3n */
                        id: string;
                        /** @description When the next attempt is due (pending only) */
                        nextAttemptAt: string | null;
                        /** @description The id of the API request that made the event (the event's `requestId`), sent as the `rq-request-id` header; null for the system's events and scans */
                        requestId: string | null;
                        /** @description The last attempt's answer status; null before any, or without an answer */
                        responseStatus: number | null;
                        /** @description pending: not delivered yet (attempts left); delivered: answered 2xx; failed: out of attempts */
                        status: "pending" | "delivered" | "failed";
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postWebhooksByIdDeliveriesByDeliveryIdRetry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description The last attempt, or when the delivery was made
                         */
                        at: string;
                        /** @description Attempts made so far */
                        attempt: number;
                        /** @description The last attempt's duration */
                        durationMs: number | null;
                        /** @description The `webhook-id` of every attempt: the event id (evt_...), a scan id, ... */
                        eventId: string;
                        /**
                         * @description An audit event type (as GET /events shows them), `scan.created` (each scan, as the live stream shows it) or `webhook.test`
                         * @enum {string}
                         */
                        eventType: "qrcode.created" | "qrcode.updated" | "qrcode.deleted" | "qrcode.rules_updated" | "rule.created" | "rule.updated" | "rule.deleted" | "design.created" | "design.updated" | "design.deleted" | "asset.created" | "hostname.created" | "hostname.updated" | "hostname.deleted" | "hostname.verified" | "hostname.verification_failed" | "api_key.created" | "api_key.revoked" | "signing_secret.rotated" | "member.added" | "member.updated" | "member.removed" | "member.left" | "invitation.created" | "invitation.resent" | "invitation.accepted" | "invitation.revoked" | "workspace.created" | "workspace.updated" | "workspace.transferred" | "workspace.deleted" | "subscription.created" | "subscription.updated" | "subscription.cancelled" | "usage.limit_reached" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.disabled" | "scan.created" | "webhook.test";
                        /** @example dlv_01jdx0m6r4c5zk2d9w1v8t7q3n */
                        id: string;
                        /** @description When the next attempt is due (pending only) */
                        nextAttemptAt: string | null;
                        /** @description The id of the API request that made the event (the event's `requestId`), sent as the `rq-request-id` header; null for the system's events and scans */
                        requestId: string | null;
                        /** @description The last attempt's answer status; null before any, or without an answer */
                        responseStatus: number | null;
                        /** @description pending: not delivered yet (attempts left); delivered: answered 2xx; failed: out of attempts */
                        status: "pending" | "delivered" | "failed";
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postWebhooksByIdRotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @example CRM sync */
                        description: string;
                        /** @description Why the system turned the endpoint off (it answered 410, or failed for days); null otherwise */
                        disabledReason: string | null;
                        /** @description Off: nothing is delivered (pending deliveries fail) */
                        enabled: boolean;
                        /** @description The event types delivered here */
                        events: ("qrcode.created" | "qrcode.updated" | "qrcode.deleted" | "qrcode.rules_updated" | "rule.created" | "rule.updated" | "rule.deleted" | "design.created" | "design.updated" | "design.deleted" | "asset.created" | "hostname.created" | "hostname.updated" | "hostname.deleted" | "hostname.verified" | "hostname.verification_failed" | "api_key.created" | "api_key.revoked" | "signing_secret.rotated" | "member.added" | "member.updated" | "member.removed" | "member.left" | "invitation.created" | "invitation.resent" | "invitation.accepted" | "invitation.revoked" | "workspace.created" | "workspace.updated" | "workspace.transferred" | "workspace.deleted" | "subscription.created" | "subscription.updated" | "subscription.cancelled" | "usage.limit_reached" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.disabled" | "scan.created" | "webhook.test")[];
                        /** @example wh_01jdx0m6r4c5zk2d9w1v8t7q3n */
                        id: string;
                        /** @description After a rotation: until when the old secret still signs beside the new one */
                        previousSecretExpiresAt: string | null;
                        /**
                         * @description The signing secret, `whsec_` and base64 bytes: shown only in this answer (create and rotate); verify deliveries with it
                         * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
                         */
                        secret: string;
                        /**
                         * @description Where deliveries are POSTed
                         * @example https://example.com/hooks/rq
                         */
                        url: string;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postWebhooksByIdTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description The last attempt, or when the delivery was made
                         */
                        at: string;
                        /** @description Attempts made so far */
                        attempt: number;
                        /** @description The last attempt's duration */
                        durationMs: number | null;
                        /** @description The `webhook-id` of every attempt: the event id (evt_...), a scan id, ... */
                        eventId: string;
                        /**
                         * @description An audit event type (as GET /events shows them), `scan.created` (each scan, as the live stream shows it) or `webhook.test`
                         * @enum {string}
                         */
                        eventType: "qrcode.created" | "qrcode.updated" | "qrcode.deleted" | "qrcode.rules_updated" | "rule.created" | "rule.updated" | "rule.deleted" | "design.created" | "design.updated" | "design.deleted" | "asset.created" | "hostname.created" | "hostname.updated" | "hostname.deleted" | "hostname.verified" | "hostname.verification_failed" | "api_key.created" | "api_key.revoked" | "signing_secret.rotated" | "member.added" | "member.updated" | "member.removed" | "member.left" | "invitation.created" | "invitation.resent" | "invitation.accepted" | "invitation.revoked" | "workspace.created" | "workspace.updated" | "workspace.transferred" | "workspace.deleted" | "subscription.created" | "subscription.updated" | "subscription.cancelled" | "usage.limit_reached" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.disabled" | "scan.created" | "webhook.test";
                        /** @example dlv_01jdx0m6r4c5zk2d9w1v8t7q3n */
                        id: string;
                        /** @description When the next attempt is due (pending only) */
                        nextAttemptAt: string | null;
                        /** @description The id of the API request that made the event (the event's `requestId`), sent as the `rq-request-id` header; null for the system's events and scans */
                        requestId: string | null;
                        /** @description The last attempt's answer status; null before any, or without an answer */
                        responseStatus: number | null;
                        /** @description pending: not delivered yet (attempts left); delivered: answered 2xx; failed: out of attempts */
                        status: "pending" | "delivered" | "failed";
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getWorkspaces: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            createdAt: string;
                            /** @example acct_01jdx0m6r4c5zk2d9w1v8t7q3n */
                            id: string;
                            name: string;
                            /** @description The user's own workspace, made at first sign-in */
                            personal: boolean;
                            /** @description Your role here; for an API key `admin`, within the key's scopes (keys never pay, transfer or delete) */
                            role: "viewer" | "editor" | "admin" | "owner";
                        }[];
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postWorkspaces: {
        parameters: {
            query?: never;
            header?: {
                /** @description Sent again with the same body within 24 h, the first answer is returned instead of creating twice. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Acme marketing"
                 *     }
                 */
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @example acct_01jdx0m6r4c5zk2d9w1v8t7q3n */
                        id: string;
                        name: string;
                        /** @description The user's own workspace, made at first sign-in */
                        personal: boolean;
                        /** @description Your role here; for an API key `admin`, within the key's scopes (keys never pay, transfer or delete) */
                        role: "viewer" | "editor" | "admin" | "owner";
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getWorkspacesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example acct_01jdx0m6r4c5zk2d9w1v8t7q3n */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @example acct_01jdx0m6r4c5zk2d9w1v8t7q3n */
                        id: string;
                        name: string;
                        /** @description The user's own workspace, made at first sign-in */
                        personal: boolean;
                        /** @description Your role here; for an API key `admin`, within the key's scopes (keys never pay, transfer or delete) */
                        role: "viewer" | "editor" | "admin" | "owner";
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    deleteWorkspacesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example acct_01jdx0m6r4c5zk2d9w1v8t7q3n */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "confirm": "Acme marketing"
                 *     }
                 */
                "application/json": {
                    /** @description The workspace's exact name, typed by the person deleting it */
                    confirm?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        deleted: true;
                        /** @description What deleting did: its codes stopped redirecting at once, its data is gone */
                        detail: string;
                        /** @example acct_01jdx0m6r4c5zk2d9w1v8t7q3n */
                        id: string;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    patchWorkspacesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example acct_01jdx0m6r4c5zk2d9w1v8t7q3n */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Acme brand team"
                 *     }
                 */
                "application/json": {
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        /** @example acct_01jdx0m6r4c5zk2d9w1v8t7q3n */
                        id: string;
                        name: string;
                        /** @description The user's own workspace, made at first sign-in */
                        personal: boolean;
                        /** @description Your role here; for an API key `admin`, within the key's scopes (keys never pay, transfer or delete) */
                        role: "viewer" | "editor" | "admin" | "owner";
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getWorkspacesByIdInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example acct_01jdx0m6r4c5zk2d9w1v8t7q3n */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Pending invitations: not accepted, revoked or expired */
                        data: {
                            /** Format: date-time */
                            createdAt: string;
                            email: string;
                            /** Format: date-time */
                            expiresAt: string;
                            /** @example inv_01jdx0m6r4c5zk2d9w1v8t7q3n */
                            id: string;
                            /** @description The uid of the member who invited */
                            invitedBy: string;
                            /** @description admin, editor or viewer; the owner changes only by transfer (POST /workspaces/{id}/transfer) */
                            role: "admin" | "editor" | "viewer";
                        }[];
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postWorkspacesByIdInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example acct_01jdx0m6r4c5zk2d9w1v8t7q3n */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "sam@example.com",
                 *       "role": "editor"
                 *     }
                 */
                "application/json": {
                    /** Format: email */
                    email: string;
                    /** @description admin, editor or viewer; the owner changes only by transfer (POST /workspaces/{id}/transfer) */
                    role: "admin" | "editor" | "viewer";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        email: string;
                        /** Format: date-time */
                        expiresAt: string;
                        /** @example inv_01jdx0m6r4c5zk2d9w1v8t7q3n */
                        id: string;
                        /** @description The uid of the member who invited */
                        invitedBy: string;
                        /** @description Whether the link was also e-mailed (the server has SMTP_URL and the mail server took it). false: share the url yourself; the invitation exists either way. */
                        mailed: boolean;
                        /** @description admin, editor or viewer; the owner changes only by transfer (POST /workspaces/{id}/transfer) */
                        role: "admin" | "editor" | "viewer";
                        /** @description The link to accept, with the token in its fragment: shown only in this answer (we keep a hash). Share it with the invited person. */
                        url: string;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    deleteWorkspacesByIdInvitationsByInvId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example acct_01jdx0m6r4c5zk2d9w1v8t7q3n */
                id: string;
                /** @example inv_01jdx0m6r4c5zk2d9w1v8t7q3n */
                invId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postWorkspacesByIdInvitationsByInvIdResend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example acct_01jdx0m6r4c5zk2d9w1v8t7q3n */
                id: string;
                /** @example inv_01jdx0m6r4c5zk2d9w1v8t7q3n */
                invId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        createdAt: string;
                        email: string;
                        /** Format: date-time */
                        expiresAt: string;
                        /** @example inv_01jdx0m6r4c5zk2d9w1v8t7q3n */
                        id: string;
                        /** @description The uid of the member who invited */
                        invitedBy: string;
                        /** @description Whether the link was also e-mailed (the server has SMTP_URL and the mail server took it). false: share the url yourself; the invitation exists either way. */
                        mailed: boolean;
                        /** @description admin, editor or viewer; the owner changes only by transfer (POST /workspaces/{id}/transfer) */
                        role: "admin" | "editor" | "viewer";
                        /** @description The link to accept, with the token in its fragment: shown only in this answer (we keep a hash). Share it with the invited person. */
                        url: string;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getWorkspacesByIdMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example acct_01jdx0m6r4c5zk2d9w1v8t7q3n */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            displayName: string | null;
                            email: string | null;
                            /** Format: date-time */
                            joinedAt: string;
                            /** @description owner > admin > editor > viewer: each may do all that the weaker roles may */
                            role: "viewer" | "editor" | "admin" | "owner";
                            uid: string;
                        }[];
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    deleteWorkspacesByIdMembersByUid: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example acct_01jdx0m6r4c5zk2d9w1v8t7q3n */
                id: string;
                /** @description The member's user id (uid) */
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    patchWorkspacesByIdMembersByUid: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example acct_01jdx0m6r4c5zk2d9w1v8t7q3n */
                id: string;
                /** @description The member's user id (uid) */
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "editor"
                 *     }
                 */
                "application/json": {
                    /** @description admin, editor or viewer; the owner changes only by transfer (POST /workspaces/{id}/transfer) */
                    role: "admin" | "editor" | "viewer";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        displayName: string | null;
                        email: string | null;
                        /** Format: date-time */
                        joinedAt: string;
                        /** @description owner > admin > editor > viewer: each may do all that the weaker roles may */
                        role: "viewer" | "editor" | "admin" | "owner";
                        uid: string;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    postWorkspacesByIdTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example acct_01jdx0m6r4c5zk2d9w1v8t7q3n */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "uid": "Xk3vQ9m2LdPz7sTn0aYb4cWe8fGh"
                 *     }
                 */
                "application/json": {
                    /** @description The member who becomes the owner */
                    uid: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            displayName: string | null;
                            email: string | null;
                            /** Format: date-time */
                            joinedAt: string;
                            /** @description owner > admin > editor > viewer: each may do all that the weaker roles may */
                            role: "viewer" | "editor" | "admin" | "owner";
                            uid: string;
                        }[];
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description application/problem+json (RFC 9457) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        code: string;
                        detail: string;
                        errors?: {
                            message: string;
                            path: string;
                        }[];
                        /** @description The `x-request-id` of the answer: quote it when you report a problem */
                        requestId: string;
                        status: number;
                        title: string;
                        type: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getHealthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
        };
    };
    getReadyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        database: string;
                        /** @description Only when REDIS_URL is set */
                        redis?: "ok" | "unavailable";
                        status: "ok" | "degraded";
                    };
                };
            };
        };
    };
}

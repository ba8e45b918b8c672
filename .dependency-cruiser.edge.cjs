// The edge rule over everything a scan loads, not only the edge's own imports (`npm run
// lint:boundaries` runs this after .dependency-cruiser.cjs). It is a config of its own because it
// follows run-time imports only: a type-only import loads nothing, and the main config must keep
// seeing them (its table rules are about types).
const base = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'edge-reaches-no-admin-code',
      comment:
        'Nothing a scan loads, directly or through other files, is admin code: no routes, schemas, ' +
        'validators or wiring of another module (they build TypeBox schemas at load), no admin ' +
        "plugin, and not the @rq/qr renderer. It starts from redirect's files and from the qrcodes' and scans' files " +
        'the edge is handed at run time (the code lookup, the recorder). ' +
        "Redirect's own admin part (the simulator, the module " +
        'wiring, permissions) is not the edge.',
      severity: 'error',
      from: {
        // The redirect module, and what it is handed at run time through decorators: the code
        // lookup (qrcodes) and the scan recorder with its writers and journal (scans).
        path: [
          '^server/src/modules/redirect/',
          '^server/src/modules/qrcodes/(edge-code-lookup|edge-code-file|edge-code[.]repository|file-hash-table|edge-fields)[.]ts$',
          '^server/src/modules/scans/(scan|scan-id|scan-counter[^/]*|scan-recorder|scan-journal|scan-writer[^/]*|scan-shipper[^/]*|scans[.]sqlite-writer|scans[.]service)[.]ts$',
        ],
        pathNot: [
          '^server/src/modules/redirect/(redirect[.]module|redirect[.]permissions|simulate[.][^/]+|scan-simulator)[.]ts$',
          '[.]test[.]ts$',
        ],
      },
      to: {
        reachable: true,
        path: [
          '^server/src/modules/(?!redirect/)[^/]+/[^/]+[.](routes|schemas|module|validate)[.]ts$',
          '^server/src/modules/redirect/(redirect[.]module|redirect[.]permissions|simulate[.][^/]+|scan-simulator)[.]ts$',
          '^server/src/plugins/(auth|idempotency|openapi)[.]ts$',
          // The workspace package, however it resolves (by name unbuilt, to its files built).
          '^(@rq/qr|packages/qr/)',
          '(^|/)node_modules/(@resvg/|zxing-wasm/|firebase-admin/)',
        ],
      },
    },
  ],
  options: { ...base.options, tsPreCompilationDeps: false },
};

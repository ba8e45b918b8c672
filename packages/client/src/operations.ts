// Generated from the server's OpenAPI document by `npm run api:types` (scripts/api-types.mjs).
// Do not edit: change the route schemas in server/src and run the script again.

/** Every JSON operation by resource and method name: its HTTP method, path and operationId. */
export const OPERATIONS = {
  analytics: {
    /** Scans by a dimension */
    getBreakdown: {
      method: 'get',
      path: '/api/v1/analytics/breakdown',
      operationId: 'getAnalyticsBreakdown',
    },
    /** Totals, series and breakdowns in one answer */
    getDashboard: {
      method: 'get',
      path: '/api/v1/analytics/dashboard',
      operationId: 'getAnalyticsDashboard',
    },
    /** Totals and uniques */
    getSummary: {
      method: 'get',
      path: '/api/v1/analytics/summary',
      operationId: 'getAnalyticsSummary',
    },
    /** Scans over time */
    getTimeseries: {
      method: 'get',
      path: '/api/v1/analytics/timeseries',
      operationId: 'getAnalyticsTimeseries',
    },
  },
  apiKeys: {
    /** Create an API key */
    create: {
      method: 'post',
      path: '/api/v1/api-keys',
      operationId: 'postApiKeys',
    },
    /** Revoke an API key */
    delete: {
      method: 'delete',
      path: '/api/v1/api-keys/{id}',
      operationId: 'deleteApiKeysById',
    },
    /** Get an API key */
    get: {
      method: 'get',
      path: '/api/v1/api-keys/{id}',
      operationId: 'getApiKeysById',
    },
    /** List API keys */
    list: {
      method: 'get',
      path: '/api/v1/api-keys',
      operationId: 'getApiKeys',
    },
  },
  assets: {
    /** Store an image (a logo) */
    create: {
      method: 'post',
      path: '/api/v1/assets',
      operationId: 'postAssets',
    },
  },
  billing: {
    /** PayPal's webhook */
    webhookPaypal: {
      method: 'post',
      path: '/api/v1/billing/paypal/webhook',
      operationId: 'postBillingPaypalWebhook',
    },
  },
  config: {
    /** Public settings for the web site */
    get: {
      method: 'get',
      path: '/api/v1/config',
      operationId: 'getConfig',
    },
  },
  conversions: {
    /** Report many conversions (JSON or CSV) */
    bulk: {
      method: 'post',
      path: '/api/v1/conversions/bulk',
      operationId: 'postConversionsBulk',
    },
    /** Report a conversion */
    create: {
      method: 'post',
      path: '/api/v1/conversions',
      operationId: 'postConversions',
    },
    /** Get the conversion settings */
    getSettings: {
      method: 'get',
      path: '/api/v1/conversions/settings',
      operationId: 'getConversionsSettings',
    },
    /** List conversions */
    list: {
      method: 'get',
      path: '/api/v1/conversions',
      operationId: 'getConversions',
    },
    /** Change the conversion settings */
    updateSettings: {
      method: 'patch',
      path: '/api/v1/conversions/settings',
      operationId: 'patchConversionsSettings',
    },
  },
  designs: {
    /** Apply a design to codes */
    apply: {
      method: 'post',
      path: '/api/v1/designs/{id}/apply',
      operationId: 'postDesignsByIdApply',
    },
    /** Save a design */
    create: {
      method: 'post',
      path: '/api/v1/designs',
      operationId: 'postDesigns',
    },
    /** Delete a design */
    delete: {
      method: 'delete',
      path: '/api/v1/designs/{id}',
      operationId: 'deleteDesignsById',
    },
    /** Get a design */
    get: {
      method: 'get',
      path: '/api/v1/designs/{id}',
      operationId: 'getDesignsById',
    },
    /** List designs */
    list: {
      method: 'get',
      path: '/api/v1/designs',
      operationId: 'getDesigns',
    },
    /** Change a design */
    update: {
      method: 'patch',
      path: '/api/v1/designs/{id}',
      operationId: 'patchDesignsById',
    },
  },
  events: {
    /** List events */
    list: {
      method: 'get',
      path: '/api/v1/events',
      operationId: 'getEvents',
    },
  },
  experiments: {
    /** List experiments */
    list: {
      method: 'get',
      path: '/api/v1/experiments',
      operationId: 'getExperiments',
    },
  },
  gs1: {
    /** Delete many GS1 items */
    bulkDeleteItems: {
      method: 'post',
      path: '/api/v1/gs1/items/bulk-delete',
      operationId: 'postGs1ItemsBulkDelete',
    },
    /** Register many GS1 items */
    bulkItems: {
      method: 'post',
      path: '/api/v1/gs1/items/bulk',
      operationId: 'postGs1ItemsBulk',
    },
    /** Change many GS1 items */
    bulkUpdateItems: {
      method: 'post',
      path: '/api/v1/gs1/items/bulk-update',
      operationId: 'postGs1ItemsBulkUpdate',
    },
    /** Register a GS1 item */
    createItem: {
      method: 'post',
      path: '/api/v1/gs1/items',
      operationId: 'postGs1Items',
    },
    /** Delete a GS1 item */
    deleteItem: {
      method: 'delete',
      path: '/api/v1/gs1/items/{id}',
      operationId: 'deleteGs1ItemsById',
    },
    /** Get a GS1 item */
    getItem: {
      method: 'get',
      path: '/api/v1/gs1/items/{id}',
      operationId: 'getGs1ItemsById',
    },
    /** Export GS1 items */
    getItemsExportJson: {
      method: 'get',
      path: '/api/v1/gs1/items/export.json',
      operationId: 'getGs1ItemsExportJson',
    },
    /** List GS1 items */
    listItems: {
      method: 'get',
      path: '/api/v1/gs1/items',
      operationId: 'getGs1Items',
    },
    /** Simulate a scan of a GS1 item */
    simulateItem: {
      method: 'post',
      path: '/api/v1/gs1/items/{id}/simulate',
      operationId: 'postGs1ItemsByIdSimulate',
    },
    /** Change a GS1 item */
    updateItem: {
      method: 'patch',
      path: '/api/v1/gs1/items/{id}',
      operationId: 'patchGs1ItemsById',
    },
    /** Write a GS1 Digital Link URI */
    writeUri: {
      method: 'post',
      path: '/api/v1/gs1/write-uri',
      operationId: 'postGs1WriteUri',
    },
  },
  hostnames: {
    /** Add a hostname */
    create: {
      method: 'post',
      path: '/api/v1/hostnames',
      operationId: 'postHostnames',
    },
    /** Delete a hostname */
    delete: {
      method: 'delete',
      path: '/api/v1/hostnames/{id}',
      operationId: 'deleteHostnamesById',
    },
    /** Get a hostname */
    get: {
      method: 'get',
      path: '/api/v1/hostnames/{id}',
      operationId: 'getHostnamesById',
    },
    /** List hostnames */
    list: {
      method: 'get',
      path: '/api/v1/hostnames',
      operationId: 'getHostnames',
    },
    /** Change a hostname's redirects, app links and GS1 resolver mark */
    update: {
      method: 'patch',
      path: '/api/v1/hostnames/{id}',
      operationId: 'patchHostnamesById',
    },
    /** Verify a hostname now */
    verify: {
      method: 'post',
      path: '/api/v1/hostnames/{id}/verify',
      operationId: 'postHostnamesByIdVerify',
    },
  },
  invitations: {
    /** Accept an invitation */
    accept: {
      method: 'post',
      path: '/api/v1/invitations/accept',
      operationId: 'postInvitationsAccept',
    },
  },
  me: {
    /** A link that verifies your e-mail address (Auth emulator) */
    emailVerification: {
      method: 'post',
      path: '/api/v1/me/email-verification',
      operationId: 'postMeEmailVerification',
    },
    /** The account you are signed in as, and your workspaces */
    get: {
      method: 'get',
      path: '/api/v1/me',
      operationId: 'getMe',
    },
    /** The signing secret, masked */
    getSigningSecret: {
      method: 'get',
      path: '/api/v1/me/signing-secret',
      operationId: 'getMeSigningSecret',
    },
    /** Replace the signing secret */
    rotateSigningSecret: {
      method: 'post',
      path: '/api/v1/me/signing-secret/rotate',
      operationId: 'postMeSigningSecretRotate',
    },
  },
  plans: {
    /** List the plans */
    list: {
      method: 'get',
      path: '/api/v1/plans',
      operationId: 'getPlans',
    },
  },
  qrcodes: {
    /** Create up to 1,000 QR codes */
    bulk: {
      method: 'post',
      path: '/api/v1/qrcodes/bulk',
      operationId: 'postQrcodesBulk',
    },
    /** Delete up to 1,000 QR codes */
    bulkDelete: {
      method: 'post',
      path: '/api/v1/qrcodes/bulk-delete',
      operationId: 'postQrcodesBulkDelete',
    },
    /** Change up to 1,000 QR codes with one merge patch */
    bulkUpdate: {
      method: 'post',
      path: '/api/v1/qrcodes/bulk-update',
      operationId: 'postQrcodesBulkUpdate',
    },
    /** Create a QR code */
    create: {
      method: 'post',
      path: '/api/v1/qrcodes',
      operationId: 'postQrcodes',
    },
    /** Delete a QR code */
    delete: {
      method: 'delete',
      path: '/api/v1/qrcodes/{id}',
      operationId: 'deleteQrcodesById',
    },
    /** Get a QR code */
    get: {
      method: 'get',
      path: '/api/v1/qrcodes/{id}',
      operationId: 'getQrcodesById',
    },
    /** Count QR codes */
    getCount: {
      method: 'get',
      path: '/api/v1/qrcodes/count',
      operationId: 'getQrcodesCount',
    },
    /** Export codes as JSON */
    getExportJson: {
      method: 'get',
      path: '/api/v1/qrcodes/export.json',
      operationId: 'getQrcodesExportJson',
    },
    /** A QR code's rules, in order */
    getRules: {
      method: 'get',
      path: '/api/v1/qrcodes/{id}/rules',
      operationId: 'getQrcodesByIdRules',
    },
    /** Import codes from a file */
    import: {
      method: 'post',
      path: '/api/v1/qrcodes/import',
      operationId: 'postQrcodesImport',
    },
    /** List QR codes */
    list: {
      method: 'get',
      path: '/api/v1/qrcodes',
      operationId: 'getQrcodes',
    },
    /** Replace a QR code's rules */
    setRules: {
      method: 'put',
      path: '/api/v1/qrcodes/{id}/rules',
      operationId: 'putQrcodesByIdRules',
    },
    /** Simulate a scan */
    simulate: {
      method: 'post',
      path: '/api/v1/qrcodes/{id}/simulate',
      operationId: 'postQrcodesByIdSimulate',
    },
    /** Change a QR code */
    update: {
      method: 'patch',
      path: '/api/v1/qrcodes/{id}',
      operationId: 'patchQrcodesById',
    },
  },
  render: {
    /** Render a design (public) */
    create: {
      method: 'post',
      path: '/api/v1/render',
      operationId: 'postRender',
    },
  },
  rules: {
    /** Create a rule */
    create: {
      method: 'post',
      path: '/api/v1/rules',
      operationId: 'postRules',
    },
    /** Delete a rule */
    delete: {
      method: 'delete',
      path: '/api/v1/rules/{id}',
      operationId: 'deleteRulesById',
    },
    /** Get a rule */
    get: {
      method: 'get',
      path: '/api/v1/rules/{id}',
      operationId: 'getRulesById',
    },
    /** Get a split rule’s experiment */
    getExperiment: {
      method: 'get',
      path: '/api/v1/rules/{id}/experiment',
      operationId: 'getRulesByIdExperiment',
    },
    /** Keep the winner */
    keepWinnerExperiment: {
      method: 'post',
      path: '/api/v1/rules/{id}/experiment/keep-winner',
      operationId: 'postRulesByIdExperimentKeepWinner',
    },
    /** List rules */
    list: {
      method: 'get',
      path: '/api/v1/rules',
      operationId: 'getRules',
    },
    /** Change a rule */
    update: {
      method: 'patch',
      path: '/api/v1/rules/{id}',
      operationId: 'patchRulesById',
    },
  },
  slugs: {
    /** Check a slug */
    get: {
      method: 'get',
      path: '/api/v1/slugs/{slug}',
      operationId: 'getSlugsBySlug',
    },
  },
  subscriptions: {
    /** Add a PayPal subscription */
    create: {
      method: 'post',
      path: '/api/v1/subscriptions',
      operationId: 'postSubscriptions',
    },
    /** Cancel a subscription */
    delete: {
      method: 'delete',
      path: '/api/v1/subscriptions/{id}',
      operationId: 'deleteSubscriptionsById',
    },
    /** The account's plans, limits and usage */
    get: {
      method: 'get',
      path: '/api/v1/subscriptions',
      operationId: 'getSubscriptions',
    },
  },
  webhooks: {
    /** Create a webhook endpoint */
    create: {
      method: 'post',
      path: '/api/v1/webhooks',
      operationId: 'postWebhooks',
    },
    /** Delete a webhook endpoint */
    delete: {
      method: 'delete',
      path: '/api/v1/webhooks/{id}',
      operationId: 'deleteWebhooksById',
    },
    /** Get a webhook endpoint */
    get: {
      method: 'get',
      path: '/api/v1/webhooks/{id}',
      operationId: 'getWebhooksById',
    },
    /** Get a delivery with its attempts */
    getDelivery: {
      method: 'get',
      path: '/api/v1/webhooks/{id}/deliveries/{deliveryId}',
      operationId: 'getWebhooksByIdDeliveriesByDeliveryId',
    },
    /** List webhook endpoints */
    list: {
      method: 'get',
      path: '/api/v1/webhooks',
      operationId: 'getWebhooks',
    },
    /** List an endpoint's deliveries */
    listDeliveries: {
      method: 'get',
      path: '/api/v1/webhooks/{id}/deliveries',
      operationId: 'getWebhooksByIdDeliveries',
    },
    /** Retry a delivery now */
    retryDelivery: {
      method: 'post',
      path: '/api/v1/webhooks/{id}/deliveries/{deliveryId}/retry',
      operationId: 'postWebhooksByIdDeliveriesByDeliveryIdRetry',
    },
    /** Rotate a webhook endpoint's secret */
    rotateSecret: {
      method: 'post',
      path: '/api/v1/webhooks/{id}/rotate-secret',
      operationId: 'postWebhooksByIdRotateSecret',
    },
    /** Send a test event */
    test: {
      method: 'post',
      path: '/api/v1/webhooks/{id}/test',
      operationId: 'postWebhooksByIdTest',
    },
    /** Change a webhook endpoint */
    update: {
      method: 'patch',
      path: '/api/v1/webhooks/{id}',
      operationId: 'patchWebhooksById',
    },
  },
  workspaces: {
    /** Create a team workspace */
    create: {
      method: 'post',
      path: '/api/v1/workspaces',
      operationId: 'postWorkspaces',
    },
    /** Invite someone by e-mail */
    createInvitation: {
      method: 'post',
      path: '/api/v1/workspaces/{id}/invitations',
      operationId: 'postWorkspacesByIdInvitations',
    },
    /** Delete a team workspace and everything in it */
    delete: {
      method: 'delete',
      path: '/api/v1/workspaces/{id}',
      operationId: 'deleteWorkspacesById',
    },
    /** Revoke an invitation */
    deleteInvitation: {
      method: 'delete',
      path: '/api/v1/workspaces/{id}/invitations/{invId}',
      operationId: 'deleteWorkspacesByIdInvitationsByInvId',
    },
    /** Remove a member, or leave */
    deleteMember: {
      method: 'delete',
      path: '/api/v1/workspaces/{id}/members/{uid}',
      operationId: 'deleteWorkspacesByIdMembersByUid',
    },
    /** Get a workspace */
    get: {
      method: 'get',
      path: '/api/v1/workspaces/{id}',
      operationId: 'getWorkspacesById',
    },
    /** List your workspaces */
    list: {
      method: 'get',
      path: '/api/v1/workspaces',
      operationId: 'getWorkspaces',
    },
    /** List pending invitations */
    listInvitations: {
      method: 'get',
      path: '/api/v1/workspaces/{id}/invitations',
      operationId: 'getWorkspacesByIdInvitations',
    },
    /** List members */
    listMembers: {
      method: 'get',
      path: '/api/v1/workspaces/{id}/members',
      operationId: 'getWorkspacesByIdMembers',
    },
    /** Resend an invitation */
    resendInvitation: {
      method: 'post',
      path: '/api/v1/workspaces/{id}/invitations/{invId}/resend',
      operationId: 'postWorkspacesByIdInvitationsByInvIdResend',
    },
    /** Transfer ownership */
    transfer: {
      method: 'post',
      path: '/api/v1/workspaces/{id}/transfer',
      operationId: 'postWorkspacesByIdTransfer',
    },
    /** Rename a workspace */
    update: {
      method: 'patch',
      path: '/api/v1/workspaces/{id}',
      operationId: 'patchWorkspacesById',
    },
    /** Change a member's role */
    updateMember: {
      method: 'patch',
      path: '/api/v1/workspaces/{id}/members/{uid}',
      operationId: 'patchWorkspacesByIdMembersByUid',
    },
  },
} as const;

/** The scan feed's one row (id 1): how far stored scans have been handed to the webhooks outbox. */
export interface WebhookScanFeedTable {
  id: number;
  /** Opaque to the feed: what `ScansService.storedAfter` answered last (see `scansAfter`). */
  cursor: string;
}

/** What the app and its checkpointer thread share (see sqlite-checkpointer.ts). */
export interface CheckpointerSettings {
  file: string;
  intervalMs: number;
  /** WAL frames (pages) past which the thread forces the WAL to start over. */
  restartFrames: number;
}

#!/usr/bin/env node
// `npm run restore -- <folder>`: restores a backup made by `npm run backup` into an empty DATA_DIR
// (web/docs/self-hosting/backup.md). `--no-build` uses the server build as it is.
import { runBackupCommand } from './lib/backup-command.mjs';

runBackupCommand('restore');

#!/usr/bin/env node
// `npm run backup -- <folder>`: a consistent backup of a SQLite installation, while it runs
// (web/docs/self-hosting/backup.md). `--no-build` uses the server build as it is.
import { runBackupCommand } from './lib/backup-command.mjs';

runBackupCommand('backup');

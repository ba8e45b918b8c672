#!/usr/bin/env node
// The `rq` command. A committed launcher rather than dist/bin.js itself: npm links a package's bin
// at install, before the workspace is built, and skips a file that does not exist yet.
await import('../dist/bin.js');

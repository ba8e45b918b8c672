#!/usr/bin/env node
import { main } from './program.js';

// A reader that stops early (rq codes list | head) closes the pipe: that ends the output, not in an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

// Exit once stdout has drained, so piped output (rq codes list --json | jq) is never cut short.
const code = await main(process.argv.slice(2));
process.exitCode = code;

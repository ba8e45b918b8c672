#!/usr/bin/env node
import { main } from './program.js';

// Exit once stdout has drained, so piped output (rq codes list --json | jq) is never cut short.
const code = await main(process.argv.slice(2));
process.exitCode = code;

import { serverTestProject } from '../../server/test/helpers/vitest-project.js';

// The CLI's tests run `rq` (its build) as a child process against the real server.
export default serverTestProject('cli', { testTimeout: 60_000, hookTimeout: 120_000 });

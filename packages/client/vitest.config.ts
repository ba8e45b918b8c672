import { serverTestProject } from '../../server/test/helpers/vitest-project.js';

// The client's tests call the real server, signing in through the Firebase emulator.
export default serverTestProject('client', { testTimeout: 30_000, hookTimeout: 60_000, firebase: true });

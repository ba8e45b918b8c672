import type { TestProject } from 'vitest/node';
import { startFirebaseEmulator } from '../../../scripts/lib/firebase-emulator.mjs';

/**
 * The Firebase Auth emulator (project demo-rq) for the whole server test run, reached through
 * `inject('firebaseEmulatorHost')` (see helpers/firebase.ts). A second one runs as project
 * demo-other: it issues real tokens of another project, for the wrong-project tests.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [main, other] = await Promise.all([
    startFirebaseEmulator({ projectId: 'demo-rq' }),
    startFirebaseEmulator({ projectId: 'demo-other' }),
  ]);
  console.log(`[server tests] Firebase Auth emulators: demo-rq on ${main.host}, demo-other on ${other.host}`);
  project.provide('firebaseEmulatorHost', main.host);
  project.provide('firebaseOtherProjectEmulatorHost', other.host);
  return async () => {
    await Promise.all([main.stop(), other.stop()]);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    firebaseEmulatorHost: string;
    firebaseOtherProjectEmulatorHost: string;
  }
}

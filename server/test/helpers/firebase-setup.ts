import type { TestProject } from 'vitest/node';
import { type FirebaseEmulator, startFirebaseEmulator } from '../../../scripts/lib/firebase-emulator.mjs';

/**
 * The Firebase Auth emulator (project demo-rq) for the whole test run, reached through
 * `inject('firebaseEmulatorHost')` (see helpers/firebase.ts). A second one runs as project
 * demo-other: it issues real tokens of another project, for the wrong-project tests.
 *
 * An emulator costs about 12 s of CPU to start, so a run starts each once: `npm test` starts them
 * before vitest and names them in RQ_TEST_AUTH_EMULATOR_HOSTS (the browser tests reuse them), and
 * a plain `vitest` starts them here once for every project that asks (the server's and the
 * client's), stopping them when the last project's teardown runs.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.RQ_TEST_AUTH_EMULATOR_HOSTS?.split(',');
  const [main, other] = given ?? (await startedForThisRun());
  if (!main || !other) throw new Error('RQ_TEST_AUTH_EMULATOR_HOSTS names two hosts: demo-rq,demo-other');
  project.provide('firebaseEmulatorHost', main);
  project.provide('firebaseOtherProjectEmulatorHost', other);
  if (given) return async () => undefined;
  return async () => {
    if (--shared.users === 0) await Promise.all((await shared.emulators)?.map((e) => e.stop()) ?? []);
  };
}

interface SharedEmulators {
  emulators?: Promise<FirebaseEmulator[]>;
  users: number;
}

/**
 * Each project loads this file as a module of its own; what they share lives on globalThis of
 * the vitest process that runs every global setup.
 */
const runGlobals = globalThis as { rqTestEmulators?: SharedEmulators };
runGlobals.rqTestEmulators ??= { users: 0 };
const shared: SharedEmulators = runGlobals.rqTestEmulators;

async function startedForThisRun(): Promise<string[]> {
  shared.users++;
  if (!shared.emulators) {
    shared.emulators = Promise.all([
      startFirebaseEmulator({ projectId: 'demo-rq' }),
      startFirebaseEmulator({ projectId: 'demo-other' }),
    ]);
    const [main, other] = await shared.emulators;
    console.log(`[tests] Firebase Auth emulators: demo-rq on ${main?.host}, demo-other on ${other?.host}`);
  }
  return (await shared.emulators).map((emulator) => emulator.host);
}

declare module 'vitest' {
  export interface ProvidedContext {
    firebaseEmulatorHost: string;
    firebaseOtherProjectEmulatorHost: string;
  }
}

// Runs a task with the local stand-ins started in this process on `dataDir` and their environment
// applied (the stack itself stopped: LevelDB allows one process per folder), so a benchmark can seed
// or time the stores below HTTP.
import { localEnvironment, provision, resetClients, resetEnv } from '@agency/lambdas/bench';
import { startStandIns } from '@agency/lambdas/local-stack';

export async function withStandIns<T>(
  dataDir: string,
  admin: { email: string; password: string },
  task: () => Promise<T>,
): Promise<T> {
  const standIns = await startStandIns({ dataDir });
  try {
    const provisioned = await provision({ dataDir, standIns, admin });
    const env = localEnvironment({
      endpoints: standIns.endpoints,
      provisioned,
      mail: { from: 'no-reply@example.com', to: 'sales@example.com' },
    });
    Object.assign(process.env, env, { LOG_LEVEL: 'warn' });
    resetEnv();
    resetClients();
    return await task();
  } finally {
    await standIns.stop();
  }
}

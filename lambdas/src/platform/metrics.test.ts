import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStack, type TestStack } from '../../test/harness';
import { emfDocument, METRICS, putMetric } from './metrics';

/** Lines printed to stdout while `run` runs, parsed as JSON (each EMF document is one line). */
async function printed(run: () => Promise<unknown> | unknown): Promise<Record<string, unknown>[]> {
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    await run();
    return out.mock.calls.flatMap(([chunk]) =>
      String(chunk)
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    );
  } finally {
    out.mockRestore();
  }
}

describe('embedded metric format', () => {
  it('writes the documented EMF document: namespace, one dimensionless metric, its value at the top level', () => {
    expect(
      emfDocument('Agency/AgencySite-prod', METRICS.leadsReceived, 1, 1_764_100_000_000),
    ).toEqual({
      _aws: {
        Timestamp: 1_764_100_000_000,
        CloudWatchMetrics: [
          {
            Namespace: 'Agency/AgencySite-prod',
            Dimensions: [[]],
            Metrics: [{ Name: 'LeadsReceived', Unit: 'Count' }],
          },
        ],
      },
      LeadsReceived: 1,
    });
  });

  it('records the redirect store’s fill in per cent, the rest as counts', () => {
    const unitOf = (name: (typeof METRICS)[keyof typeof METRICS]) =>
      (
        emfDocument('Agency/x', name, 1, 0)._aws as {
          CloudWatchMetrics: { Metrics: { Unit: string }[] }[];
        }
      ).CloudWatchMetrics[0]?.Metrics[0]?.Unit;
    expect(unitOf(METRICS.redirectStoreFill)).toBe('Percent');
    expect(unitOf(METRICS.pageChangesNotLive)).toBe('Count');
  });

  it('prints a metric whatever the log level (the tests run at warn)', async () => {
    expect(process.env.LOG_LEVEL).toBe('warn');
    const lines = await printed(() => putMetric(METRICS.spamHeld, 2, { leadId: 'L1' }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'metric SpamHeld', leadId: 'L1', SpamHeld: 2 });
  });
});

describe('business metrics on the stand-ins', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('counts a refused sign-in as SignInsFailed, and a successful one not', async () => {
    const failed = await printed(async () => {
      const res = await stack.invoke('login', {
        json: { email: stack.adminEmail, password: 'not-the-password-1A!' },
      });
      expect(res.status).toBe(401);
    });
    expect(failed.filter((l) => 'SignInsFailed' in l)).toEqual([
      expect.objectContaining({ SignInsFailed: 1, step: 'login' }),
    ]);
    const signedIn = await printed(async () => {
      const res = await stack.invoke('login', {
        json: { email: stack.userEmail, password: stack.userPassword },
      });
      expect(res.status).toBe(200);
    });
    expect(signedIn.filter((l) => 'SignInsFailed' in l)).toEqual([]);
  });

  it('prints the redirect store’s fill after a write to it', async () => {
    const token = await stack.adminToken();
    const lines = await printed(async () => {
      const res = await stack.invoke('createRedirect', {
        token,
        json: { from: '/metric-fill', to: '/somewhere', status: 301 },
      });
      expect(res.status, res.body).toBe(201);
    });
    const fill = lines.filter((l) => 'RedirectStoreFill' in l);
    expect(fill).toHaveLength(1);
    expect(fill[0]?.RedirectStoreFill).toBeGreaterThanOrEqual(0);
    expect(fill[0]?.RedirectStoreFill).toBeLessThan(1);
  });
});

import { afterAll, beforeAll } from 'vitest';
import { startTestStack, type TestStack, type TestStackOptions } from './harness';

/** What `stackForFile` hands over: the stack, and the admin's token where one was asked for. */
export interface StartedStack {
  stack: TestStack;
  /** The admin's access token with `signInAdmin`, otherwise ''. */
  token: string;
}

/**
 * One test stack for the file's tests: started (its admin signed in with `signInAdmin`) before
 * them and handed to `take`, stopped after them.
 */
export function stackForFile(
  take: (started: StartedStack) => void,
  { signInAdmin = false, ...options }: TestStackOptions & { signInAdmin?: boolean } = {},
): void {
  let stack: TestStack | undefined;
  beforeAll(async () => {
    stack = await startTestStack(options);
    take({ stack, token: signInAdmin ? await stack.adminToken() : '' });
  });
  afterAll(async () => {
    await stack?.stop();
  });
}

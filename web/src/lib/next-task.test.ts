import { afterEach, describe, expect, it, vi } from 'vitest';
import { inNextTask } from './next-task';

describe('inNextTask', () => {
  afterEach(() => vi.useRealTimers());

  it('runs after the current task, once', () => {
    vi.useFakeTimers();
    const f = vi.fn();
    inNextTask(f);
    expect(f).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(f).toHaveBeenCalledTimes(1);
    dispatchEvent(new Event('pagehide'));
    expect(f).toHaveBeenCalledTimes(1);
  });

  it('runs as the page is left when that comes first, and not again', () => {
    vi.useFakeTimers();
    const f = vi.fn();
    inNextTask(f);
    dispatchEvent(new Event('pagehide'));
    expect(f).toHaveBeenCalledTimes(1);
    vi.runAllTimers();
    expect(f).toHaveBeenCalledTimes(1);
  });
});

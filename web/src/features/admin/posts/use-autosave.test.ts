import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAutosave } from './use-autosave';

const loaded = { title: 'Loaded', content: '<p>Body</p>' };
type V = typeof loaded;
const stored = (key: string) => localStorage.getItem(`agency:post-autosave:${key}`);

function mount(key: string, initial: V = loaded) {
  return renderHook(({ values }: { values: V }) => useAutosave(key, values, loaded, 2000), {
    initialProps: { values: initial },
  });
}

describe('useAutosave', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-01T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('keeps the working copy a moment after the last change, and offers it when reopened', () => {
    const first = mount('7');
    first.rerender({ values: { ...loaded, title: 'Typed' } });
    act(() => vi.advanceTimersByTime(1900));
    expect(stored('7')).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(JSON.parse(stored('7') ?? '')).toMatchObject({ values: { title: 'Typed' } });
    first.unmount();

    const again = mount('7');
    expect(again.result.current.offer?.values).toEqual({ ...loaded, title: 'Typed' });
    expect(again.result.current.offer?.savedAt).toBe(Date.parse('2025-03-01T10:00:02.100Z'));
    let restored: V | null = null;
    act(() => {
      restored = again.result.current.restore();
    });
    expect(restored).toEqual({ ...loaded, title: 'Typed' });
    expect(again.result.current.offer).toBeNull();
    expect(stored('7')).not.toBeNull(); // still unsaved
  });

  it('writes at once when the page is hidden or the form goes away', () => {
    const view = mount('new');
    view.rerender({ values: { ...loaded, content: '<p>Just typed</p>' } });
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(stored('new')).toContain('Just typed');
    localStorage.clear();
    view.unmount();
    expect(stored('new')).toContain('Just typed');
  });

  it('offers nothing when the copy matches what was loaded, and keys copies per post', () => {
    localStorage.setItem(
      'agency:post-autosave:1',
      JSON.stringify({ savedAt: 1, values: { ...loaded } }),
    );
    localStorage.setItem(
      'agency:post-autosave:2',
      JSON.stringify({ savedAt: 1, values: { title: 'Other' } }),
    );
    expect(mount('1').result.current.offer).toBeNull();
    expect(mount('2').result.current.offer?.values.title).toBe('Other');
    expect(mount('3').result.current.offer).toBeNull();
  });

  it('clears the copy on discard and on a successful save, but not before', () => {
    const view = mount('5');
    const edited = { ...loaded, title: 'Edited' };
    view.rerender({ values: edited });
    act(() => vi.advanceTimersByTime(3000));
    expect(stored('5')).not.toBeNull();
    act(() => view.result.current.saved(edited));
    expect(stored('5')).toBeNull();
    view.unmount();
    expect(stored('5')).toBeNull();

    localStorage.setItem('agency:post-autosave:6', JSON.stringify({ savedAt: 1, values: edited }));
    const other = mount('6');
    act(() => other.result.current.discard());
    expect(other.result.current.offer).toBeNull();
    expect(stored('6')).toBeNull();
  });

  it('ignores a copy it cannot read', () => {
    localStorage.setItem('agency:post-autosave:9', '{not json');
    expect(mount('9').result.current.offer).toBeNull();
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListenButton } from './listen-button';

class FakeUtterance {
  onend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(public text: string) {}
}

const synth = {
  spoken: [] as FakeUtterance[],
  calls: [] as string[],
  speak(u: FakeUtterance) {
    this.spoken.push(u);
    this.calls.push('speak');
  },
  cancel() {
    this.calls.push('cancel');
  },
  pause() {
    this.calls.push('pause');
  },
  resume() {
    this.calls.push('resume');
  },
};

beforeEach(() => {
  vi.useFakeTimers();
  synth.spoken = [];
  synth.calls = [];
  vi.stubGlobal('speechSynthesis', synth);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const HTML = '<h2>Intro</h2><p>First&nbsp;sentence. Second one.</p>';

describe('Listen the blog', () => {
  it('plays, pauses and resumes, reading the stripped text sentence by sentence', () => {
    render(<ListenButton html={HTML} />);
    const button = screen.getByRole('button', { name: 'Listen the blog' });
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    act(() => void vi.advanceTimersByTime(100));
    expect(synth.spoken.map((u) => u.text)).toEqual(['Intro First sentence.']);
    act(() => synth.spoken[0]?.onend?.());
    expect(synth.spoken.map((u) => u.text)).toEqual(['Intro First sentence.', 'Second one.']);

    fireEvent.click(screen.getByRole('button', { name: 'Pause reading' }));
    expect(synth.calls.at(-1)).toBe('pause');
    fireEvent.click(screen.getByRole('button', { name: 'Resume reading' }));
    expect(synth.calls.at(-1)).toBe('resume');
    act(() => synth.spoken[1]?.onend?.());
    expect(screen.getByRole('button', { name: 'Listen the blog' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('cancels speech on unmount and on pagehide', () => {
    const { unmount } = render(<ListenButton html={HTML} />);
    fireEvent.click(screen.getByRole('button', { name: 'Listen the blog' }));
    act(() => void vi.advanceTimersByTime(100));
    synth.calls = [];
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(synth.calls).toEqual(['cancel']);
    expect(screen.getByRole('button', { name: 'Listen the blog' })).toBeInTheDocument();
    synth.calls = [];
    unmount();
    expect(synth.calls).toContain('cancel');
  });

  it('is hidden where the browser has no speech synthesis', () => {
    vi.stubGlobal('speechSynthesis', undefined);
    render(<ListenButton html={HTML} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is in the server HTML, so the article does not move down when the page goes live', () => {
    const html = renderToString(<ListenButton html={HTML} />);
    expect(html).toContain('Listen the blog');
    expect(html).toContain('aria-pressed="false"');
  });
});

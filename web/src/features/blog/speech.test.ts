import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSpeechController,
  speechText,
  splitSentences,
  type SpeechState,
  type SpeechUtteranceLike,
} from './speech';

class FakeSynth {
  spoken: SpeechUtteranceLike[] = [];
  calls: string[] = [];
  speak(u: SpeechUtteranceLike) {
    this.spoken.push(u);
    this.calls.push(`speak:${u.text}`);
  }
  cancel() {
    this.calls.push('cancel');
  }
  pause() {
    this.calls.push('pause');
  }
  resume() {
    this.calls.push('resume');
  }
  /** Finish the utterance currently being spoken. */
  finish(index: number) {
    const u = this.spoken[index];
    if (!u?.onend) throw new Error(`no utterance ${index}`);
    (u.onend as () => void)();
  }
}

const setup = () => {
  const synth = new FakeSynth();
  const states: SpeechState[] = [];
  const ctl = createSpeechController({
    synth,
    makeUtterance: (text) => ({ text, onend: null, onerror: null }),
    onChange: (s) => states.push(s),
    startDelayMs: 100,
  });
  return { synth, states, ctl };
};

describe('speech text', () => {
  it('drops tags and turns &nbsp; and heading ends into spaces', () => {
    expect(speechText('<h2>Intro</h2><p>One&nbsp;two.</p>')).toBe('Intro One two.');
  });
  it('splits into sentences and cuts long ones at word boundaries', () => {
    expect(splitSentences('First one. Second! Third?')).toEqual([
      'First one.',
      'Second!',
      'Third?',
    ]);
    const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const parts = splitSentences(long, 50);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => p.length <= 50)).toBe(true);
    expect(parts.join(' ')).toBe(long);
  });
});

describe('speech controller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes idle → speaking → paused → speaking and starts after 100 ms', () => {
    const { synth, states, ctl } = setup();
    ctl.toggle('Hello there. Bye now.');
    expect(ctl.state).toBe('speaking');
    expect(synth.spoken).toHaveLength(0);
    vi.advanceTimersByTime(99);
    expect(synth.spoken).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(synth.spoken.map((u) => u.text)).toEqual(['Hello there.']);
    ctl.toggle('ignored');
    expect(ctl.state).toBe('paused');
    expect(synth.calls).toContain('pause');
    ctl.toggle('ignored');
    expect(ctl.state).toBe('speaking');
    expect(synth.calls.at(-1)).toBe('resume');
    expect(states).toEqual(['speaking', 'paused', 'speaking']);
  });

  it('speaks the queue sentence by sentence and returns to idle at the end', () => {
    const { synth, ctl } = setup();
    ctl.toggle('One. Two. Three.');
    vi.advanceTimersByTime(100);
    synth.finish(0);
    synth.finish(1);
    expect(synth.spoken.map((u) => u.text)).toEqual(['One.', 'Two.', 'Three.']);
    expect(ctl.state).toBe('speaking');
    synth.finish(2);
    expect(ctl.state).toBe('idle');
  });

  it('cancel stops the queue and ignores late end events', () => {
    const { synth, ctl } = setup();
    ctl.toggle('One. Two.');
    vi.advanceTimersByTime(100);
    ctl.cancel();
    expect(ctl.state).toBe('idle');
    expect(synth.calls.at(-1)).toBe('cancel');
    synth.finish(0);
    expect(synth.spoken).toHaveLength(1);
  });

  it('cancel before the start delay speaks nothing', () => {
    const { synth, ctl } = setup();
    ctl.toggle('One.');
    ctl.cancel();
    vi.advanceTimersByTime(500);
    expect(synth.spoken).toHaveLength(0);
  });
});

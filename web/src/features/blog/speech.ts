import { stripTags } from '@agency/shared';

/** The "Listen the blog" control's states: idle → speaking ⇄ paused, back to idle when done or cancelled. */
export type SpeechState = 'idle' | 'speaking' | 'paused';

/** The part of `window.speechSynthesis` the controller drives. */
export interface SpeechSynth {
  speak(utterance: SpeechUtteranceLike): void;
  cancel(): void;
  pause(): void;
  resume(): void;
}

/** The part of SpeechSynthesisUtterance the controller uses. */
export interface SpeechUtteranceLike {
  text: string;
  onend: ((this: never, ev: never) => unknown) | null;
  onerror: ((this: never, ev: never) => unknown) | null;
}

export interface SpeechDeps {
  synth: SpeechSynth;
  makeUtterance: (text: string) => SpeechUtteranceLike;
  onChange: (state: SpeechState) => void;
  startDelayMs: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** Longest piece spoken as one utterance: Chrome stops a long utterance after about 15 seconds. */
export const MAX_UTTERANCE_CHARS = 200;

/** The text read aloud: tags dropped, &nbsp; and heading ends turned into spaces. */
export const speechText = (html: string): string => stripTags(html);

/** Split text into sentences, cutting any longer than `max` characters at word boundaries. */
export function splitSentences(text: string, max = MAX_UTTERANCE_CHARS): string[] {
  const out: string[] = [];
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    let rest = sentence.trim();
    while (rest.length > max) {
      const cut = rest.lastIndexOf(' ', max);
      const at = cut > 0 ? cut : max;
      out.push(rest.slice(0, at).trim());
      rest = rest.slice(at).trim();
    }
    if (rest) out.push(rest);
  }
  return out;
}

export interface SpeechController {
  readonly state: SpeechState;
  /** The play/pause button: idle starts reading `text`, speaking pauses, paused resumes. */
  toggle(text: string): void;
  /** Stop everything (leaving the page, unload). */
  cancel(): void;
}

/** A speech state machine speaking sentence by sentence through a queue of utterances. */
export function createSpeechController(deps: SpeechDeps): SpeechController {
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer =
    deps.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let state: SpeechState = 'idle';
  let queue: string[] = [];
  // Bumped on every start and cancel so late `end` events of cancelled utterances are ignored.
  let generation = 0;
  let timer: unknown = null;

  const set = (next: SpeechState): void => {
    if (next === state) return;
    state = next;
    deps.onChange(next);
  };

  const speakNext = (gen: number): void => {
    if (gen !== generation) return;
    const sentence = queue.shift();
    if (sentence === undefined) {
      set('idle');
      return;
    }
    const u = deps.makeUtterance(sentence);
    u.onend = () => speakNext(gen);
    u.onerror = () => {
      if (gen !== generation) return;
      queue = [];
      set('idle');
    };
    deps.synth.speak(u);
  };

  const cancel = (): void => {
    generation += 1;
    queue = [];
    if (timer !== null) clearTimer(timer);
    timer = null;
    deps.synth.cancel();
    set('idle');
  };

  return {
    get state() {
      return state;
    },
    toggle(text: string) {
      if (state === 'speaking') {
        deps.synth.pause();
        set('paused');
        return;
      }
      if (state === 'paused') {
        deps.synth.resume();
        set('speaking');
        return;
      }
      const sentences = splitSentences(text);
      if (sentences.length === 0) return;
      cancel();
      const gen = generation;
      queue = sentences;
      set('speaking');
      // A fresh cancel() needs a moment before speak() in Chrome, hence the short start delay.
      timer = setTimer(() => {
        timer = null;
        speakNext(gen);
      }, deps.startDelayMs);
    },
    cancel,
  };
}

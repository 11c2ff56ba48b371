import { useEffect, useRef, useState } from 'react';
import { TIMINGS } from '@agency/shared';
import { createSpeechController, type SpeechController, type SpeechState } from './speech';

/** Speech for the "Listen the blog" control; `supported` is false where the browser has no speechSynthesis (and on the server). */
export function useSpeech(): {
  supported: boolean;
  state: SpeechState;
  toggle: (text: string) => void;
} {
  const [supported, setSupported] = useState(false);
  const [state, setState] = useState<SpeechState>('idle');
  const ctl = useRef<SpeechController | null>(null);

  useEffect(() => {
    const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
    if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return;
    const controller = createSpeechController({
      synth,
      makeUtterance: (text) => new SpeechSynthesisUtterance(text),
      onChange: setState,
      startDelayMs: TIMINGS.speechStartDelayMs,
    });
    ctl.current = controller;
    setSupported(true);
    const stop = (): void => controller.cancel();
    window.addEventListener('beforeunload', stop);
    window.addEventListener('pagehide', stop);
    return () => {
      window.removeEventListener('beforeunload', stop);
      window.removeEventListener('pagehide', stop);
      controller.cancel();
      ctl.current = null;
    };
  }, []);

  return { supported, state, toggle: (text) => ctl.current?.toggle(text) };
}

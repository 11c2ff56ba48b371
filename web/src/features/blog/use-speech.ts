import { useEffect, useRef, useState } from 'react';
import { TIMINGS } from '@agency/shared';
import { createSpeechController, type SpeechController, type SpeechState } from './speech';
import { stopOnLeave } from '../../page-script/speech';

/**
 * Speech for the "Listen the blog" control. `supported` starts true (the server renders the control,
 * so showing it later does not push the article down) and turns false where the browser has no
 * speechSynthesis.
 */
export function useSpeech(): {
  supported: boolean;
  state: SpeechState;
  toggle: (text: string) => void;
} {
  const [supported, setSupported] = useState(true);
  const [state, setState] = useState<SpeechState>('idle');
  const ctl = useRef<SpeechController | null>(null);

  useEffect(() => {
    const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
    if (!synth || typeof SpeechSynthesisUtterance === 'undefined') {
      setSupported(false);
      return;
    }
    const controller = createSpeechController({
      synth,
      makeUtterance: (text) => new SpeechSynthesisUtterance(text),
      onChange: setState,
      startDelayMs: TIMINGS.speechStartDelayMs,
    });
    ctl.current = controller;
    const leave = new AbortController();
    // Its state back to idle too, for a page restored from the back/forward cache.
    stopOnLeave(() => controller.cancel(), leave.signal);
    return () => {
      leave.abort();
      controller.cancel();
      ctl.current = null;
    };
  }, []);

  return { supported, state, toggle: (text) => ctl.current?.toggle(text) };
}

import { useCallback, useRef, useState } from 'react';

/** What the captcha widget holds: nothing, a solution being worked out, or a verified payload. */
export type CaptchaState =
  { state: 'unsolved' } | { state: 'solving' } | { state: 'solved'; payload: string };

const UNSOLVED: CaptchaState = { state: 'unsolved' };

export interface Captcha {
  /** Mount key of the widget: a new one asks for a fresh challenge. */
  key: number;
  /** The widget's state changed. */
  onState: (next: CaptchaState) => void;
  /** Whether there is no payload and none is being worked out (not started, failed, expired). */
  unsolved: () => boolean;
  /**
   * The verified payload; while the widget is still solving (it starts when the visitor first
   * focuses the form), the payload once it is done. Null when there is none, or it failed.
   */
  settled: () => Promise<string | null>;
  /** Resolves once `ms` have passed since the current challenge was fetched (at once if they have). */
  challengeAged: (ms: number) => Promise<void>;
  /** Forget the payload (the server accepts each one once) and start a fresh widget. */
  reset: () => void;
}

/** The enquiry form's captcha: its latest state, and a way to wait for a solution under way. */
export function useCaptcha(): Captcha {
  const [key, setKey] = useState(0);
  const current = useRef<CaptchaState>(UNSOLVED);
  const waiting = useRef<((payload: string | null) => void)[]>([]);
  // When the current challenge was fetched (the widget started solving): about its signed issue time.
  const fetchedAt = useRef(0);

  const settle = useCallback((payload: string | null) => {
    for (const resolve of waiting.current.splice(0)) resolve(payload);
  }, []);
  const onState = useCallback(
    (next: CaptchaState) => {
      if (next.state === 'solving' && current.current.state !== 'solving')
        fetchedAt.current = Date.now();
      current.current = next;
      if (next.state === 'solved') settle(next.payload);
      else if (next.state === 'unsolved') settle(null);
    },
    [settle],
  );
  const settled = useCallback((): Promise<string | null> => {
    const now = current.current;
    if (now.state === 'solved') return Promise.resolve(now.payload);
    if (now.state === 'unsolved') return Promise.resolve(null);
    return new Promise((resolve) => waiting.current.push(resolve));
  }, []);
  const challengeAged = useCallback((ms: number): Promise<void> => {
    const left = fetchedAt.current + ms - Date.now();
    return left > 0 ? new Promise((resolve) => setTimeout(resolve, left)) : Promise.resolve();
  }, []);
  const unsolved = useCallback(() => current.current.state === 'unsolved', []);
  const reset = useCallback(() => {
    current.current = UNSOLVED;
    settle(null);
    setKey((k) => k + 1);
  }, [settle]);

  return { key, onState, unsolved, settled, challengeAged, reset };
}

import { useCallback, useRef, useState } from 'react';

/** What the captcha widget holds: nothing, a solution being worked out, or a verified payload. */
export type CaptchaState =
  { state: 'unsolved' } | { state: 'solving' } | { state: 'solved'; payload: string };

const UNSOLVED: CaptchaState = { state: 'unsolved' };

/**
 * The signed start token (`data.start`) of the challenge a verified payload answers, or null. The
 * payload is base64 JSON `{ challenge: { parameters: { data } }, solution }`; only the server can
 * make a token it will honour, so a page reads it without trusting it.
 */
export function startTokenOf(payload: string): string | null {
  let decoded: unknown;
  try {
    decoded = JSON.parse(atob(payload));
  } catch {
    return null;
  }
  const at = (value: unknown, key: string): unknown => {
    if (typeof value !== 'object' || value === null) return undefined;
    const field: unknown = Reflect.get(value, key);
    return field;
  };
  const start = at(at(at(at(decoded, 'challenge'), 'parameters'), 'data'), 'start');
  return typeof start === 'string' && start.length > 0 ? start : null;
}

export interface Captcha {
  /** Mount key of the widget: a new one asks for a fresh challenge. */
  key: number;
  /**
   * The page view's signed start (from its first verified challenge), which every later challenge
   * carries, so the server measures the fill time from the visitor's first interaction with the form.
   */
  start: string | null;
  /** The widget's state changed. */
  onState: (next: CaptchaState) => void;
  /** Whether there is no payload and none is being worked out (not started, failed, expired). */
  unsolved: () => boolean;
  /**
   * The verified payload; while the widget is still solving (it starts when the visitor first
   * focuses the form), the payload once it is done. Null when there is none, or it failed.
   */
  settled: () => Promise<string | null>;
  /** Forget the payload (the server accepts each one once) and start a fresh widget. */
  reset: () => void;
}

/** The enquiry form's captcha: its latest state, and a way to wait for a solution under way. */
export function useCaptcha(): Captcha {
  const [key, setKey] = useState(0);
  const [start, setStart] = useState<string | null>(null);
  const current = useRef<CaptchaState>(UNSOLVED);
  const waiting = useRef<((payload: string | null) => void)[]>([]);

  const settle = useCallback((payload: string | null) => {
    for (const resolve of waiting.current.splice(0)) resolve(payload);
  }, []);
  const onState = useCallback(
    (next: CaptchaState) => {
      current.current = next;
      if (next.state === 'solved') {
        // The server's word on this page view's start (the same one, once it was honoured).
        const token = startTokenOf(next.payload);
        if (token) setStart(token);
        settle(next.payload);
      } else if (next.state === 'unsolved') settle(null);
    },
    [settle],
  );
  const settled = useCallback((): Promise<string | null> => {
    const now = current.current;
    if (now.state === 'solved') return Promise.resolve(now.payload);
    if (now.state === 'unsolved') return Promise.resolve(null);
    return new Promise((resolve) => waiting.current.push(resolve));
  }, []);
  const unsolved = useCallback(() => current.current.state === 'unsolved', []);
  const reset = useCallback(() => {
    current.current = UNSOLVED;
    settle(null);
    setKey((k) => k + 1);
  }, [settle]);

  return { key, start, onState, unsolved, settled, reset };
}

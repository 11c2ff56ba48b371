import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the visitor has started on the form: something in it has had focus (or the pointer).
 * What only a sent form needs (the captcha, the thank-you page) loads then, while the visitor fills
 * in the fields, so pages never fetch it for a form nobody uses.
 */
export function useStarted(ref: RefObject<HTMLElement | null>): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const form = ref.current;
    if (!form || started) return;
    const start = () => setStarted(true);
    if (form.contains(document.activeElement)) start();
    form.addEventListener('focusin', start);
    form.addEventListener('pointerdown', start);
    return () => {
      form.removeEventListener('focusin', start);
      form.removeEventListener('pointerdown', start);
    };
  }, [ref, started]);
  return started;
}

import type {} from 'altcha/types/react';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import 'altcha/external';
import 'altcha/altcha.css';
import './altcha-widget.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';
import { useEffect, useRef } from 'react';
import { buildPath } from '@agency/shared';
import { env } from '../../lib/env';
import type { CaptchaState } from './use-captcha';

// The CSP-friendly build: styles from a CSS file, proof-of-work in bundled worker files (no blob: workers).
for (const alg of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'] as const)
  $altcha.algorithms.set(alg, () => new Pbkdf2Worker());
for (const alg of ['SHA-256', 'SHA-384', 'SHA-512'] as const)
  $altcha.algorithms.set(alg, () => new ShaWorker());

export interface AltchaWidgetProps {
  /** Solving, verified (with its payload), or unsolved again (expired, failed, reset). */
  onState: (state: CaptchaState) => void;
  /** The page view's signed start, carried into every challenge fetched after the first. */
  start: string | null;
}

/** Where the widget fetches its challenge: with the page view's start once there is one. */
export const challengeUrl = (start: string | null): string =>
  `${env.VITE_API_BASE}${buildPath('getCaptchaChallenge', {}, start ? { start } : undefined)}`;

/**
 * Whether a click lands on the widget's checkbox while it is verified. ALTCHA unticks a verified
 * box when clicked, and the next focus in the form then fetches a new challenge: a visitor used to
 * reCAPTCHA clicks it out of habit and loses the tick for nothing. A verified box stays ticked.
 */
export function isClickOnVerifiedBox(el: AltchaWidgetElement, event: Event): boolean {
  if (typeof el.getState !== 'function' || el.getState() !== 'verified') return false;
  return event
    .composedPath()
    .some((t) => t instanceof HTMLInputElement && t.type === 'checkbox' && el.contains(t));
}

interface StateDetail {
  state?: unknown;
  payload?: unknown;
}

function detailOf(event: Event): StateDetail {
  if (!(event instanceof CustomEvent)) return {};
  const detail: unknown = event.detail;
  if (typeof detail !== 'object' || detail === null) return {};
  return {
    state: 'state' in detail ? detail.state : undefined,
    payload: 'payload' in detail ? detail.payload : undefined,
  };
}

/** The altcha state a widget event reports, as the form sees it (other states change nothing). */
function captchaStateOf({ state, payload }: StateDetail): CaptchaState | null {
  if (state === 'verifying') return { state: 'solving' };
  if (state === 'verified' && typeof payload === 'string') return { state: 'solved', payload };
  if (state === 'expired' || state === 'error' || state === 'unverified')
    return { state: 'unsolved' };
  return null;
}

/**
 * The ALTCHA proof-of-work widget (lazy chunk), fetching its challenge from the API and solving it
 * as soon as the visitor is in the form (`auto="onfocus"`): the first challenge's signed start is
 * when the visitor started, which the server measures the fill time from; later challenges (after a
 * failed send, or an expired one) carry that start.
 */
export default function AltchaWidget({ onState, start }: AltchaWidgetProps) {
  const ref = useRef<AltchaWidgetElement>(null);
  const onStateRef = useRef(onState);
  onStateRef.current = onState;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onChange = (e: Event): void => {
      const state = captchaStateOf(detailOf(e));
      if (state) onStateRef.current(state);
    };
    // The focus that loaded this widget came before it listened for focus: when the visitor is
    // still in the form, start now. Its methods exist once its component has mounted (a microtask
    // after it joined the page, announced by `load`), which may be before or after this effect.
    const startInForm = (): void => {
      const mounted = typeof el.getState === 'function';
      if (
        mounted &&
        el.getState() === 'unverified' &&
        el.closest('form')?.contains(document.activeElement)
      )
        void el.verify();
    };
    const keepTicked = (e: Event): void => {
      // Cancelling the click leaves the box checked and fires no change event.
      if (isClickOnVerifiedBox(el, e)) e.preventDefault();
    };
    el.addEventListener('statechange', onChange);
    el.addEventListener('load', startInForm);
    el.addEventListener('click', keepTicked, { capture: true });
    startInForm();
    return () => {
      el.removeEventListener('statechange', onChange);
      el.removeEventListener('load', startInForm);
      el.removeEventListener('click', keepTicked, { capture: true });
    };
  }, []);

  return <altcha-widget ref={ref} auto="onfocus" challenge={challengeUrl(start)} name="altcha" />;
}

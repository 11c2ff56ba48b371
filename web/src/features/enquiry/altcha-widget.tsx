import type {} from 'altcha/types/react';
import 'altcha/external';
import 'altcha/altcha.css';
import './altcha-widget.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';
import { useEffect, useRef } from 'react';
import { contract } from '@agency/shared';
import { env } from '../../lib/env';

// The CSP-friendly build: styles from a CSS file, proof-of-work in bundled worker files (no blob: workers).
for (const alg of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'] as const)
  $altcha.algorithms.set(alg, () => new Pbkdf2Worker());
for (const alg of ['SHA-256', 'SHA-384', 'SHA-512'] as const)
  $altcha.algorithms.set(alg, () => new ShaWorker());

export interface AltchaWidgetProps {
  /** The verified payload, or null when the captcha is unsolved, expired or failed. */
  onChange: (payload: string | null) => void;
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

/** The ALTCHA proof-of-work widget (lazy chunk), fetching its challenge from the API. */
export default function AltchaWidget({ onChange }: AltchaWidgetProps) {
  const ref = useRef<HTMLElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onState = (e: Event): void => {
      const { state, payload } = detailOf(e);
      if (state === 'verified' && typeof payload === 'string') onChangeRef.current(payload);
      else if (state === 'expired' || state === 'error' || state === 'unverified')
        onChangeRef.current(null);
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, []);

  return (
    <altcha-widget
      ref={ref}
      challenge={`${env.VITE_API_BASE}${contract.getCaptchaChallenge.path}`}
      name="altcha"
    />
  );
}

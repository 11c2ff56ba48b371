import { useEffect, useState } from 'react';
import { PRESENCE_BEAT_MS, buildPath, contract, type PresenceEntry } from '@agency/shared';
import { callApi } from '../../../lib/api-client';
import { env } from '../../../lib/env';
import { readSession, tokenExpired } from '../shell/session';
import { renewToken } from '../shell/session-renewal';

/** The token a background call may use: the stored one, renewed silently; none rather than a sign-in dialog. */
async function quietToken(): Promise<string | null> {
  const session = readSession();
  if (!session) return null;
  return tokenExpired(session.token) ? renewToken() : session.token;
}

/**
 * The goodbye as the tab goes: a keepalive fetch, which outlives the page as a beacon does and,
 * unlike `navigator.sendBeacon`, carries the Authorization header and the DELETE method.
 */
function sayGoodbye(subject: string): void {
  const session = readSession();
  if (!session || tokenExpired(session.token)) return;
  try {
    void fetch(`${env.VITE_API_BASE}${buildPath('leavePresence')}`, {
      method: contract.leavePresence.method,
      keepalive: true,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
      body: JSON.stringify({ subject }),
    }).catch(() => undefined);
  } catch {
    // No goodbye: the mark expires on its own within PRESENCE_TTL_SECONDS.
  }
}

/**
 * Who else has `subject` open (`page:/about`, `post:12`, `settings`): a heartbeat every 20 s while
 * this editor is open (and at once when the tab comes back into view), a goodbye when it closes.
 */
export function usePresence(subject: string | null): PresenceEntry[] {
  const [others, setOthers] = useState<PresenceEntry[]>([]);
  useEffect(() => {
    if (!subject) return;
    let live = true;
    const beat = async (): Promise<void> => {
      if (document.visibilityState === 'hidden') return;
      const token = await quietToken();
      if (!token || !live) return;
      try {
        const { data } = await callApi('heartbeatPresence', { token, body: { subject } });
        if (live) setOthers(data);
      } catch {
        // A notice only: a missed beat changes nothing the editor does.
      }
    };
    void beat();
    const timer = setInterval(() => void beat(), PRESENCE_BEAT_MS);
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') void beat();
    };
    const onHide = (): void => sayGoodbye(subject);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('pagehide', onHide);
    return () => {
      live = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pagehide', onHide);
      sayGoodbye(subject); // leaving the editor inside the app
      setOthers([]);
    };
  }, [subject]);
  return others;
}

const joinNames = (names: string[]): string =>
  names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;

/** "Ada Admin is editing this page": a notice, never a lock. */
export function PresenceNotice({ subject, what }: { subject: string | null; what: string }) {
  const others = usePresence(subject);
  if (others.length === 0) return null;
  const names = [...new Set(others.map((o) => o.user_name ?? 'Someone else on the team'))];
  return (
    <p className="presence-notice" role="status">
      <strong>{joinNames(names)}</strong> {others.length === 1 ? 'is' : 'are'} also editing {what}.
    </p>
  );
}

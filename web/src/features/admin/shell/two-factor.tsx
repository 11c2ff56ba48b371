import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { TOTP } from '@agency/shared';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText, formProblem } from '../ui/api-error-text';
import { FormError, StatusLine } from '../ui/action-status';
import { CodeField } from '../ui/code-field';
import { useRefusedFields } from '../ui/use-refused-fields';
import { PasswordField } from '../ui/password-fields';
import { QrCode } from './qr-code';
import type { ActionStatus } from '../ui/use-confirmed-delete';
import { useAdminApi } from './use-admin-api';

/** The code field, by the API's name, with the label people see. */
const CODE_FIELD = { code: 'Code from your authenticator app' } as const;
/** Turning two-factor off: its fields by the API's names, with the labels people see. */
const DISABLE_FIELDS = { password: 'Password', ...CODE_FIELD } as const;

/** "JBSW Y3DP EHPK 3PXP": a setup key in groups of four, as authenticator apps show and accept it. */
export const groupKey = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Enrolling an authenticator app: a new secret from the API shown as a QR code and as a typed key,
 * then a code from the app proves it is set up and turns two-factor sign-in on.
 */
export function TwoFactorSetup({
  onEnabled,
  onCancel,
  autoStart = false,
}: {
  onEnabled: () => void;
  /** Offered when enrolment is optional (not while the stage requires it). */
  onCancel?: () => void;
  /** Ask for the secret at once (the person already chose "Set up"). */
  autoStart?: boolean;
}) {
  const api = useAdminApi();
  const [secret, setSecret] = useState<{ secret: string; otpauth_uri: string } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const keyId = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);

  const start = async (): Promise<void> => {
    setError(null);
    setBusy(true);
    try {
      setSecret((await api('setupMfa')).data);
    } catch (err) {
      setError(apiErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setError(null);
    setCodeError(null);
    setBusy(true);
    try {
      await api('verifyMfa', { body: { code } });
      setBusy(false);
      onEnabled();
    } catch (err) {
      setBusy(false);
      setCode('');
      const problem = formProblem(err, CODE_FIELD);
      if (problem.field) setCodeError(problem.message);
      else setError(problem.message);
      codeRef.current?.focus();
    }
  };

  const started = useRef(false);
  useEffect(() => {
    // Once, even when React runs effects twice: each setup call makes a new secret.
    if (!autoStart || started.current) return;
    started.current = true;
    void start();
  }, []);

  const copy = async (): Promise<void> => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret.secret);
      setCopied(true);
    } catch {
      // Clipboard blocked: the key stays on screen to select by hand.
      setCopied(false);
    }
  };

  if (!secret)
    return (
      <div className="two-factor__setup">
        <FormError error={error} />
        <p>
          You need an authenticator app on your phone (such as Google Authenticator, Microsoft
          Authenticator, 1Password or Aegis). Each sign-in then asks for the {TOTP.digits}-digit
          code it shows.
        </p>
        <div className="two-factor__actions">
          <button
            ref={startRef}
            type="button"
            className="btn btn--primary"
            disabled={busy}
            onClick={() => void start()}
          >
            {busy ? 'Starting…' : 'Set up two-factor sign-in'}
          </button>
          {onCancel && (
            <button type="button" className="btn btn--outline" onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
      </div>
    );

  return (
    <form className="two-factor__setup" onSubmit={(e) => void verify(e)} noValidate>
      <ol className="two-factor__steps">
        <li>
          <p>Scan this QR code with your authenticator app:</p>
          <QrCode
            text={secret.otpauth_uri}
            label="QR code to add this account to an authenticator app"
          />
        </li>
        <li>
          <p id={keyId}>Or, if you cannot scan it, type this setup key into the app:</p>
          <p className="two-factor__key">
            <code aria-labelledby={keyId} data-testid="totp-secret">
              {groupKey(secret.secret)}
            </code>
            <button type="button" className="btn btn--outline" onClick={() => void copy()}>
              Copy key
            </button>
            <span role="status" className="two-factor__copied">
              {copied ? 'Copied.' : ''}
            </span>
          </p>
        </li>
        <li>
          <p>Enter the code the app now shows to finish:</p>
          <FormError error={error} />
          <div className="two-factor__code">
            <CodeField
              label={CODE_FIELD.code}
              value={code}
              onChange={setCode}
              inputRef={codeRef}
              error={codeError}
            />
          </div>
        </li>
      </ol>
      <div className="two-factor__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Checking…' : 'Turn on two-factor sign-in'}
        </button>
        {onCancel && (
          <button type="button" className="btn btn--outline" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** Turning two-factor sign-in off: the password and a current code, both checked by the API. */
function TwoFactorDisable({
  onDisabled,
  onCancel,
}: {
  onDisabled: () => void;
  onCancel: () => void;
}) {
  const api = useAdminApi();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = useRefusedFields(DISABLE_FIELDS);
  const { focus } = fields;
  useEffect(() => focus('password'), []);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setError(null);
    fields.setRefused(null);
    setBusy(true);
    try {
      await api('disableMfa', { body: { password, code } });
      setBusy(false);
      onDisabled();
    } catch (err) {
      setBusy(false);
      setCode('');
      if (err instanceof ApiError && err.status === 409) {
        setError(
          `${err.message} This site requires two-factor sign-in for every account, so it stays on.`,
        );
        return;
      }
      const problem = formProblem(err, DISABLE_FIELDS);
      if (problem.field) fields.setRefused(problem);
      else setError(problem.message);
    }
  };

  return (
    <form className="account-form" onSubmit={(e) => void submit(e)} noValidate>
      <p>To turn it off, confirm it is you: your password and a code from your app.</p>
      <FormError error={error} />
      <PasswordField {...fields.bind('password', password, setPassword)} />
      <CodeField {...fields.bind('code', code, setCode)} />
      <div className="two-factor__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Turning off…' : 'Turn off two-factor sign-in'}
        </button>
        <button type="button" className="btn btn--outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * The account page's two-factor part: whether it is on, and setting it up or turning it off. A
 * status line says what changed; focus returns to the part's first control afterwards.
 */
export function TwoFactorSection({
  mfa,
  enforced = false,
  onChanged,
}: {
  mfa: boolean;
  /** The agency requires two-factor sign-in of every account: once on, it stays on. */
  enforced?: boolean;
  onChanged: () => unknown;
}) {
  const [mode, setMode] = useState<'view' | 'setup' | 'disable'>('view');
  const [status, setStatus] = useState<ActionStatus>(null);
  const done = (text: string) => (): void => {
    setMode('view');
    setStatus({ kind: 'ok', text });
    void onChanged();
  };
  return (
    <div className="two-factor">
      <StatusLine status={status} politeErrors />
      <p>
        Status:{' '}
        <strong className={mfa ? 'two-factor__on' : 'two-factor__off'}>{mfa ? 'On' : 'Off'}</strong>
        {mfa
          ? ' — each sign-in asks for a code from your authenticator app.'
          : ' — a password alone signs in to this account.'}
      </p>
      {mfa && enforced && (
        <p className="two-factor__note">
          The agency requires two-factor sign-in for every account, so it stays on.
        </p>
      )}
      {mode === 'setup' && (
        <TwoFactorSetup
          autoStart
          onEnabled={done('Two-factor sign-in is on. The next sign-in asks for a code.')}
          onCancel={() => setMode('view')}
        />
      )}
      {mode === 'disable' && (
        <TwoFactorDisable
          onDisabled={done('Two-factor sign-in is off.')}
          onCancel={() => setMode('view')}
        />
      )}
      {mode === 'view' && !(mfa && enforced) && (
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => {
            setStatus(null);
            setMode(mfa ? 'disable' : 'setup');
          }}
        >
          {mfa ? 'Turn off' : 'Set up'}
        </button>
      )}
    </div>
  );
}

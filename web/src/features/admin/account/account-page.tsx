import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_PATH, clearSession } from '../shell/session';
import { AdminLayout } from '../shell/admin-layout';
import { apiErrorText, formProblem } from '../ui/api-error-text';
import { useRefusedFields } from '../ui/use-refused-fields';
import { FormError, StatusLine } from '../ui/action-status';
import {
  FieldError,
  newPasswordProblem,
  NewPasswordFields,
  PasswordField,
} from '../ui/password-fields';
import { TwoFactorSection } from '../shell/two-factor';
import type { ActionStatus } from '../ui/use-confirmed-delete';
import { useAdminApi } from '../shell/use-admin-api';
import { useUserData, useUserDataChanged } from './api';
import { abandonSignIn } from '../shell/session-renewal';

const ROLE_LABEL = { admin: 'Admin', editor: 'Editor' } as const;

/** The change-password form's fields by the API's names, with the labels people see. */
const PASSWORD_FIELDS = {
  current_password: 'Current password',
  new_password: 'New password',
} as const;

/** Changing the password: the current one, then the new one with its rules ticked as typed. */
function ChangePasswordForm() {
  const api = useAdminApi();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [status, setStatus] = useState<ActionStatus>(null);
  const [busy, setBusy] = useState(false);
  const fields = useRefusedFields(PASSWORD_FIELDS);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const problem =
      current === '' ? 'Enter your current password.' : newPasswordProblem(password, confirm);
    if (problem) {
      setStatus({ kind: 'error', text: problem });
      return;
    }
    setStatus(null);
    fields.setRefused(null);
    setBusy(true);
    try {
      await api('changePassword', {
        body: { current_password: current, new_password: password },
      });
      setCurrent('');
      setPassword('');
      setConfirm('');
      setStatus({ kind: 'ok', text: 'Your password was changed.' });
    } catch (err) {
      const problem = formProblem(err, PASSWORD_FIELDS);
      if (problem.field) fields.setRefused(problem);
      else setStatus({ kind: 'error', text: problem.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="account-form" onSubmit={(e) => void submit(e)} noValidate>
      <StatusLine status={status} />
      <PasswordField {...fields.bind('current_password', current, setCurrent)} />
      <NewPasswordFields
        label={PASSWORD_FIELDS.new_password}
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        passwordRef={fields.ref('new_password')}
        error={fields.error('new_password')}
      />
      <div>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Changing…' : 'Change password'}
        </button>
      </div>
    </form>
  );
}

/** The display-name form's field by the API's name, with the label people see. */
const NAME_FIELDS = { name: 'Display name' } as const;

/**
 * One's own display name: what the team page, the audit trail and revisions show for this account
 * (nobody else can set it). Saved, the header and the page show it at once.
 */
function DisplayNameForm({ name, onSaved }: { name: string; onSaved: () => Promise<unknown> }) {
  const api = useAdminApi();
  const id = useId();
  const [value, setValue] = useState(name);
  const [status, setStatus] = useState<ActionStatus>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setStatus(null);
    setRefused(null);
    setBusy(true);
    try {
      const { data } = await api('setDisplayName', { body: { name: value } });
      setValue(data.name);
      await onSaved();
      setStatus({ kind: 'ok', text: `Your display name is now ${data.name}.` });
    } catch (err) {
      const problem = formProblem(err, NAME_FIELDS);
      if (problem.field) {
        setRefused(problem.message);
        inputRef.current?.focus();
      } else setStatus({ kind: 'error', text: problem.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="account-form" onSubmit={(e) => void submit(e)} noValidate>
      <StatusLine status={status} />
      <div className={refused ? 'form-field form-field--invalid' : 'form-field'}>
        <label htmlFor={`${id}-name`}>{NAME_FIELDS.name}</label>
        <input
          ref={inputRef}
          id={`${id}-name`}
          type="text"
          autoComplete="name"
          required
          maxLength={100}
          value={value}
          aria-describedby={`${id}-name-hint`}
          {...(refused ? { 'aria-invalid': true, 'aria-errormessage': `${id}-name-error` } : {})}
          onChange={(e) => setValue(e.target.value)}
        />
        <p id={`${id}-name-hint`} className="post-form__hint">
          How the team page, the audit trail and revisions name you.
        </p>
        <FieldError id={`${id}-name-error`} error={refused} />
      </div>
      <div>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save name'}
        </button>
      </div>
    </form>
  );
}

/** Signing out on every device: the API revokes every session, then this browser goes to sign-in. */
function SignOutEverywhere() {
  const api = useAdminApi();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signOut = async (): Promise<void> => {
    setError(null);
    setBusy(true);
    try {
      await api('signOutEverywhere');
      abandonSignIn();
      clearSession({ byUser: true });
      void navigate(LOGIN_PATH, {
        replace: true,
        state: { notice: 'You were signed out on every device.' },
      });
    } catch (err) {
      setBusy(false);
      setError(apiErrorText(err));
    }
  };
  return (
    <>
      <p>
        Lost a phone or signed in on a shared computer? This ends every session of your account,
        this one too; each device then asks for the password again.
      </p>
      <FormError error={error} />
      <button
        type="button"
        className="btn btn--outline btn--danger"
        disabled={busy}
        onClick={() => void signOut()}
      >
        {busy ? 'Signing out…' : 'Sign out everywhere'}
      </button>
    </>
  );
}

/**
 * `/admin/account`: who you are and your role; two-factor sign-in (set up, turn off); your password;
 * signing out on every device.
 */
export default function AccountPage() {
  const { user } = useUserData();
  const refresh = useUserDataChanged();
  return (
    <AdminLayout title="Your account">
      {user && (
        <div className="account">
          <section className="account-section" aria-labelledby="account-profile">
            <h2 id="account-profile">Profile</h2>
            <dl className="account-facts">
              <div>
                <dt>E-mail</dt>
                <dd>{user.email}</dd>
              </div>
              <div>
                <dt>Role</dt>
                <dd>{user.role ? ROLE_LABEL[user.role] : 'None'}</dd>
              </div>
            </dl>
            <DisplayNameForm name={user.name} onSaved={refresh} />
          </section>
          <section className="account-section" aria-labelledby="account-2fa">
            <h2 id="account-2fa">Two-factor sign-in</h2>
            <TwoFactorSection mfa={user.mfa} enforced={user.mfa_enforced} onChanged={refresh} />
          </section>
          <section className="account-section" aria-labelledby="account-password">
            <h2 id="account-password">Change password</h2>
            <ChangePasswordForm />
          </section>
          <section className="account-section" aria-labelledby="account-sessions">
            <h2 id="account-sessions">Sessions</h2>
            <SignOutEverywhere />
          </section>
        </div>
      )}
    </AdminLayout>
  );
}

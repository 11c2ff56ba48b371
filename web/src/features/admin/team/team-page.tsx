import { useTeam } from './api';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ROLES, type Role, type TeamMember } from '@agency/shared';
import { pagePath } from '../../../config/pages';
import { AdminLayout } from '../shell/admin-layout';
import { apiErrorText, formProblem, type FormProblem } from '../ui/api-error-text';
import { FormError, StatusLine } from '../ui/action-status';
import { FieldError } from '../ui/password-fields';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { ListLoadState } from '../ui/paged-list';
import type { ActionStatus } from '../ui/use-confirmed-delete';
import { useAdminApi } from '../shell/use-admin-api';
import { useUserData } from '../shell/use-user-data';

const ROLE_LABEL: Record<Role, string> = { admin: 'Admin', editor: 'Editor' };
const ROLE_HINT: Record<Role, string> = {
  admin: 'everything, leads, the team and the audit trail included',
  editor: 'posts, categories, authors and media; no leads, team or audit trail',
};

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** The invitation form's fields by the API's names, with the labels people see. */
const INVITE_FIELDS = { email: 'E-mail', name: 'Name', role: 'Role' } as const;
type InviteField = keyof typeof INVITE_FIELDS;

/** The invitation: the user pool e-mails the temporary password; the first sign-in sets their own. */
function InviteForm({ onInvited }: { onInvited: (member: TeamMember) => void }) {
  const api = useAdminApi();
  const id = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<FormProblem<InviteField> | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const fieldError = (field: InviteField): string | null =>
    refused?.field === field ? refused.message : null;
  const invalid = (field: InviteField) =>
    fieldError(field) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setError(null);
    setRefused(null);
    setBusy(true);
    try {
      const { data } = await api('inviteMember', { body: { email, name, role } });
      setEmail('');
      setName('');
      setRole('editor');
      onInvited(data);
      emailRef.current?.focus();
    } catch (err) {
      const problem = formProblem(err, INVITE_FIELDS);
      if (problem.field === null) setError(problem.message);
      else {
        setRefused(problem);
        (problem.field === 'name' ? nameRef : emailRef).current?.focus();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="team-invite"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h2 id={`${id}-title`}>Invite a member</h2>
      <FormError error={error} />
      <div className="team-invite__fields lead-filters">
        <div className="lead-filters__field">
          <label htmlFor={`${id}-email`}>{INVITE_FIELDS.email}</label>
          <input
            ref={emailRef}
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            required
            value={email}
            {...invalid('email')}
            onChange={(e) => setEmail(e.target.value)}
          />
          <FieldError id={`${id}-email-error`} error={fieldError('email')} />
        </div>
        <div className="lead-filters__field">
          <label htmlFor={`${id}-name`}>{INVITE_FIELDS.name}</label>
          <input
            ref={nameRef}
            id={`${id}-name`}
            type="text"
            autoComplete="off"
            required
            maxLength={100}
            value={name}
            {...invalid('name')}
            onChange={(e) => setName(e.target.value)}
          />
          <FieldError id={`${id}-name-error`} error={fieldError('name')} />
        </div>
        <div className="lead-filters__field">
          <label htmlFor={`${id}-role`}>{INVITE_FIELDS.role}</label>
          <select
            id={`${id}-role`}
            value={role}
            aria-describedby={`${id}-role-hint`}
            onChange={(e) => {
              if (isRole(e.target.value)) setRole(e.target.value);
            }}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </select>
        </div>
        <div className="lead-filters__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Inviting…' : 'Send invitation'}
          </button>
        </div>
      </div>
      <p id={`${id}-role-hint`} className="post-form__hint">
        {ROLE_LABEL[role]}: {ROLE_HINT[role]}. They get an e-mail with a temporary password and
        choose their own at the first sign-in.
      </p>
    </form>
  );
}

/**
 * Someone who can administer the team: an enabled admin past the invitation (the API's rule, which
 * refuses to demote, disable or remove the last one with a 409).
 */
const isActingAdmin = (m: TeamMember): boolean =>
  m.role === 'admin' && m.enabled && m.status === 'active';

/** The one acting admin, when there is exactly one: the team cannot do without them. */
export function lastAdminOf(members: readonly TeamMember[]): TeamMember | undefined {
  const admins = members.filter(isActingAdmin);
  return admins.length === 1 ? admins[0] : undefined;
}

/** One member's row (a card on a phone): their facts and what an admin can do to the account. */
function MemberRow({
  member,
  you,
  last,
  busy,
  onRole,
  onEnabled,
  onSignOut,
  onRemove,
}: {
  member: TeamMember;
  you: boolean;
  /** The last acting admin: no role change, Disable or Remove, and the row says why. */
  last: boolean;
  busy: boolean;
  onRole: (role: Role) => void;
  onEnabled: (enabled: boolean) => void;
  onSignOut: () => void;
  onRemove: () => void;
}) {
  const id = useId();
  const who = member.name || member.email;
  // Choosing in the list changes nothing yet (arrow keys step through options): a button applies it.
  const [role, setRole] = useState<string>(member.role ?? '');
  const why = last ? { 'aria-describedby': `${id}-last` } : {};
  return (
    <tr className={member.enabled ? undefined : 'team-row--disabled'}>
      <td data-label="Name">
        <strong>{member.name || '—'}</strong>
        {you && <span className="team-you"> (you)</span>}
        {you && !member.name && (
          <>
            {' '}
            <Link to={pagePath('account')} className="team-you">
              Set your name
            </Link>
          </>
        )}
      </td>
      <td data-label="E-mail">{member.email}</td>
      <td data-label="Role">
        <div className="team-role">
          <label htmlFor={`${id}-role`} className="visually-hidden">
            Role of {who}
          </label>
          <select
            id={`${id}-role`}
            value={role}
            disabled={busy || last}
            {...why}
            onChange={(e) => setRole(e.target.value)}
          >
            {member.role === null && <option value="">None</option>}
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </select>
          {isRole(role) && role !== member.role && (
            <button
              type="button"
              className="btn btn--outline"
              disabled={busy}
              onClick={() => onRole(role)}
            >
              Change role
            </button>
          )}
        </div>
      </td>
      <td data-label="Status">{member.status === 'invited' ? 'Invited' : 'Active'}</td>
      <td data-label="Two-factor">{member.mfa ? 'On' : 'Off'}</td>
      <td data-label="Access">{member.enabled ? 'Enabled' : 'Disabled'}</td>
      <td>
        <div className="admin-table__actions team-actions">
          <button
            type="button"
            className="btn btn--link"
            disabled={busy || last}
            {...why}
            aria-label={`${member.enabled ? 'Disable' : 'Enable'} ${who}`}
            onClick={() => onEnabled(!member.enabled)}
          >
            {member.enabled ? 'Disable' : 'Enable'}
          </button>
          <button
            type="button"
            className="btn btn--link"
            disabled={busy}
            aria-label={`Sign ${who} out everywhere`}
            onClick={onSignOut}
          >
            Sign out everywhere
          </button>
          <button
            type="button"
            className="btn btn--link btn--danger"
            disabled={busy || last}
            {...why}
            aria-label={`Remove ${who}`}
            onClick={onRemove}
          >
            Remove
          </button>
        </div>
        {last && (
          <p id={`${id}-last`} className="team-last-admin">
            {you ? 'You are' : `${who} is`} the only admin: make someone else an admin before
            changing this role, disabling or removing this account.
          </p>
        )}
      </td>
    </tr>
  );
}

/**
 * `/admin/team` (admins): every member with role, state and two-factor; invite, change role,
 * disable or enable, sign out everywhere, remove (after confirming). The last acting admin's row
 * offers none of the changes the API would refuse (409) and says why.
 */
export default function TeamPage() {
  const api = useAdminApi();
  const { user } = useUserData();
  const { data, error, isLoading, mutate } = useTeam();
  const [status, setStatus] = useState<ActionStatus>(null);
  const [working, setWorking] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  // Bumped after each action so the rows start again from the list as the API now has it (a refused
  // role change shows the role kept, not the one chosen).
  const [version, setVersion] = useState(0);

  /** Run one action on a member, say what happened, and reload the list either way. */
  const act = async (member: TeamMember, done: string, call: () => Promise<unknown>) => {
    setStatus(null);
    setWorking(member.email);
    try {
      await call();
      setStatus({ kind: 'ok', text: done });
    } catch (err) {
      setStatus({ kind: 'error', text: apiErrorText(err) });
    } finally {
      setWorking(null);
      await mutate();
      setVersion((v) => v + 1);
    }
  };
  const who = (m: TeamMember): string => m.name || m.email;
  const lastAdmin = data ? lastAdminOf(data.data) : undefined;

  return (
    <AdminLayout title="Team">
      <StatusLine status={status} />
      <InviteForm
        onInvited={(m) => {
          setStatus({
            kind: 'ok',
            text: `${m.email} is invited as ${m.role ? ROLE_LABEL[m.role].toLowerCase() : 'member'}: the e-mail with their temporary password is on its way.`,
          });
          void mutate();
        }}
      />
      <h2 className="team-heading">Members</h2>
      {data ? (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards admin-table--team">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Two-factor</th>
                <th scope="col">Access</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((m) => (
                <MemberRow
                  key={`${m.email}:${version}`}
                  member={m}
                  you={m.email === user?.email}
                  last={m === lastAdmin}
                  busy={working === m.email}
                  onRole={(role) =>
                    void act(m, `${who(m)} is now ${ROLE_LABEL[role].toLowerCase()}.`, () =>
                      api('updateMember', { body: { email: m.email, role } }),
                    )
                  }
                  onEnabled={(enabled) =>
                    void act(
                      m,
                      enabled
                        ? `${who(m)} can sign in again.`
                        : `${who(m)} is disabled and signed out everywhere.`,
                      () => api('updateMember', { body: { email: m.email, enabled } }),
                    )
                  }
                  onSignOut={() =>
                    void act(m, `${who(m)} is signed out on every device.`, () =>
                      api('signOutMember', { body: { email: m.email } }),
                    )
                  }
                  onRemove={() => setRemoving(m)}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ListLoadState
          what="team"
          loadingText="Loading the team…"
          error={error}
          loading={isLoading}
          retry={() => void mutate()}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this member?"
        message={
          removing
            ? `${who(removing)} (${removing.email}) will no longer be able to sign in, and their sessions end. Their posts and the audit trail stay.`
            : ''
        }
        confirmLabel="Remove member"
        busy={working !== null}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const m = removing;
          setRemoving(null);
          if (m)
            void act(m, `${who(m)} was removed from the team.`, () =>
              api('removeMember', { body: { email: m.email } }),
            );
        }}
      />
    </AdminLayout>
  );
}

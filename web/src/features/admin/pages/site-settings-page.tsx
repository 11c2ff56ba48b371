import { useId, useMemo, useRef, useEffect, useState, useCallback } from 'react';
import { siteSettings, SITE_SETTINGS_FIELDS } from '@agency/shared';
import { ApiError } from '../../../lib/api-client';
import { AdminLayout } from '../shell/admin-layout';
import { useAdminApi } from '../shell/use-admin-api';
import { StatusLine } from '../ui/action-status';
import type { ActionStatus } from '../ui/use-confirmed-delete';
import { formatAdminDateTime } from '../ui/format-admin-date';
import { ListLoadState } from '../ui/paged-list';
import { useSiteSettings } from './api';
import { useMergeRestore } from '../ui/conflict-choice';
import { PresenceNotice } from '../ui/presence';
import { errorsOfIssues, settingsConflictLabel } from './draft';
import { useLinkWarnings } from './link-warnings';
import { FieldFormProvider, FieldsForm, focusFirstError, type FieldFormScope } from './field-form';

type Stored = NonNullable<ReturnType<typeof useSiteSettings>['data']>['data'];

function SettingsForm({ stored, onReload }: { stored: Stored; onReload: () => void }) {
  const api = useAdminApi();
  const base = useId();
  const [values, setValues] = useState<Record<string, unknown>>(() =>
    structuredClone(stored.settings),
  );
  const [version, setVersion] = useState(stored.version);
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [general, setGeneral] = useState<string[]>([]);
  const [stale, setStale] = useState<string | null>(null);
  const [status, setStatus] = useState<ActionStatus>(null);
  const [busy, setBusy] = useState(false);
  // The settings these edits were made on: a stale save merges them onto the latest against it.
  const editedFrom = useRef<Record<string, unknown>>(structuredClone(stored.settings));
  const latest = useRef<Stored | null>(null);
  const recovery = useMergeRestore<Record<string, unknown>>(
    stored.settings,
    (merged) => {
      const now = latest.current;
      if (now) {
        editedFrom.current = structuredClone(now.settings);
        setVersion(now.version);
      }
      setValues(merged);
      setStale(null);
      setStatus({
        kind: 'ok',
        text: 'Your changes are on top of the latest settings. Save & publish to keep them.',
      });
    },
    { subject: 'the site settings', labelOf: settingsConflictLabel },
  );
  /** Someone else saved: their settings, with these edits applied where they did not change. */
  const bringLatest = async (): Promise<void> => {
    try {
      const { data } = await api('getSiteSettings');
      latest.current = data;
      recovery.restore({ savedAt: Date.now(), values, base: editedFrom.current }, data.settings);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      setGeneral([err instanceof Error ? err.message : 'Something went wrong.']);
    }
  };
  const [said, setSaid] = useState('');
  const announce = useCallback((t: string) => setSaid((b) => (b === t ? `${t}\u00a0` : t)), []);
  const form = useRef<HTMLDivElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const showErrors = useRef(false);
  const linkWarnings = useLinkWarnings(values);
  const scope = useMemo<FieldFormScope>(
    () => ({ idOf: (p) => `${base}-${p.join('.')}`, errors, announce, warnings: linkWarnings }),
    [base, errors, announce, linkWarnings],
  );
  useEffect(() => {
    if (!showErrors.current) return;
    showErrors.current = false;
    if (!focusFirstError(form.current)) alertRef.current?.focus();
  });

  const save = async (): Promise<void> => {
    if (busy) return;
    setStatus(null);
    setStale(null);
    setGeneral([]);
    const checked = siteSettings.safeParse(values);
    if (!checked.success) {
      const found = errorsOfIssues(checked.error.issues.filter((i) => i.path.length > 0));
      setErrors(found);
      setGeneral(
        checked.error.issues
          .filter((i) => i.path.length === 0)
          .map((i) => i.message.charAt(0).toUpperCase() + i.message.slice(1)),
      );
      showErrors.current = true;
      return;
    }
    setBusy(true);
    try {
      const { data, message } = await api('updateSiteSettings', {
        body: { settings: checked.data, version },
      });
      setVersion(data.version);
      editedFrom.current = structuredClone(data.settings);
      setErrors(new Map());
      setStatus({ kind: 'ok', text: message });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      if (err instanceof ApiError && err.code === 'stale') setStale(err.message);
      else if (err instanceof ApiError && err.status === 400 && err.field) {
        const field = err.field.replace(/^settings\./, '');
        setErrors(new Map([[field, err.message]]));
      } else setGeneral([err instanceof Error ? err.message : 'Something went wrong.']);
      showErrors.current = true;
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page-editor">
      <p className="post-form__hint">
        What the header, the footer, the contact blocks and search engines say about the agency.
        Saving publishes them: every page is rendered again with them.
        {stored.updated_at &&
          ` Last changed ${formatAdminDateTime(stored.updated_at)}${stored.updated_by_name ? ` by ${stored.updated_by_name}` : ''}.`}
      </p>
      <PresenceNotice subject="settings" what="the site settings" />
      <StatusLine status={status} />
      {recovery.choice}
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
      {(general.length > 0 || stale) && (
        <div ref={alertRef} tabIndex={-1} className="form-error" role="alert">
          {general.map((g) => (
            <p key={g}>{g}</p>
          ))}
          {stale && (
            <>
              <p>
                Someone else changed the settings after you opened them, so yours were not saved. (
                {stale})
              </p>
              <p>
                Your changes can go on top of theirs: where you both changed the same field, you
                choose which to keep.
              </p>
              <div className="restore-banner__actions">
                <button
                  type="button"
                  className="btn btn--primary"
                  onClick={() => void bringLatest()}
                >
                  Apply my changes to the latest version
                </button>
                <button type="button" className="btn btn--outline" onClick={onReload}>
                  Discard mine and reload
                </button>
              </div>
            </>
          )}
        </div>
      )}
      <div ref={form}>
        <FieldFormProvider scope={scope}>
          <FieldsForm
            fields={SITE_SETTINGS_FIELDS}
            path={[]}
            value={values}
            onChange={(next) => {
              setValues(next);
              if (errors.size > 0) setErrors(new Map());
            }}
          />
        </FieldFormProvider>
      </div>
      <p>
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy}
          onClick={() => void save()}
        >
          {busy ? 'Publishing…' : 'Save & publish'}
        </button>
      </p>
    </div>
  );
}

/** `/admin/pages/settings` (admins): the site-wide settings, as a form generated from their declaration. */
export default function SiteSettingsPage() {
  const settings = useSiteSettings();
  const [loadedAt, setLoadedAt] = useState(0);
  return (
    <AdminLayout title="Site settings">
      {!settings.data ? (
        <ListLoadState
          what="site settings"
          loadingText="Loading the settings…"
          error={settings.error}
          loading={settings.isLoading}
          retry={() => void settings.mutate()}
        />
      ) : (
        <SettingsForm
          // A new form only when asked: a refetch (another tab's save, seen on focus) keeps the edits.
          key={loadedAt}
          stored={settings.data.data}
          onReload={() => {
            void settings.mutate().then(() => setLoadedAt(Date.now()));
          }}
        />
      )}
    </AdminLayout>
  );
}

import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { TAXONOMY_LIMITS } from '@agency/shared';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../ui/api-error-text';
import { AdminLayout } from '../shell/admin-layout';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useAdminApi } from '../shell/use-admin-api';
import { useAuthors, useCategories } from './api';

interface Item {
  id: number;
  name: string;
}

interface ListState {
  items: Item[] | undefined;
  error: Error | undefined;
  isLoading: boolean;
  reload: () => Promise<unknown>;
}

interface SectionProps {
  title: string;
  /** "category" or "author", for labels and messages. */
  noun: string;
  list: ListState;
  /** Each resolves with the name as the server stored it (trimmed). */
  onCreate: (name: string) => Promise<string>;
  onRename: (id: number, name: string) => Promise<string>;
  onDelete: (id: number) => Promise<unknown>;
}

type Status = { kind: 'ok' | 'error'; text: string } | null;

/** One name being typed: the text, its problem, and whether it is being sent. */
function useNameInput(initial = '') {
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return { value, setValue, problem, setProblem, busy, setBusy };
}

function RenameForm({
  item,
  noun,
  onRename,
  onDone,
}: {
  item: Item;
  noun: string;
  onRename: SectionProps['onRename'];
  onDone: (renamedTo: string | null) => void;
}) {
  const id = useId();
  const input = useNameInput(item.name);
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const name = input.value.trim();
    if (!name) return input.setProblem('Name is required.');
    if (name === item.name) return onDone(null);
    input.setBusy(true);
    try {
      onDone(await onRename(item.id, name));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      input.setProblem(apiErrorText(err));
      input.setBusy(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.key === 'Escape') onDone(null);
  };
  return (
    <form className="taxonomy__rename" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id} className="visually-hidden">
        New name of the {noun} “{item.name}”
      </label>
      <input
        id={id}
        type="text"
        value={input.value}
        maxLength={TAXONOMY_LIMITS.nameMax}
        autoFocus
        onChange={(e) => {
          input.setValue(e.target.value);
          input.setProblem(null);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={input.problem ? true : undefined}
        aria-describedby={input.problem ? `${id}-error` : undefined}
      />
      <div className="taxonomy__actions">
        <button type="submit" className="btn btn--primary btn--small" disabled={input.busy}>
          {input.busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="btn btn--outline btn--small" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
      {input.problem && (
        <p id={`${id}-error`} className="form-field__error" role="alert">
          {input.problem}
        </p>
      )}
    </form>
  );
}

function AddForm({
  noun,
  onCreate,
  onAdded,
}: {
  noun: string;
  onCreate: SectionProps['onCreate'];
  onAdded: (name: string) => void;
}) {
  const id = useId();
  const input = useNameInput();
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const name = input.value.trim();
    if (!name) return input.setProblem('Name is required.');
    input.setBusy(true);
    try {
      onAdded(await onCreate(name));
      input.setValue('');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      input.setProblem(apiErrorText(err));
    } finally {
      input.setBusy(false);
    }
  };
  return (
    <form className="taxonomy__add" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id}>New {noun}</label>
      <div className="taxonomy__row">
        <input
          id={id}
          type="text"
          value={input.value}
          maxLength={TAXONOMY_LIMITS.nameMax}
          onChange={(e) => {
            input.setValue(e.target.value);
            input.setProblem(null);
          }}
          aria-invalid={input.problem ? true : undefined}
          aria-describedby={input.problem ? `${id}-error` : undefined}
        />
        <button type="submit" className="btn btn--primary" disabled={input.busy}>
          {input.busy ? 'Adding…' : `Add ${noun}`}
        </button>
      </div>
      {input.problem && (
        <p id={`${id}-error`} className="form-field__error" role="alert">
          {input.problem}
        </p>
      )}
    </form>
  );
}

/** One kind's list: add, rename in place, delete after confirmation. */
function TaxonomySection({ title, noun, list, onCreate, onRename, onDelete }: SectionProps) {
  const headingId = useId();
  const [status, setStatus] = useState<Status>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [pending, setPending] = useState<Item | null>(null);
  const [deleting, setDeleting] = useState(false);
  // After a rename ends, focus goes back to that item's Rename button (it mounts again).
  const refocus = useRef<number | null>(null);
  const focusIfReturning = (id: number) => (button: HTMLButtonElement | null) => {
    if (button && refocus.current === id) {
      refocus.current = null;
      button.focus();
    }
  };

  const changed = async (text: string): Promise<void> => {
    setStatus({ kind: 'ok', text });
    await list.reload();
  };

  const confirmDelete = async (): Promise<void> => {
    if (!pending) return;
    setDeleting(true);
    try {
      await onDelete(pending.id);
      await changed(`“${pending.name}” was deleted.`);
    } catch (err) {
      setStatus({
        kind: 'error',
        text: `“${pending.name}” could not be deleted: ${apiErrorText(err)}`,
      });
    } finally {
      setDeleting(false);
      setPending(null);
    }
  };

  return (
    <section className="taxonomy__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <div
        role="status"
        className={status ? `admin-status admin-status--${status.kind}` : 'admin-status'}
      >
        {status?.text}
      </div>
      <AddForm
        noun={noun}
        onCreate={onCreate}
        onAdded={(name) => void changed(`“${name}” was added.`)}
      />
      {list.error && !list.items ? (
        <div className="form-error" role="alert">
          <p>
            The {title.toLowerCase()} could not be loaded: {list.error.message}
          </p>
          <button type="button" className="btn btn--primary" onClick={() => void list.reload()}>
            Retry
          </button>
        </div>
      ) : list.isLoading && !list.items ? (
        <p aria-busy="true">Loading {title.toLowerCase()}…</p>
      ) : list.items && list.items.length === 0 ? (
        <p className="taxonomy__empty">No {title.toLowerCase()} yet: add the first one above.</p>
      ) : (
        <ul className="taxonomy__list">
          {list.items?.map((item) => (
            <li key={item.id} className="taxonomy__item">
              {editing === item.id ? (
                <RenameForm
                  item={item}
                  noun={noun}
                  onRename={onRename}
                  onDone={(renamedTo) => {
                    refocus.current = item.id;
                    setEditing(null);
                    if (renamedTo !== null)
                      void changed(`“${item.name}” was renamed to “${renamedTo}”.`);
                  }}
                />
              ) : (
                <>
                  <span className="taxonomy__name">{item.name}</span>
                  <div className="taxonomy__actions">
                    <button
                      ref={focusIfReturning(item.id)}
                      type="button"
                      className="btn btn--link"
                      aria-label={`Rename ${item.name}`}
                      onClick={() => {
                        setStatus(null);
                        setEditing(item.id);
                      }}
                    >
                      Rename
                    </button>
                    <button
                      type="button"
                      className="btn btn--link btn--danger"
                      aria-label={`Delete ${item.name}`}
                      onClick={() => {
                        setStatus(null);
                        setPending(item);
                      }}
                    >
                      Delete
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={`Delete this ${noun}?`}
        message={
          pending
            ? `“${pending.name}” will no longer be offered in the post editor. A ${noun} that posts still use cannot be deleted.`
            : ''
        }
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}

/** `/admin/taxonomy`: the categories and authors the post editor offers, added, renamed and deleted here. */
export default function TaxonomyPage() {
  const api = useAdminApi();
  const categories = useCategories();
  const authors = useAuthors();
  return (
    <AdminLayout title="Categories and authors">
      <div className="taxonomy">
        <TaxonomySection
          title="Categories"
          noun="category"
          list={{
            items: categories.data?.data.map((c) => ({ id: c.id, name: c.category })),
            error: categories.error,
            isLoading: categories.isLoading,
            reload: () => categories.mutate(),
          }}
          onCreate={async (name) =>
            (await api('createCategory', { body: { category: name } })).data.category
          }
          onRename={async (id, name) =>
            (await api('renameCategory', { body: { id, category: name } })).data.category
          }
          onDelete={(id) => api('deleteCategory', { body: { id } })}
        />
        <TaxonomySection
          title="Authors"
          noun="author"
          list={{
            items: authors.data?.data,
            error: authors.error,
            isLoading: authors.isLoading,
            reload: () => authors.mutate(),
          }}
          onCreate={async (name) => (await api('createAuthor', { body: { name } })).data.name}
          onRename={async (id, name) =>
            (await api('renameAuthor', { body: { id, name } })).data.name
          }
          onDelete={(id) => api('deleteAuthor', { body: { id } })}
        />
      </div>
    </AdminLayout>
  );
}

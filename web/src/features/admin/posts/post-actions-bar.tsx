import { Link } from 'react-router';
import type { Post } from '@agency/shared';
import { pageHref, pagePath } from '../../../config/pages';
import { postPath } from '../../blog/paths';
import { formatLocal } from '../ui/publish-time';
import type { Intent } from './post-form-values';
import { SaveButton } from './save-button';
import { StatusBadge } from './status-badge';

/**
 * The post's status and its actions (Back, Save draft or Unpublish, Preview, View post, Publish or
 * Update), in a bar that stays in view however long the post is.
 */
export function PostActionsBar({
  saved,
  canGoBack,
  saving,
  onSave,
  onUnpublish,
  previewHintId,
}: {
  /** The post as last saved; null for a new one. */
  saved: Post | null;
  /** Whether the form edits a stored post (a new one has no list to go back to yet). */
  canGoBack: boolean;
  saving: Intent | null;
  onSave: (intent: Intent) => void;
  /** Ask before taking the post off the blog. */
  onUnpublish: () => void;
  previewHintId: string;
}) {
  const status = saved?.status;
  const live = status === 'published' && saved ? saved : null;
  const button = (intent: Intent, label: string, busyLabel: string, primary = false) => (
    <SaveButton
      intent={intent}
      label={label}
      busyLabel={busyLabel}
      primary={primary}
      saving={saving}
      onSave={onSave}
    />
  );
  return (
    <div className="post-form__bar" role="group" aria-label="Post actions">
      <p className="post-form__status">
        {saved ? (
          <>
            <span>Status:</span> <StatusBadge post={saved} />
            {live?.publish_at && (
              <span className="post-form__hint">since {formatLocal(live.publish_at)}</span>
            )}
          </>
        ) : (
          <span>New post</span>
        )}
      </p>
      <div className="post-form__actions">
        {canGoBack && (
          <Link to={pagePath('adminList')} className="btn btn--outline">
            Back
          </Link>
        )}
        {live ? (
          <button
            type="button"
            className="btn btn--outline"
            disabled={saving !== null}
            onClick={onUnpublish}
          >
            {saving === 'draft' ? 'Unpublishing…' : 'Unpublish'}
          </button>
        ) : (
          button('draft', 'Save draft', 'Saving…')
        )}
        {saved && (
          <Link
            to={pageHref('preview', { id: String(saved.id) })}
            target="_blank"
            rel="noopener"
            className="btn btn--outline"
            aria-describedby={previewHintId}
          >
            Preview
          </Link>
        )}
        {live && (
          <a href={postPath(live.slug)} target="_blank" rel="noopener" className="btn btn--outline">
            View post
          </a>
        )}
        {live
          ? button('update', 'Update', 'Saving…', true)
          : button(
              'publish',
              status === 'scheduled' ? 'Publish now' : 'Publish',
              'Publishing…',
              true,
            )}
      </div>
    </div>
  );
}

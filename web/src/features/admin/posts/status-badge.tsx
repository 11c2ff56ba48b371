import type { Post, PostStatus } from '@agency/shared';
import { formatLocal } from '../ui/publish-time';

const LABELS: Record<PostStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
  trashed: 'Trash',
};

/** A post's status as a coloured badge; a scheduled post says when it goes live (admin's zone). */
export function StatusBadge({ post }: { post: Pick<Post, 'status' | 'publish_at'> }) {
  const when = post.status === 'scheduled' && post.publish_at ? formatLocal(post.publish_at) : null;
  return (
    <span className={`status-badge status-badge--${post.status}`}>
      {LABELS[post.status]}
      {when && <span className="status-badge__when"> · {when}</span>}
    </span>
  );
}

export const statusLabel = (status: PostStatus): string => LABELS[status];

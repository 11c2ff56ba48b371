import type { ComponentType } from 'react';
import type { Post } from '@agency/shared';
import { usePost, useListPosts, type PostResult } from './api';
import { LoadError } from './load-error';
import { PostSkeleton } from './post-skeleton';
import { WithApiFallback } from './with-api-fallback';

export interface LivePostProps {
  slug: string;
  /** Shows the answer: the page's own view (passed in, so it stays in the page's chunk). */
  View: ComponentType<{ result: PostResult; list: readonly Post[] }>;
}

/** A post fetched with SWR: its skeleton, then the post (or a load error with Retry). */
function LivePostBody({ slug, View }: LivePostProps) {
  const { data, error, mutate, isValidating } = usePost(slug);
  const list = useListPosts(1);
  if (data) return <View result={data} list={list.data?.results ?? []} />;
  if (error)
    return (
      <LoadError message={error.message} retrying={isValidating} onRetry={() => void mutate()} />
    );
  return <PostSkeleton />;
}

/** The post page's content when the page was not rendered with it: SWR seeded from the server render's data. */
export default function LivePost(props: LivePostProps) {
  return (
    <WithApiFallback>
      <LivePostBody {...props} />
    </WithApiFallback>
  );
}

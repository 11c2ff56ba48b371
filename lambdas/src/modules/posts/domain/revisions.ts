import { postContent, revisionSummary, type Revision, type RevisionSummary } from '@agency/shared';
import { notFound } from '../../../platform/errors';
import type { PostDeps, PostRecord, RevisionRecord } from './ports';
import { namedReferences, namesOf } from './present';
import { REVISIONS_KEPT } from './shared';

/** A kept version of post `id` older than its current one (the current version is not a revision). */
export async function revisionOfPost(
  deps: PostDeps,
  post: PostRecord,
  revision: number,
): Promise<RevisionRecord> {
  const found = revision < post.version ? await deps.posts.getRevision(post.id, revision) : null;
  if (!found) throw notFound('The revision');
  return found;
}

async function postOf(deps: PostDeps, id: number): Promise<PostRecord> {
  const post = await deps.posts.getPost(id);
  if (!post) throw notFound('The post');
  return post;
}

/** The kept versions of a post, newest first. */
export async function listRevisions(deps: PostDeps, id: number): Promise<RevisionSummary[]> {
  const post = await postOf(deps, id);
  const kept = await deps.posts.listRevisions(id, REVISIONS_KEPT + 1);
  return kept
    .filter((r) => r.revision < post.version)
    .slice(0, REVISIONS_KEPT)
    .map((r) => revisionSummary.parse(r));
}

/** One kept version in full, with its category and author named. */
export async function getRevision(deps: PostDeps, id: number, revision: number): Promise<Revision> {
  const r = await revisionOfPost(deps, await postOf(deps, id), revision);
  const names = await namesOf(deps);
  return {
    ...revisionSummary.parse(r),
    ...postContent.parse(r),
    ...namedReferences(r, names),
    status: r.status,
    publish_at: r.publish_at,
  };
}

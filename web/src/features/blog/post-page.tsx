import { useParams } from 'react-router';
import { SPECIAL_SLUGS } from '@agency/shared';

/** `/blog/:slug` and the unprefixed career post. */
export default function PostPage() {
  const { slug } = useParams();
  const postSlug = slug ?? SPECIAL_SLUGS.career;
  return (
    <main className="post-page">
      <article data-slug={postSlug} />
    </main>
  );
}

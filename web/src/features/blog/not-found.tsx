import { Link } from 'react-router';
import { pagePath } from '../../config/pages';

/** The not-found page content, shown in place of an article whose slug does not exist (the render function answers it 404, which the edge's access log and so the 404 log count). */
export function PostNotFound() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>The article you were looking for does not exist or has been removed.</p>
      <p>
        <Link to={pagePath('blogList')} className="btn btn--primary">
          Back to the blog
        </Link>{' '}
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}

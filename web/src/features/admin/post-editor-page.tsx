import { useParams } from 'react-router';

/** `/add-blog` and `/edit-blog/:slug`. */
export default function PostEditorPage() {
  const { slug } = useParams();
  return (
    <main className="admin-editor">
      <h1>{slug === undefined ? 'Add blog' : 'Edit blog'}</h1>
    </main>
  );
}

/** `/blog`: featured sidebar and the infinite post list. */
export default function BlogListPage() {
  return (
    <main className="blog-list-page">
      <h1>Blog</h1>
    </main>
  );
}

/** `/admin`: post table. */
export default function AdminListPage() {
  return (
    <main className="admin-list">
      <h1>Blog posts</h1>
    </main>
  );
}

/** `/admin/leads`: enquiry inbox. */
export default function LeadsPage() {
  return (
    <main className="admin-leads">
      <h1>Leads</h1>
    </main>
  );
}

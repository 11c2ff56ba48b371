/** `/creative-login`: admin sign-in. */
export default function LoginPage() {
  return (
    <main className="admin-login">
      <h1>Admin login</h1>
    </main>
  );
}

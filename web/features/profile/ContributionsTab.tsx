export function ContributionsTab() {
  return <p className="empty">No contributions yet.</p>;
}

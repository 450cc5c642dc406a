import association from '../../content/association.json';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <p>
        © {year} {association.name}. All rights reserved.
      </p>
      <p className="credit">{association.credit}</p>
    </footer>
  );
}

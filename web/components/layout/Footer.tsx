import { Link } from 'react-router-dom';
import { t } from '../../../core/i18n';
import { paths } from '../../lib/paths';
import associationEn from '../../content/association.json';
import footerEn from '../../content/footer.json';
import { localized } from '../../lib/content';
import './footer.css';

export function Footer() {
  const year = new Date().getFullYear();
  const association = localized('association', associationEn);
  const footer = localized('footer', footerEn);
  return (
    <footer className="footer">
      <nav aria-label={footer.navLabel}>
        <ul className="footer-links">
          {footer.links.map((l) => (
            <li key={l.path}>
              <Link to={paths[l.path as keyof typeof paths]}>{l.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p>{t('footer.rights', { year, name: association.name })}</p>
      <p className="credit">{association.credit}</p>
    </footer>
  );
}

import magazinesEn from '../../content/magazines.json';
import { localized } from '../../lib/content';
import '../../features/site/site.css';

/**
 * /magazine (SPEC.md's /{name}, DECISIONS.md): one download card per year, and the recent years that have no file
 * yet said honestly as coming soon (docs/decisions/165).
 */
export function MagazinePage() {
  const magazines = localized('magazines', magazinesEn);
  return (
    <div className="page">
      <h1>{magazines.title}</h1>
      <p className="lead">{magazines.intro}</p>
      <ul className="card-grid magazines">
        {magazines.comingSoon ? (
          <li className="magazine-soon">
            <div className="magazine-cover" aria-hidden="true">
              <span className="year">{magazines.comingSoon.label}</span>
            </div>
            <h2 className="magazine-title">{magazines.comingSoon.title}</h2>
            <p className="magazine-theme">{magazines.comingSoon.text}</p>
          </li>
        ) : null}
        {magazines.issues.map((m) => (
          <li key={m.year}>
            <div className="magazine-cover" aria-hidden="true">
              <span className="year">{m.year}</span>
            </div>
            <h2 className="magazine-title">{m.title}</h2>
            <p className="magazine-theme">{m.theme}</p>
            <a className="btn btn-primary" href={m.file} download>
              {magazines.downloadLabel}
              <span className="visually-hidden"> {m.year}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

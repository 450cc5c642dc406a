import sponsorsEn from '../../content/sponsors.json';
import { localized } from '../../lib/content';
import '../../features/site/site.css';

type YearTable = { year: string; rows: { item: string; sponsor: string }[] };

function YearTables({ title, years, kind }: { title: string; years: YearTable[]; kind: string }) {
  const sponsors = localized('sponsors', sponsorsEn);
  return (
    <section className="site-section" aria-labelledby={`${kind}-title`}>
      <h2 id={`${kind}-title`}>{title}</h2>
      {years.map((y) => (
        <div key={y.year} className="sponsor-year">
          <h3 id={`${kind}-${y.year}`}>
            {title} {y.year}
          </h3>
          <div className="table-wrap">
            <table aria-labelledby={`${kind}-${y.year}`}>
              <thead>
                <tr>
                  <th scope="col">{sponsors.itemHeader}</th>
                  <th scope="col">{sponsors.sponsorHeader}</th>
                </tr>
              </thead>
              <tbody>
                {y.rows.map((r) => (
                  <tr key={r.item}>
                    <td>{r.item}</td>
                    <td>{r.sponsor}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ))}
    </section>
  );
}

/** /sponsors: full and co-sponsorship tables by year, and sponsors and volunteers by festival day. */
export function SponsorsPage() {
  const sponsors = localized('sponsors', sponsorsEn);
  const v = sponsors.volunteers;
  return (
    <div className="page">
      <h1>{sponsors.title}</h1>
      <p className="lead">{sponsors.intro}</p>
      <YearTables title={sponsors.full.title} years={sponsors.full.years} kind="full" />
      <YearTables title={sponsors.co.title} years={sponsors.co.years} kind="co" />
      <section className="site-section" aria-labelledby="volunteers-title">
        <h2 id="volunteers-title">{v.title}</h2>
        <div className="table-wrap">
          <table aria-labelledby="volunteers-title">
            <thead>
              <tr>
                <th scope="col">{v.dayHeader}</th>
                <th scope="col">{v.sponsorsHeader}</th>
                <th scope="col">{v.volunteersHeader}</th>
              </tr>
            </thead>
            <tbody>
              {v.rows.map((r) => (
                <tr key={r.day}>
                  <th scope="row">{r.day}</th>
                  <td>{r.sponsors.join(', ')}</td>
                  <td>{r.volunteers.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

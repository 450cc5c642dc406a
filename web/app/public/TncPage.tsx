import association from '../../content/association.json';
import { localized } from '../../lib/content';
import tncEn from '../../content/tnc.json';
import '../../features/site/site.css';

const fill = (s: string) => s.replaceAll('{email}', association.email);

/** /tnc: every section SPEC.md lists, with the committee's address filled in from the content folder. */
export function TncPage() {
  const tnc = localized('tnc', tncEn);
  return (
    <div className="page prose">
      <h1>{tnc.title}</h1>
      <p className="hint">{tnc.updated}</p>
      <nav aria-label="Sections">
        <ol className="toc">
          {tnc.sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {tnc.sections.map((s) => (
        <section key={s.id} id={s.id} className="tnc-section site-section" aria-labelledby={`${s.id}-title`}>
          <h2 id={`${s.id}-title`}>{s.title}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>{fill(p)}</p>
          ))}
          {'list' in s && Array.isArray(s.list) && (
            <ul>
              {s.list.map((item: string) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

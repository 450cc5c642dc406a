import contentEn from '../../content/responsibility.json';
import { localized } from '../../lib/content';
import '../../features/site/site.css';

/** /responsibitity (spelled as SPEC.md gives it): the association's social work. */
export function ResponsibilityPage() {
  const content = localized('responsibility', contentEn);
  return (
    <div className="page">
      <h1>{content.title}</h1>
      <p className="lead">{content.intro}</p>
      <ul className="activities">
        {content.activities.map((a, i) => (
          <li key={a.title} className="activity">
            <img
              src={a.photo}
              alt={a.alt}
              width={640}
              height={400}
              loading={i === 0 ? 'eager' : 'lazy'}
              decoding="async"
            />
            <div>
              <h2>{a.title}</h2>
              <p>{a.text}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="callout">{content.caption}</p>
    </div>
  );
}

import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../../core/i18n';
import '../../../core/messages/areas/site';
import associationEn from '../../content/association.json';
import galleryEn from '../../content/gallery.json';
import homeEn from '../../content/home.json';
import plansEn from '../../content/plans.json';
import { NeedsNetwork } from '../../components/NetworkNotes';
import { PlansTable } from '../../features/site/PlansTable';
import { localized } from '../../lib/content';
import { useDrawingHtml } from '../../lib/hydration';
import { useLivePlans } from '../../lib/live-plans';
import { useUserInfo } from '../../lib/session';
import { paths } from '../../lib/paths';

// The gallery is the third section: its code loads after the first screen (docs/decisions/112).
const Carousel = lazy(() => import('../../features/site/Carousel').then((m) => ({ default: m.Carousel })));
// Drawn in the browser only: it starts on a random photo, which prerendered HTML cannot know. The page (and
// React's first, hydrating render) holds its place with an empty frame of the photo's shape.
const galleryFrame = <div className="carousel carousel-frame" aria-hidden="true" />;

function Gallery(props: Parameters<typeof Carousel>[0]) {
  return useDrawingHtml() ? (
    galleryFrame
  ) : (
    <Suspense fallback={galleryFrame}>
      <Carousel {...props} />
    </Suspense>
  );
}

/** For a visitor: the invitation to sign up (its own component: the session is known only after hydration). */
function BecomeMember() {
  if (useUserInfo()) return null;
  return (
    <>
      <p className="plans-cta">
        <Link className="btn btn-primary" to={paths.signup}>
          {t('site.becomeMember')}
        </Link>
      </p>
      <NeedsNetwork className="hint center" />
    </>
  );
}

/** /index, and every unknown path: the six sections of SPEC.md section 2, in order. */
export function HomePage() {
  const association = localized('association', associationEn);
  const gallery = localized('gallery', galleryEn);
  const home = localized('home', homeEn);
  const plans = localized('plans', plansEn);
  const livePlans = useLivePlans(plans.plans);
  const { festival } = association;
  return (
    <div className="page home">
      <section className="hero" aria-labelledby="event-title">
        <p className="eyebrow">{home.banner.eyebrow}</p>
        <h1 id="event-title">{festival.title}</h1>
        <p className="tagline">{festival.tagline}</p>
        <p className="dates">
          <span className="visually-hidden">{home.banner.datesLabel}: </span>
          {festival.dates}
        </p>
        <p className="tithi">{festival.tithi}</p>
        <a className="btn btn-accent" href={festival.mapUrl} target="_blank" rel="noopener noreferrer">
          {home.banner.mapLabel}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <p className="venue">{festival.venue}</p>
      </section>

      <section id="who-we-are" className="site-section" aria-labelledby="who-we-are-title">
        <h2 id="who-we-are-title">{home.whoWeAre.title}</h2>
        <div className="prose">
          {home.whoWeAre.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </section>

      <section id="gallery" className="site-section" aria-labelledby="gallery-title">
        <h2 id="gallery-title">{gallery.title}</h2>
        <p className="lead">{gallery.intro}</p>
        <Gallery photos={gallery.photos} label={gallery.slideshowLabel} />
      </section>

      <section id="what-more" className="site-section" aria-labelledby="what-more-title">
        <h2 id="what-more-title">{home.whatMore.title}</h2>
        <p className="lead">{home.whatMore.intro}</p>
        <ul className="card-grid">
          {home.whatMore.items.map((item) => (
            <li key={item.title}>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="membership-plans" className="site-section" aria-labelledby="plans-title">
        <h2 id="plans-title">{plans.title}</h2>
        <p className="lead">{plans.intro}</p>
        <PlansTable
          plans={livePlans}
          features={plans.features}
          caption={plans.title}
          priceLabel={plans.priceLabel}
          featureLabel={plans.featureLabel}
        />
        <p className="hint">{plans.familyBenefit}</p>
        <p className="hint">{plans.note}</p>
        <BecomeMember />
      </section>

      <section id="contact" className="site-section" aria-labelledby="contact-title">
        <h2 id="contact-title">{home.contact.title}</h2>
        <p className="lead">{home.contact.intro}</p>
        <dl className="contact-list">
          <dt>{home.contact.emailLabel}</dt>
          <dd>
            <a href={`mailto:${association.email}`}>{association.email}</a>
          </dd>
          <dt>{home.contact.phoneLabel}</dt>
          <dd>
            <a href={`tel:${association.phone.replace(/\s+/g, '')}`}>{association.phone}</a>
          </dd>
          <dt>{home.contact.addressLabel}</dt>
          <dd>{association.address}</dd>
        </dl>
        <p className="hint">{home.contact.hours}</p>
      </section>
    </div>
  );
}

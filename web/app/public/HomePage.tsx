import { Link } from 'react-router-dom';
import association from '../../content/association.json';
import { paths } from '../paths';
import { useUserInfo } from '../../lib/session';

export function HomePage() {
  const user = useUserInfo();
  return (
    <>
      <section className="banner">
        <h1>{association.festival.title}</h1>
        <p>{association.festival.tagline}</p>
        <a className="btn btn-accent" href={association.festival.mapUrl} target="_blank" rel="noreferrer">
          Venue map: {association.festival.venue}
        </a>
      </section>
      {!user && (
        <p className="center">
          <Link className="btn btn-primary" to={paths.signup}>
            Create Account to become member
          </Link>
        </p>
      )}
    </>
  );
}

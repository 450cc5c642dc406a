import { useSyncExternalStore } from 'react';
import { festivalYear } from '../../../core/festival-year';
import { format } from '../../../core/i18n';
import associationEn from '../../content/association.json';
import presentationsEn from '../../content/presentations.json';
import { localized } from '../../lib/content';
import { Deck, type DeckData } from '../../features/site/Deck';

type Which = 'festival' | 'corporate';

const noSubscription = () => () => {};

/**
 * The festival's calendar year now (core/festival.ts): read in the browser only, so that a page prerendered before
 * a new festival year began hydrates as it was built and then says what is new (docs/decisions/112).
 */
function useFestivalStart(): number | null {
  return useSyncExternalStore(
    noSubscription,
    () => Number(festivalYear().slice(0, 4)),
    () => null,
  );
}

/**
 * /2023 (the festival's venue and schedule, with the corporate deck) and /corporate (the corporate deck). The
 * festival page shows the edition that web/content/presentations.json holds, with that year in its title; once
 * the festival year has moved past it, it says that the new one comes soon (docs/decisions/165).
 */
export function PresentationsPage({ which }: { which: Which }) {
  const presentations = localized('presentations', presentationsEn);
  const festival = localized('association', associationEn).festival;
  const now = useFestivalStart();
  const page = presentations[which];
  const year = 'year' in page ? page.year : null;
  const decks = page.decks
    .map((id) => presentations.decks.find((d) => d.id === id))
    .filter((d): d is DeckData => d !== undefined);
  const words = (text: string) => format(text, { year: year ?? '', next: now ?? '' });
  return (
    <div className="page">
      <h1>{words(page.title)}</h1>
      <p className="lead">{words(page.intro)}</p>
      {year !== null && festival.title.includes(String(year)) ? (
        <p className="festival-when">
          <strong>{festival.dates}</strong> · {festival.venue}
        </p>
      ) : null}
      {year !== null && now !== null && now > year && 'upcoming' in page ? (
        <p className="notice" role="status">
          {words(page.upcoming)}
        </p>
      ) : null}
      {decks.map((d) => (
        <Deck key={d.id} deck={d} slideLabel={presentations.slideLabel} downloadLabel={presentations.downloadLabel} />
      ))}
    </div>
  );
}

export const Year2023Page = () => <PresentationsPage which="festival" />;
export const CorporatePage = () => <PresentationsPage which="corporate" />;

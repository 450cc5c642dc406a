import presentationsEn from '../../content/presentations.json';
import { localized } from '../../lib/content';
import { Deck, type DeckData } from '../../features/site/Deck';

type Which = 'year2023' | 'corporate';

/** /2023 (venue, schedule and corporate decks) and /corporate (the corporate deck): static presentations. */
export function PresentationsPage({ which }: { which: Which }) {
  const presentations = localized('presentations', presentationsEn);
  const page = presentations[which];
  const decks = page.decks
    .map((id) => presentations.decks.find((d) => d.id === id))
    .filter((d): d is DeckData => d !== undefined);
  return (
    <div className="page">
      <h1>{page.title}</h1>
      <p className="lead">{page.intro}</p>
      {decks.map((d) => (
        <Deck key={d.id} deck={d} slideLabel={presentations.slideLabel} downloadLabel={presentations.downloadLabel} />
      ))}
    </div>
  );
}

export const Year2023Page = () => <PresentationsPage which="year2023" />;
export const CorporatePage = () => <PresentationsPage which="corporate" />;

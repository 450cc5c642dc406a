import './site.css';

export type DeckData = { id: string; title: string; pdf: string; slides: { title: string; points: string[] }[] };

/**
 * A presentation shown as a page: each slide is a card. The PDF is offered for download rather than embedded,
 * because the site forbids framing (X-Frame-Options DENY, frame-ancestors 'none'), same-origin PDFs included.
 */
export function Deck({
  deck,
  slideLabel,
  downloadLabel,
}: {
  deck: DeckData;
  slideLabel: string;
  downloadLabel: string;
}) {
  const headingId = `deck-${deck.id}`;
  return (
    <section className="deck" aria-labelledby={headingId}>
      <h2 id={headingId}>{deck.title}</h2>
      <ol className="deck-slides">
        {deck.slides.map((s, i) => (
          <li key={s.title} className="deck-slide">
            <p className="deck-number">
              {slideLabel} {i + 1} / {deck.slides.length}
            </p>
            <h3>{s.title}</h3>
            <ul>
              {s.points.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <p>
        <a className="btn" href={deck.pdf} download>
          {downloadLabel}
          <span className="visually-hidden">: {deck.title}</span>
        </a>
      </p>
    </section>
  );
}

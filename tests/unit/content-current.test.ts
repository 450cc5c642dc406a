// The association's content tells one festival (docs/decisions/165): the venue and schedule page, the sponsor
// tables and the magazine list reach the edition that web/content/association.json announces, so that a year's
// update that forgets one of them fails here instead of showing last year's page as this year's.
import { describe, expect, it } from 'vitest';
import association from '../../web/content/association.json';
import footer from '../../web/content/footer.json';
import magazines from '../../web/content/magazines.json';
import presentations from '../../web/content/presentations.json';
import sponsors from '../../web/content/sponsors.json';

const edition = Number(/\b(\d{4})\b/.exec(association.festival.title)?.[1]);

describe('the content tells the festival of association.json', () => {
  it('names a festival year', () => {
    expect(edition).toBeGreaterThan(2000);
    expect(association.festival.dates).toContain(String(edition));
  });

  it('has the venue and schedule of that festival', () => {
    expect(presentations.festival.year).toBe(edition);
    expect(presentations.festival.title).toContain('{year}');
    for (const id of presentations.festival.decks.filter((d) => d !== 'corporate')) {
      const deck = presentations.decks.find((d) => d.id === id);
      expect(deck?.title, id).toContain(String(edition));
      expect(deck?.pdf, id).toContain(String(edition));
    }
  });

  it('has sponsor tables by year, newest first, through that festival', () => {
    for (const kind of [sponsors.full, sponsors.co]) {
      const years = kind.years.map((y) => Number(y.year));
      expect(years[0]).toBe(edition);
      expect([...years].sort((a, b) => b - a)).toEqual(years);
    }
  });

  it('lists the magazine up to that festival, the recent issues honestly as coming soon', () => {
    const newest = Math.max(...magazines.issues.map((m) => Number(m.year)));
    const soon = /(\d{4}) to (\d{4})/.exec(magazines.comingSoon.title);
    expect(newest === edition || Number(soon?.[2]) === edition).toBe(true);
    expect(Number(soon?.[1])).toBe(newest + 1);
  });

  it('names no festival year in the footer, which every page shows', () => {
    expect(footer.links.map((l) => l.label).join(' ')).not.toMatch(/\b\d{4}\b/);
  });
});

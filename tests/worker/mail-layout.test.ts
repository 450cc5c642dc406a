// Emails read on a phone (docs/decisions/108): one column with a viewport, the association's colours.
import { describe, expect, it } from 'vitest';
import { compose, emailDocument } from '../../worker/lib/mail';

describe('email layout', () => {
  it('wraps a composed email in a phone-friendly one-column page with a button link', () => {
    const mail = compose('Your pass', ['Namaskar <Ruma>,', 'Line one\nLine two'], {
      href: 'https://example.org/profile',
      label: 'Show my pass',
    });
    const html = emailDocument(mail.subject, mail.html);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('max-width:560px');
    expect(html).toContain('background:#7a1230'); // the maroon band
    expect(html).toContain('Samiti Bengali Cultural Association');
    expect(html).toContain('Namaskar &#60;Ruma&#62;,'); // escaped
    expect(html).toMatch(
      /<a href="https:\/\/example.org\/profile" style="display:inline-block;[^"]*">Show my pass<\/a>/,
    );
    expect(emailDocument('again', html)).toBe(html); // never wrapped twice
  });
});

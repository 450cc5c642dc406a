// Turns a text written from an English template back into another language's message (issue 16,
// docs/decisions/120). Used where English is produced before the reader's language is known: a server `desc`
// shown in the Bengali interface, and an email rendered for a member whose account is in Bengali. The English
// template is matched whole ("Contribution {rcpt} is {status}."), its placeholders captured and put into the
// other language's message of the same key; text that matches no template is kept as it is.

type Matcher = { re: RegExp; names: string[]; target: string; weight: number };

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Builds a translator from pairs of [English template, other language's template] of the same key. */
export function makeTranslator(pairs: Iterable<readonly [string, string]>): (text: string) => string {
  const exact = new Map<string, string>();
  const matchers: Matcher[] = [];
  for (const [from, to] of pairs) {
    if (!from || !to || from === to) continue;
    const names: string[] = [];
    const parts = from.split(/\{(\w+)\}/);
    if (parts.length === 1) {
      exact.set(from, to);
      continue;
    }
    let source = '';
    parts.forEach((part, i) => {
      if (i % 2 === 0) source += escapeRe(part);
      else {
        names.push(part);
        source += '([\\s\\S]+?)';
      }
    });
    const literal = parts.filter((_, i) => i % 2 === 0).join('');
    // a template of nothing but placeholders ("{date}: {amount} ({status})") would swallow any text
    if (literal.replace(/[\s\W]/g, '').length < 3) continue;
    matchers.push({ re: new RegExp(`^${source}$`), names, target: to, weight: literal.length });
  }
  // the most specific template first ("Refund of {amount} for {rcpt} started..." before "Refund {amount}")
  matchers.sort((a, b) => b.weight - a.weight);

  const one = (text: string): string | undefined => {
    const found = exact.get(text);
    if (found !== undefined) return found;
    for (const m of matchers) {
      const hit = m.re.exec(text);
      if (!hit) continue;
      const values: Record<string, string> = {};
      m.names.forEach((name, i) => {
        values[name] = hit[i + 1] ?? '';
      });
      return m.target.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
    }
    return undefined;
  };

  return (text: string) => {
    const whole = one(text);
    if (whole !== undefined) return whole;
    if (!text.includes('\n')) return text;
    return text
      .split('\n')
      .map((line) => one(line) ?? line)
      .join('\n');
  };
}

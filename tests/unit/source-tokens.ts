// A TypeScript source as the compiler's own scanner reads it: comments skipped, strings whole (a template's
// substitutions read as the name or literal they hold, or '?'), adjacent literals joined by `+` read as one, a
// regular expression one token. TypeScript 7 ships no JavaScript parser (no ts.createSourceFile), only the
// scanner; the scans that read sources for a rule (money-writes.ts, messages-by-key.test.ts) read them through it.
import { SyntaxKind } from 'typescript/unstable/ast';
import { createScanner } from 'typescript/unstable/ast/scanner';

export type Token = { kind: 'id' | 'str' | 'punct'; text: string; pos: number };

/** After these a `/` divides; anywhere else it opens a regular expression literal. */
const ENDS_EXPRESSION = new Set<SyntaxKind>([
  SyntaxKind.Identifier,
  SyntaxKind.CloseParenToken,
  SyntaxKind.CloseBracketToken,
  SyntaxKind.CloseBraceToken,
  SyntaxKind.NumericLiteral,
  SyntaxKind.StringLiteral,
  SyntaxKind.NoSubstitutionTemplateLiteral,
  SyntaxKind.TemplateTail,
  SyntaxKind.ThisKeyword,
]);

export function tokens(text: string): Token[] {
  const scanner = createScanner(true, 0, text);
  const out: Token[] = [];
  // a template under construction: its text so far and the tokens of the substitution being read
  const templates: { pos: number; text: string; sub: Token[]; depth: number }[] = [];
  let depth = 0;
  let prev = SyntaxKind.Unknown;
  // every token goes to the stream (a call or a string inside a substitution is seen like any other) and to the
  // substitution being read, which the template's text takes as the name or literal it holds, or as '?'
  const push = (t: Token) => {
    out.push(t);
    templates.at(-1)?.sub.push(t);
  };
  const substitution = (sub: Token[]) => {
    const only = sub.length === 1 ? sub[0] : undefined;
    if (only?.kind === 'str') out.pop(); // read once, as part of the template
    return only && (only.kind === 'id' || only.kind === 'str') ? only.text : '?';
  };
  for (let kind = scanner.scan(); kind !== SyntaxKind.EndOfFile; kind = scanner.scan()) {
    const pos = scanner.getTokenStart();
    if ((kind === SyntaxKind.SlashToken || kind === SyntaxKind.SlashEqualsToken) && !ENDS_EXPRESSION.has(prev)) {
      kind = scanner.reScanSlashToken();
    }
    if (kind === SyntaxKind.CloseBraceToken && templates.at(-1)?.depth === depth) {
      const open = templates.at(-1);
      kind = scanner.reScanTemplateToken(false);
      if (open) {
        open.text += substitution(open.sub) + scanner.getTokenValue();
        open.sub = [];
        if (kind === SyntaxKind.TemplateTail) {
          templates.pop();
          push({ kind: 'str', text: open.text, pos: open.pos });
        }
      }
      prev = kind;
      continue;
    }
    if (kind === SyntaxKind.TemplateHead) {
      templates.push({ pos, text: scanner.getTokenValue(), sub: [], depth });
    } else if (kind === SyntaxKind.StringLiteral || kind === SyntaxKind.NoSubstitutionTemplateLiteral) {
      push({ kind: 'str', text: scanner.getTokenValue(), pos });
    } else if (kind === SyntaxKind.Identifier || scanner.isReservedWord()) {
      push({ kind: 'id', text: scanner.getTokenText(), pos });
    } else {
      if (kind === SyntaxKind.OpenBraceToken) depth++;
      if (kind === SyntaxKind.CloseBraceToken) depth--;
      push({ kind: 'punct', text: scanner.getTokenText(), pos });
    }
    prev = kind;
  }
  // 'UPDATE ' + 'orders': adjacent literals joined by + read as one string
  const joined: Token[] = [];
  for (const t of out) {
    const [a, plus] = [joined.at(-2), joined.at(-1)];
    if (t.kind === 'str' && a?.kind === 'str' && plus?.text === '+') {
      joined.pop();
      a.text += t.text;
    } else joined.push(t);
  }
  return joined;
}

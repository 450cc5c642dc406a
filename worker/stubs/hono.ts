// `hono` in the Worker's bundle (wrangler.toml [alias], docs/decisions/234): the same Hono with its PatternRouter
// (hono/tiny) instead of the RegExpRouter and TrieRouter pair, 6 kB less; types still come from `hono` itself.
export { Hono } from 'hono/tiny';

// Types of scripts/server.mjs for the TypeScript tests that import it.
export function freePort(): Promise<number>;
export function startServer(opts?: { vars?: Record<string, string>; quiet?: boolean }): Promise<{
  url: string;
  port: number;
  /** the local D1's state directory (`wrangler d1 execute DB --local --persist-to <dir>`) */
  dir: string;
  log: () => string;
  stop: () => Promise<void>;
}>;

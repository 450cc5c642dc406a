// Minimal types for the runtime module the worker tests import; the full @cloudflare/workers-types
// globals would clash with the DOM types the one tsconfig also needs for web/.
declare module 'cloudflare:workers' {
  export const env: Record<string, unknown>;
  export const exports: { default: { fetch(input: string | Request, init?: RequestInit): Promise<Response> } };
}

// What tests/node/global-setup.mjs provides to the Node tier's tests (inject('baseUrl')).
declare module 'vitest' {
  export interface ProvidedContext {
    /** where the app under `wrangler dev` answers, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
  }
}

export {};

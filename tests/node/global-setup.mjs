// Starts the app once for the Node tier, as scripts/e2e.mjs does for the browser tests: `wrangler dev` on a free port
// with its own fresh local D1 (the built PWA from DIST_DIR or dist/); the tests read its address with inject('baseUrl').
import { startServer } from '../../scripts/server.mjs';

export default async function setup(project) {
  const server = await startServer();
  project.provide('baseUrl', server.url);
  return async () => {
    await server.stop();
  };
}

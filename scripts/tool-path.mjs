// Imported first by the scripts so they also run bare (`node scripts/x.mjs`): the project's tools, and
// Node 22 from the node@22 dev dependency, come first on PATH for every child process.
import path from 'node:path';

const bin = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'node_modules', '.bin');
if (!process.env.PATH?.split(path.delimiter).includes(bin)) {
  process.env.PATH = `${bin}${path.delimiter}${process.env.PATH ?? ''}`;
}

import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes a new numbered SQL migration from the schema; wrangler applies them.
export default defineConfig({
  dialect: 'sqlite',
  schema: './schema/index.ts',
  out: './migrations',
});

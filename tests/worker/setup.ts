import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll } from 'vitest';
import type { D1Migration } from '@cloudflare/vitest-plugin';
import { getConfig } from '../../worker/lib/config';
import { getDb } from '../../worker/lib/db';
import { seedDemo } from '../../worker/services/seed';
import '../fixtures/fail-on-console-error';

const testEnv = env as unknown as { DB: Parameters<typeof applyD1Migrations>[0]; TEST_MIGRATIONS: D1Migration[] };

beforeAll(async () => {
  await applyD1Migrations(testEnv.DB, testEnv.TEST_MIGRATIONS);
  const bindings = env as never;
  await seedDemo(getDb(bindings), getConfig(bindings));
});

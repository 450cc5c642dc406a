// Stands in for the two Postgres pieces drizzle's core imports (wrangler.toml [alias], docs/decisions/234): sql.ts
// asks whether a value is a Postgres enum (never, with SQLite), and the relational schema's extraction (unused: the
// Worker passes drizzle no schema) checks for Postgres primary keys. With them the Worker carried 6 kB of pg-core.
export const isPgEnum = (_value: unknown) => false;
export class PrimaryKeyBuilder {}
// drizzle's is() refuses a class without its entity kind
Object.defineProperty(PrimaryKeyBuilder, Symbol.for('drizzle:entityKind'), { value: 'PgPrimaryKeyBuilder' });

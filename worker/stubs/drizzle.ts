// Stands in for pieces of drizzle the Worker never runs (wrangler.toml [alias], docs/decisions/234). Two Postgres
// pieces its core imports: sql.ts asks whether a value is a Postgres enum (never, with SQLite), and the relational
// schema's extraction (unused: the Worker passes drizzle no schema) checks for Postgres primary keys; with them the
// Worker carried 6 kB of pg-core.
export const isPgEnum = (_value: unknown) => false;
export class PrimaryKeyBuilder {}
// drizzle's is() refuses a class without its entity kind
Object.defineProperty(PrimaryKeyBuilder, Symbol.for('drizzle:entityKind'), { value: 'PgPrimaryKeyBuilder' });

/**
 * sqliteTable(name, (t) => columns) hands the callback every column builder (blob, numeric, real, custom ...);
 * schema/ passes its columns as an object, so the Worker never needs that set.
 */
export const getSQLiteColumnBuilders = () => {
  throw new Error('schema/ declares columns as an object (docs/decisions/234)');
};

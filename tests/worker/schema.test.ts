// schema/ (what drizzle and `drizzle-kit generate` believe) against the database migrations/ build (what D1 has):
// tables, columns (type, NOT NULL, primary key, default), indexes (columns, unique, partial condition) and foreign
// keys must be the same, so that a query typed from schema/ runs as typed and `drizzle-kit generate` writes only
// the next real change (docs/decisions/078).
import { getTableName, is, SQL } from 'drizzle-orm';
import { getTableConfig, SQLiteSyncDialect, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../schema/index';
import { bindings } from './helpers';

type Column = { type: string; notNull: boolean; pk: boolean; default: string | null };
type Index = { columns: string[]; unique: boolean; where: string | null };
type Table = { columns: Record<string, Column>; indexes: Record<string, Index>; foreignKeys: string[] };
type Model = Record<string, Table>;

const dialect = new SQLiteSyncDialect();
const sqlText = (s: SQL) => dialect.sqlToQuery(s).sql;
// the same SQL written twice: no case, spacing or outer brackets to tell them apart
const norm = (s: string) => {
  let t = s.replace(/\s+/g, ' ').replace(/["`]/g, '').trim().toLowerCase();
  while (/^\(.*\)$/.test(t) && balanced(t.slice(1, -1))) t = t.slice(1, -1).trim();
  return t.replace(/\( /g, '(').replace(/ \)/g, ')');
};
function balanced(s: string) {
  let depth = 0;
  for (const c of s) {
    depth += c === '(' ? 1 : c === ')' ? -1 : 0;
    if (depth < 0) return false;
  }
  return depth === 0;
}
function literal(v: unknown): string {
  if (is(v, SQL)) return norm(sqlText(v));
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return `'${v.replace(/'/g, "''")}'`;
  return JSON.stringify(v);
}
const dbDefault = (v: string | null) =>
  v === null
    ? null
    : norm(v)
        .replace(/^true$/, '1')
        .replace(/^false$/, '0');

function fromSchema(): Model {
  const model: Model = {};
  for (const t of Object.values(schema)) {
    if (!is(t, SQLiteTable)) continue;
    const c = getTableConfig(t);
    const table: Table = { columns: {}, indexes: {}, foreignKeys: [] };
    const inPk = new Set(c.primaryKeys.flatMap((pk) => pk.columns.map((x) => x.name)));
    for (const col of c.columns) {
      table.columns[col.name] = {
        type: col.getSQLType().toLowerCase(),
        notNull: col.notNull || col.primary || inPk.has(col.name),
        pk: col.primary || inPk.has(col.name),
        default: col.default === undefined ? null : literal(col.default),
      };
      if (col.isUnique) table.indexes[`(unique ${col.name})`] = { columns: [col.name], unique: true, where: null };
    }
    for (const ix of c.indexes) {
      table.indexes[ix.config.name] = {
        columns: ix.config.columns.map((x) => (is(x, SQL) ? norm(sqlText(x)) : (x as { name: string }).name)),
        unique: ix.config.unique,
        where: ix.config.where ? norm(sqlText(ix.config.where)) : null,
      };
    }
    for (const fk of c.foreignKeys) {
      const r = fk.reference();
      table.foreignKeys.push(
        `${r.columns.map((x) => x.name).join(',')} -> ${getTableName(r.foreignTable)}(${r.foreignColumns.map((x) => x.name).join(',')})`,
      );
    }
    table.foreignKeys.sort();
    model[c.name] = table;
  }
  return model;
}

const INTERNAL = /^(sqlite_|_cf_|d1_migrations$)/;

/** The terms of `CREATE INDEX x ON t (a, lower(b))`: an expression's text, which PRAGMA index_info leaves out. */
function indexTerms(createSql: string | null): string[] {
  if (!createSql) return [];
  const open = createSql.indexOf('(', createSql.search(/\bON\b/i));
  const terms: string[] = [];
  let depth = 0;
  let from = open + 1;
  for (let i = open; i < createSql.length; i++) {
    const c = createSql[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) {
      terms.push(createSql.slice(from, i));
      break;
    } else if (c === ',' && depth === 1) {
      terms.push(createSql.slice(from, i));
      from = i + 1;
    }
  }
  return terms;
}

async function fromDatabase(): Promise<Model> {
  const d1 = bindings.DB;
  const all = async <T>(q: string) => (await d1.prepare(q).all<T>()).results;
  const model: Model = {};
  const tables = await all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
  for (const { name } of tables) {
    if (INTERNAL.test(name)) continue;
    const table: Table = { columns: {}, indexes: {}, foreignKeys: [] };
    for (const col of await all<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(
      `PRAGMA table_info("${name}")`,
    )) {
      table.columns[col.name] = {
        type: col.type.toLowerCase(),
        notNull: col.notnull === 1 || col.pk > 0,
        pk: col.pk > 0,
        default: dbDefault(col.dflt_value),
      };
    }
    const created = new Map(
      (
        await all<{ name: string; sql: string | null }>(
          `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = '${name}'`,
        )
      ).map((r) => [r.name, r.sql]),
    );
    for (const ix of await all<{ name: string; unique: number; origin: string; partial: number }>(
      `PRAGMA index_list("${name}")`,
    )) {
      if (ix.origin === 'pk') continue;
      const terms = indexTerms(created.get(ix.name) ?? null);
      const columns = (await all<{ seqno: number; name: string | null }>(`PRAGMA index_info("${ix.name}")`))
        .sort((a, b) => a.seqno - b.seqno)
        .map((x) => x.name ?? (terms[x.seqno] !== undefined ? norm(terms[x.seqno]!) : '(expression)'));
      const where = ix.partial ? norm(/\bWHERE\b([\s\S]*)$/i.exec(created.get(ix.name) ?? '')?.[1] ?? '?') : null;
      // a UNIQUE written on the column itself has no name of its own in either place
      const key = ix.origin === 'u' && columns.length === 1 ? `(unique ${columns[0]})` : ix.name;
      table.indexes[key] = { columns, unique: ix.unique === 1, where };
    }
    for (const fk of await all<{ table: string; from: string; to: string }>(`PRAGMA foreign_key_list("${name}")`)) {
      table.foreignKeys.push(`${fk.from} -> ${fk.table}(${fk.to})`);
    }
    table.foreignKeys.sort();
    model[name] = table;
  }
  return model;
}

/** Every difference, named: "table.column: NOT NULL in schema/, NULL in the database" and so on. */
function differences(code: Model, db: Model): string[] {
  const out: string[] = [];
  const show = (v: unknown) => JSON.stringify(v);
  for (const t of new Set([...Object.keys(code), ...Object.keys(db)])) {
    const a = code[t];
    const b = db[t];
    if (!a || !b) {
      out.push(`table ${t}: only in ${a ? 'schema/' : 'the database'}`);
      continue;
    }
    for (const c of new Set([...Object.keys(a.columns), ...Object.keys(b.columns)])) {
      const x = a.columns[c];
      const y = b.columns[c];
      if (!x || !y) out.push(`${t}.${c}: column only in ${x ? 'schema/' : 'the database'}`);
      else
        for (const k of ['type', 'notNull', 'pk', 'default'] as const) {
          if (x[k] !== y[k]) out.push(`${t}.${c}: ${k} ${show(x[k])} in schema/, ${show(y[k])} in the database`);
        }
    }
    for (const i of new Set([...Object.keys(a.indexes), ...Object.keys(b.indexes)])) {
      const x = a.indexes[i];
      const y = b.indexes[i];
      if (!x || !y) out.push(`${t} index ${i}: only in ${x ? 'schema/' : 'the database'}`);
      else
        for (const k of ['columns', 'unique', 'where'] as const) {
          if (show(x[k]) !== show(y[k])) {
            out.push(`${t} index ${i}: ${k} ${show(x[k])} in schema/, ${show(y[k])} in the database`);
          }
        }
    }
    for (const f of new Set([...a.foreignKeys, ...b.foreignKeys])) {
      if (!a.foreignKeys.includes(f) || !b.foreignKeys.includes(f)) {
        out.push(`${t} foreign key ${f}: only in ${a.foreignKeys.includes(f) ? 'schema/' : 'the database'}`);
      }
    }
  }
  return out;
}

describe('schema/ and the migrated database', () => {
  it('have the same tables, columns, indexes and foreign keys', async () => {
    const code = fromSchema();
    expect(Object.keys(code).length).toBeGreaterThan(10);
    expect(differences(code, await fromDatabase())).toEqual([]);
  });

  it('names each kind of difference (the check above can fail)', async () => {
    const db = await fromDatabase();
    const code = structuredClone(db);
    const orders = code.orders as Table;
    delete orders.columns.attention;
    (orders.columns.user_email as Column).notNull = false;
    (orders.columns.refunded_paise as Column).default = '1';
    (orders.indexes.orders_attention_idx as Index).where = null;
    delete orders.indexes.orders_email_idx;
    orders.foreignKeys.pop();
    delete code.settings;
    code.extra = { columns: {}, indexes: {}, foreignKeys: [] };
    expect(differences(code, db).sort()).toEqual(
      [
        'orders.attention: column only in the database',
        'orders.user_email: notNull false in schema/, true in the database',
        'orders.refunded_paise: default "1" in schema/, "0" in the database',
        'orders index orders_email_idx: only in the database',
        'orders index orders_attention_idx: where null in schema/, "attention is not null" in the database',
        `orders foreign key ${(db.orders as Table).foreignKeys.at(-1)}: only in the database`,
        'table extra: only in schema/',
        'table settings: only in the database',
      ].sort(),
    );
  });
});

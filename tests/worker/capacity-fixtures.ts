// Fixtures of the capacity and waiting-list tests: fresh products with a capacity, buyers with a cart.
import { eq } from 'drizzle-orm';
import { products } from '../../schema/index';
import { call, db, newUser } from './helpers';

let n = 0;
/** A fresh daily pass with a capacity, so that every test counts its own units. */
export async function newPass(capacity: number | null, over: Partial<typeof products.$inferInsert> = {}) {
  n++;
  const code = `CP${String(Date.now() % 1e5)}${n}`.slice(0, 12);
  return db()
    .insert(products)
    .values({
      type: 'DAILY_PASS',
      name: `Plate ${code}`,
      code,
      pricePaise: 30_000,
      coPricePaise: 30_000,
      available: true,
      capacity,
      ...over,
    })
    .returning()
    .get();
}

export const productRow = async (id: number) => (await db().select().from(products).where(eq(products.id, id)).get())!;

export async function buyer(productId: number, qty: number) {
  const u = await newUser();
  const r = await call('addToCart', { productQtys: { [productId]: { qty } } }, u.token);
  if (r.status !== 200) throw new Error(`addToCart: ${JSON.stringify(r.body)}`);
  return u;
}

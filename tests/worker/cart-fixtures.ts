// Fixtures for the cart and catalogue tests: products by code, users by email, orders written directly.
import { eq } from 'drizzle-orm';
import { festivalYear } from '../../core/festival';
import { orderLines, orders, products, sponsorshipClaims, users } from '../../schema/index';
import { putSetting } from '../../worker/services/admin/settings';
import { db } from './helpers';

export async function productId(code: string): Promise<number> {
  const row = await db().select({ id: products.id }).from(products).where(eq(products.code, code)).get();
  if (!row) throw new Error(`no product ${code}`);
  return row.id;
}

export async function userIdOf(email: string): Promise<number> {
  const row = await db().select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

type Line = { code: string; qty: number; fullSponsor?: boolean; memberPricedUnits?: number };

/** An order as checkout would have written it, with its lines; returns the order id. */
export async function placeOrder(
  email: string,
  status: 'Success' | 'Pending Approval' | 'Pending Payment' | 'Failed' | 'Rejected',
  lines: Line[],
  fiscalYear = festivalYear(),
): Promise<number> {
  const userId = await userIdOf(email);
  const kind = lines.some((l) => l.code.startsWith('D')) ? 'DAILY_PASS' : 'CONTRIBUTION';
  const order = await db()
    .insert(orders)
    .values({
      userId,
      kind,
      fiscalYear,
      status,
      paymentType: 'Offline',
      subtotalPaise: 100,
      totalPaise: 100,
      userName: `Buyer ${email}`,
      userEmail: email,
      userMobile: '9800000000',
    })
    .returning({ id: orders.id })
    .get();
  for (const l of lines) {
    const p = await db().select().from(products).where(eq(products.code, l.code)).get();
    await db()
      .insert(orderLines)
      .values({
        orderId: order.id,
        productId: p!.id,
        type: p!.type,
        code: p!.code,
        name: p!.name,
        qty: l.qty,
        unitPricePaise: p!.pricePaise,
        maxPricePaise: p!.pricePaise * l.qty,
        sellPricePaise: p!.pricePaise * l.qty,
        fullSponsor: l.fullSponsor ?? null,
        memberPricedUnits: l.memberPricedUnits ?? 0,
      });
  }
  return order.id;
}

export async function claim(code: string, email: string, state: 'held' | 'sponsored') {
  const orderId = await placeOrder(email, state === 'held' ? 'Pending Payment' : 'Success', [
    { code, qty: 1, fullSponsor: true },
  ]);
  await db()
    .insert(sponsorshipClaims)
    .values({
      productId: await productId(code),
      fiscalYear: festivalYear(),
      orderId,
      userId: await userIdOf(email),
      state,
    });
  return orderId;
}

export async function setFlag(key: 'membershipLive' | 'dailyPassLive', value: boolean) {
  await putSetting(db(), key, value, null);
}

export async function setProduct(code: string, patch: Partial<typeof products.$inferInsert>) {
  await db().update(products).set(patch).where(eq(products.code, code));
}

// Type-level test of the web's call map (web/lib/calls.ts, docs/decisions/079, 269), derived from the Worker's
// declared routes. Never run, only typechecked by `tsc` (npm run typecheck, part of npm test).
//  1. the map holds the calls the web makes and none of the calls others make (mounted outside AppType);
//  2. a call's body is what its zod contract accepts;
//  3. a call's answer is its service's, one type per path (signUp and signUpAndLogin share a service);
//  4. the web client takes body and answer from the path (the @ts-expect-error lines must stay errors).
import type { z } from 'zod';
import type { loginRequest, UserInfo } from '../../core/contracts/accounts';
import type { KeyedMessage } from '../../core/contracts/common';
import type { OrderView } from '../../core/contracts/orders';
import { api } from '../../web/lib/api-client';
import type { CallBody, CallData, CallPath } from '../../web/lib/calls';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Is<T extends true> = T;

// 1. The map is the routes' (not every string), and the webhooks, the probe and local mode's senders are not in it.
export type MapIsNotOpen = Is<Same<string extends CallPath ? true : false, false>>;
export type TheWebCalls = Is<Same<'login' | 'getOrders' | 'getReceiptRegister' extends CallPath ? true : false, true>>;
// @ts-expect-error Razorpay's webhook is mounted outside the web's calls
export type NoWebhook = Is<Same<'webhooks/razorpay' extends CallPath ? true : false, true>>;
// @ts-expect-error local mode's senders likewise
export type NoDevSender = Is<Same<'devSendReminders' extends CallPath ? true : false, true>>;

// 2. The body is the contract's input.
export type LoginBody = Is<Same<CallBody<'login'>, z.input<typeof loginRequest>>>;

// 3. Each path answers its own type, and the contract's.
export type SignUpAnswers = Is<Same<CallData<'signUp'>, KeyedMessage>>;
export type SignUpAndLoginAnswers = Is<Same<CallData<'signUpAndLogin'>, UserInfo>>;
export type OrdersAnswer = Is<CallData<'getOrders'> extends OrderView[] ? true : false>;

// 4. The client: the path decides the body and the answer.
export async function clientChecks() {
  const orders = await api('getOrders');
  const first = orders[0];
  if (first) {
    const total: number = first.orderTotal;
    const rcpt: string = first.orderRcptId;
    void [total, rcpt];
    // @ts-expect-error an order has no field `total` (the answer is the contract's OrderView)
    void first.total;
  }
  // @ts-expect-error login takes a password
  await api('login', { email: 'a@b.in' });
  // @ts-expect-error a field the call does not take
  await api('login', { email: 'a@b.in', password: 'secret123', remember: true });
  // @ts-expect-error a field of the wrong type
  await api('getOrderRefunds', { orderPkId: true });
  // @ts-expect-error a path the map does not know
  await api('getEverything');
  // @ts-expect-error a call with a required body cannot leave it out
  await api('verifyEmail');

  // a call with variants answers the one its body chose
  const online = await api('startOrder', { offline: false });
  const offline = await api('startOrder', { offline: true });
  const key: string = online.keyId;
  const payee: string = offline.bank.payee;
  void [key, payee];
  // @ts-expect-error the offline answer has no Razorpay key
  void offline.keyId;
}

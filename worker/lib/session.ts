import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { t } from '../../core/i18n';
import { sessions, users } from '../../schema/index';
import type { AppEnv } from '../env';
import { sha256Hex } from './crypto';
import { getDb } from './db';
import { DomainError } from './errors';

export type Actor = {
  userId: number;
  sessionId: number;
  name: string;
  email: string;
  mobile: string;
  emailVerified: boolean;
  isAdmin: boolean;
  isVolunteer: boolean;
  isMember: boolean;
};

export type Role = 'user' | 'staff' | 'admin';

/** Old clients send the literal "null" when logged out. */
export function readToken(c: Context<AppEnv>): string | null {
  const raw = c.req.header('X-Session-Token')?.trim();
  if (!raw || raw === 'null' || raw === 'undefined') return null;
  return raw.length <= 200 ? raw : null;
}

export async function resolveActor(c: Context<AppEnv>): Promise<Actor | null> {
  const token = readToken(c);
  if (!token) return null;
  const db = getDb(c.env);
  const row = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      name: users.name,
      email: users.email,
      mobile: users.mobile,
      emailVerified: users.emailVerified,
      isAdmin: users.isAdmin,
      isVolunteer: users.isVolunteer,
      isMember: users.isMember,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, await sha256Hex(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, Date.now()),
      ),
    )
    .get();
  return row ?? null;
}

export const insufficientAccess = (status: 401 | 403) =>
  new DomainError('InsufficientAccess', t(status === 401 ? 'auth.required' : 'auth.forbidden'), status);

/**
 * The role check runs before the body is read or validated: a caller without the role learns nothing
 * but InsufficientAccess. 'staff' = admins and volunteers (pass collection).
 */
export function requireRole(role: Role): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const actor = await resolveActor(c);
    if (!actor) throw insufficientAccess(401);
    const allowed =
      role === 'user' ||
      (role === 'admin' && actor.isAdmin) ||
      (role === 'staff' && (actor.isAdmin || actor.isVolunteer));
    if (!allowed) throw insufficientAccess(403);
    c.set('actor', actor);
    await next();
  };
}

/** Reads the actor set by requireRole; a route that calls it without the guard is a programming error. */
export function actorOf(c: Context<AppEnv>): Actor {
  const actor = c.get('actor');
  if (!actor) throw insufficientAccess(401);
  return actor;
}

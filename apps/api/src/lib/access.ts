import type { Actor, Rol } from './actor';
import { appError } from './app-error';

/**
 * The access rules every service method applies first, before reading or writing anything
 * (docs/decisions/014). Route guards check the same rules earlier; these are the ones that
 * hold whoever calls the service. Anonymous callers get 401, signed-in ones 403.
 */

const sinSesion = () => appError(401, 'TOKEN_AUSENTE');
const accesoDenegado = () => appError(403, 'ACCESO_DENEGADO');

const isAdmin = (actor: Actor | null): boolean => Boolean(actor?.roles.includes('admin'));

/** A signed-in caller. */
export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw sinSesion();
  return actor;
}

/** The resource belongs to the caller, or the caller is an admin (DESIGN.md section 3). */
export function requireOwner(actor: Actor | null, ownerId: string): Actor {
  const caller = requireActor(actor);
  if (caller.id !== ownerId && !isAdmin(caller)) throw accesoDenegado();
  return caller;
}

/** The caller holds one of these roles; list 'admin' too where admins may act. */
export function requireRole(actor: Actor | null, ...roles: [Rol, ...Rol[]]): Actor {
  const caller = requireActor(actor);
  if (!roles.some((rol) => caller.roles.includes(rol))) throw accesoDenegado();
  return caller;
}

/**
 * A public read (the store page, a product): anyone may call it, signed in or not. Written
 * out so that every service method states its rule.
 */
export function allowAnyone(_actor: Actor | null): void {}

/** The caller is the owner itself (an admin is not enough: acting as a store's seller). */
export function requireSelf(actor: Actor | null, ownerId: string): Actor {
  const caller = requireActor(actor);
  if (caller.id !== ownerId) throw accesoDenegado();
  return caller;
}

/** Whether the caller holds one of these roles (for rules that widen what a role sees). */
export function hasRole(actor: Actor | null, ...roles: [Rol, ...Rol[]]): boolean {
  return roles.some((rol) => Boolean(actor?.roles.includes(rol)));
}

/** A rule that depends on data the service just read: 403 unless it holds. */
export function requireAccess(allowed: unknown): asserts allowed {
  if (!allowed) throw accesoDenegado();
}

import {
  BanknoteIcon,
  CreditCardIcon,
  PackageIcon,
  ShieldCheckIcon,
  StoreIcon,
  TruckIcon,
  UsersRoundIcon,
  WrenchIcon,
} from 'lucide-react';
import { toast } from '@/components/ui/toast';
import { useEsAdmin } from '@/lib/session/es-admin';
import { useRoles } from '@/lib/session/use-roles';
import type { NavItem } from './nav-group';

const misServicios: NavItem = {
  title: 'Mis Servicios',
  icon: WrenchIcon,
  onSelect: () =>
    toast({
      title: 'En construcción',
      description: 'Esta funcionalidad estará disponible próximamente',
    }),
};

const deRepartidor: readonly NavItem[] = [
  { title: 'Pedidos', to: '/delivery-orders', icon: TruckIcon },
  misServicios,
];

const deComprador: readonly NavItem[] = [
  { title: 'Mi Tienda', to: '/my-store', icon: StoreIcon },
  misServicios,
  { title: 'Mis Pedidos', to: '/my-orders', icon: PackageIcon },
  { title: 'Mis Pagos', to: '/my-payments', icon: CreditCardIcon },
];

/** The product team's store review, for admins only (not in the spec's table). */
const revisionDeTiendas: NavItem = {
  title: 'Revisión de tiendas',
  to: '/admin/tiendas',
  icon: ShieldCheckIcon,
};

/** The product team's open groups, to cancel one with its refunds (admins only). */
const gruposDeCompra: NavItem = {
  title: 'Grupos de compra',
  to: '/admin/grupos',
  icon: UsersRoundIcon,
};

/** The team's money in flight: totals, refunds to retry, payments to look at (admins only). */
const dineroEnCurso: NavItem = {
  title: 'Dinero en curso',
  to: '/admin/dinero',
  icon: BanknoteIcon,
};

/** The delivery screen, for an admin who is not a courier (a courier has it as 'Pedidos'). */
const entregas: NavItem = { title: 'Entregas', to: '/delivery-orders', icon: TruckIcon };

/**
 * The side panel's 'Acciones' by role (spec part 1, section 6): a delivery person sees
 * Pedidos and Mis Servicios; everyone else (seller or neither) the four shopper actions.
 * Empty while the roles load, or when the token names no user. An admin also gets 'Revisión de
 * tiendas', 'Grupos de compra', 'Dinero en curso' and the delivery screen at the end, once that
 * check answers (it does not hold the others back).
 */
export function useAcciones(): readonly NavItem[] {
  const { usuarioId, esRepartidor, isLoading } = useRoles();
  const esAdmin = useEsAdmin(usuarioId).data?.esAdmin === true;
  if (!usuarioId || isLoading) return [];
  const acciones = esRepartidor ? deRepartidor : deComprador;
  if (!esAdmin) return acciones;
  return esRepartidor
    ? [...acciones, revisionDeTiendas, gruposDeCompra, dineroEnCurso]
    : [...acciones, revisionDeTiendas, gruposDeCompra, dineroEnCurso, entregas];
}

import {
  BoxesIcon,
  ChartColumnIcon,
  ClipboardCheckIcon,
  type LucideIcon,
  PackagePlusIcon,
  PencilLineIcon,
  TagsIcon,
  UsersRoundIcon,
} from 'lucide-react';

/** The panel's actions that open inside Mi Tienda (a sub-view, or the categories dialog). */
export type SeccionMiTienda =
  | 'editar-tienda'
  | 'categorias'
  | 'mis-productos'
  | 'grupos'
  | 'pedidos-para-entregar'
  | 'estadisticas';

/** The sub-views other features fill in; until then they say so. */
export type SeccionProximamente = Extract<
  SeccionMiTienda,
  'mis-productos' | 'grupos' | 'pedidos-para-entregar' | 'estadisticas'
>;

/** The sections that use the whole width of the screen (a dashboard), not a reading column. */
export const SECCIONES_AMPLIAS: readonly SeccionMiTienda[] = ['estadisticas'];

export interface AccionPanel {
  titulo: string;
  descripcion: string;
  icon: LucideIcon;
  /** A section of Mi Tienda, or a screen of its own. */
  destino: { seccion: SeccionMiTienda } | { ruta: string };
}

/** The six actions of the panel, in the spec's order (part 2, section 2), then Estadísticas (issue 37). */
export const ACCIONES_PANEL: readonly AccionPanel[] = [
  {
    titulo: 'Editar Tienda',
    descripcion: 'Nombre, descripción, contacto y logo.',
    icon: PencilLineIcon,
    destino: { seccion: 'editar-tienda' },
  },
  {
    titulo: 'Configurar Categorías',
    descripcion: 'Ordena tus productos en categorías propias.',
    icon: TagsIcon,
    destino: { seccion: 'categorias' },
  },
  {
    titulo: 'Cargar Producto',
    descripcion: 'Publica un producto nuevo para vender en grupo.',
    icon: PackagePlusIcon,
    destino: { ruta: '/product-form' },
  },
  {
    titulo: 'Mis Productos',
    descripcion: 'Precios, stock y disponibilidad.',
    icon: BoxesIcon,
    destino: { seccion: 'mis-productos' },
  },
  {
    titulo: 'Grupos',
    descripcion: 'Sigue y cierra tus compras grupales.',
    icon: UsersRoundIcon,
    destino: { seccion: 'grupos' },
  },
  {
    titulo: 'Pedidos para entregar',
    descripcion: 'Los pedidos listos para llevar a tus compradores.',
    icon: ClipboardCheckIcon,
    destino: { seccion: 'pedidos-para-entregar' },
  },
  {
    titulo: 'Estadísticas',
    descripcion: 'Ventas, grupos y comisiones por período.',
    icon: ChartColumnIcon,
    destino: { seccion: 'estadisticas' },
  },
];

const SECCIONES: readonly SeccionMiTienda[] = [
  'editar-tienda',
  'categorias',
  'mis-productos',
  'grupos',
  'pedidos-para-entregar',
  'estadisticas',
];

export function esSeccion(valor: string | null): valor is SeccionMiTienda {
  return valor !== null && (SECCIONES as readonly string[]).includes(valor);
}

export function accionDeSeccion(seccion: SeccionMiTienda): AccionPanel | undefined {
  return ACCIONES_PANEL.find(
    (accion) => 'seccion' in accion.destino && accion.destino.seccion === seccion,
  );
}

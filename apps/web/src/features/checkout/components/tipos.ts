import type { Paquete } from '@compra-grupal/contracts';

/** A cart line with its product as the route loaded it (features do not import each other). */
export interface LineaCheckout {
  productoId: string;
  cantidadSolicitada: number;
  grupoId?: string | undefined;
  nombre: string;
  precio: number;
  tiendaId: string;
  /** The package one unit ships in, as its seller declared it. */
  paquete: Paquete;
}

/** What the checkout knows of a store: its name, or that it could not be loaded. */
export interface TiendaCheckout {
  nombre: string | null;
  error: boolean;
}

/** The lines of one store. */
export interface TiendaDelPedido {
  tiendaId: string;
  lineas: LineaCheckout[];
  subtotal: number;
}

function redondear(pesos: number): number {
  return Math.round(pesos * 100) / 100;
}

/** The lines grouped by store, in the order the stores first appear. */
export function agruparPorTienda(lineas: readonly LineaCheckout[]): TiendaDelPedido[] {
  const grupos = new Map<string, TiendaDelPedido>();
  for (const linea of lineas) {
    let grupo = grupos.get(linea.tiendaId);
    if (!grupo) {
      grupo = { tiendaId: linea.tiendaId, lineas: [], subtotal: 0 };
      grupos.set(linea.tiendaId, grupo);
    }
    grupo.lineas.push(linea);
    grupo.subtotal = redondear(grupo.subtotal + linea.precio * linea.cantidadSolicitada);
  }
  return [...grupos.values()];
}

export function sumar(montos: readonly number[]): number {
  return redondear(montos.reduce((total, monto) => total + monto, 0));
}

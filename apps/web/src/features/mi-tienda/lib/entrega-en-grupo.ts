import {
  ENTREGA_EN_GRUPO_APAGADA,
  type EntregaEnGrupo,
  entregaEnGrupoSchema,
} from '@compra-grupal/contracts';
import { z } from 'zod';
import { leerNumero, numeroParaEditar } from '@/lib/numeros';

/** The three prices of 'Entrega en grupo' (pesos). */
export type PrecioDeEntrega = 'base' | 'porKm' | 'minimo';

/** 'Entrega en grupo' as its fields hold it: the switch, and the prices as typed (es-AR). */
export interface EntregaEnGrupoEscrita {
  activa: boolean;
  base: string;
  porKm: string;
  minimo: string;
}

/** What the fields propose when a store turns it on without prices of its own (pesos). */
export const ENTREGA_EN_GRUPO_SUGERIDA = { base: 3000, porKm: 400, minimo: 600 } as const;

/**
 * A store's settings as the fields show them. A store that never set prices (all zero) gets the
 * suggested ones, so turning the switch on shows them ready to adjust.
 */
export function entregaEnGrupoEscrita(entrega: EntregaEnGrupo): EntregaEnGrupoEscrita {
  const sinPrecios = entrega.base === 0 && entrega.porKm === 0 && entrega.minimo === 0;
  const precios = sinPrecios && !entrega.activa ? ENTREGA_EN_GRUPO_SUGERIDA : entrega;
  return {
    activa: entrega.activa,
    base: numeroParaEditar(precios.base),
    porKm: numeroParaEditar(precios.porKm),
    minimo: numeroParaEditar(precios.minimo),
  };
}

/** A fresh store's: off, with the suggested prices behind the switch. */
export const ENTREGA_EN_GRUPO_INICIAL: EntregaEnGrupoEscrita =
  entregaEnGrupoEscrita(ENTREGA_EN_GRUPO_APAGADA);

/**
 * The fields read and checked with the contract's schema (its Spanish messages, under each
 * price). Off is `ENTREGA_EN_GRUPO_APAGADA`, whatever the prices say.
 */
export const entregaEnGrupoEscritaSchema = z
  .object({ activa: z.boolean(), base: z.string(), porKm: z.string(), minimo: z.string() })
  .transform(
    ({ activa, base, porKm, minimo }): EntregaEnGrupo =>
      activa
        ? { activa, base: leerNumero(base), porKm: leerNumero(porKm), minimo: leerNumero(minimo) }
        : ENTREGA_EN_GRUPO_APAGADA,
  )
  .pipe(entregaEnGrupoSchema);

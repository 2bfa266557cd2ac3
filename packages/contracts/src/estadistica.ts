import { z } from 'zod';
import { idSchema } from './ids';

/**
 * The numbers sellers and the team run the business on (issue 37; docs/decisions/058): a
 * store's figures for a period of Buenos Aires days, its sales as CSV or XLSX for the
 * accountant, and the team's view of money in flight. Amounts are pesos, as everywhere.
 */

/** The longest period asked at once: three years of days. */
export const PERIODO_MAXIMO_DIAS = 1096;

/** A calendar day 'YYYY-MM-DD' that exists (2026-02-30 does not). */
export const diaSchema = z.iso
  .date({ error: 'La fecha debe ser un día que exista, con el formato AAAA-MM-DD' })
  .meta({ example: '2026-11-01' });

const diasEntre = (desde: string, hasta: string) =>
  (Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000;

/** The period's refusals JSON Schema cannot say (it compares no two fields). */
export const ERRORES_DE_PERIODO = [
  'La fecha final no puede ser anterior a la inicial',
  'El período puede abarcar hasta tres años',
] as const;

/** The period's bounds: the last day not before the first, at most PERIODO_MAXIMO_DIAS. */
const conPeriodoValido = <T extends z.ZodType<{ desde: string; hasta: string }>>(schema: T) =>
  schema
    .refine((p) => diasEntre(p.desde, p.hasta) >= 0, {
      error: ERRORES_DE_PERIODO[0],
      path: ['hasta'],
      when: (payload) => payload.issues.length === 0,
    })
    .refine((p) => diasEntre(p.desde, p.hasta) < PERIODO_MAXIMO_DIAS, {
      error: ERRORES_DE_PERIODO[1],
      path: ['hasta'],
      when: (payload) => payload.issues.length === 0,
    });

// A query string stays inline (no `.meta({ id })`): OpenAPI describes it as parameters.
export const periodoQuerySchema = conPeriodoValido(
  z.object({
    /** The first day, in Buenos Aires time. */
    desde: diaSchema,
    /** The last day, included, in Buenos Aires time. */
    hasta: diaSchema,
  }),
);

export const ventasCsvQuerySchema = conPeriodoValido(
  z.object({
    desde: diaSchema,
    hasta: diaSchema,
    /** 'es-AR': '1234,56' in columns split by ';' (what a spreadsheet set to Spanish opens); default '1234.56' and ','. */
    formato: z.enum(['es-AR', 'estandar']).optional(),
  }),
);

export const ventasPorDiaSchema = z.object({
  /** 'YYYY-MM-DD', Buenos Aires time. */
  dia: z.string(),
  /** What the store's parts paid that were sold that day. */
  pagado: z.number(),
  /** What has been refunded of those parts. */
  reembolsado: z.number(),
  /** Groups of the store that filled that day, and that were cancelled or expired that day. */
  gruposCompletados: z.number().int(),
  gruposCancelados: z.number().int(),
});

export const productoDeEstadisticasSchema = z.object({
  productoId: idSchema,
  nombre: z.string(),
  /** Units sold in the period, and what they paid. */
  unidades: z.number().int(),
  ventas: z.number(),
  /** Groups that ended in the period: filled, and cancelled or expired. */
  gruposCompletados: z.number().int(),
  gruposTerminados: z.number().int(),
  /** Filled over ended (0 to 1); null when none ended. */
  tasaDeCompletado: z.number().nullable(),
});

export const estadisticasDeTiendaSchema = z
  .object({
    tiendaId: idSchema,
    desde: z.string(),
    hasta: z.string(),
    ventas: z.object({
      /** Every part paid in the period (goods and shipping). */
      pagado: z.number(),
      /** Refunds confirmed of those parts. */
      reembolsado: z.number(),
      /** Paid minus refunded. */
      neto: z.number(),
      /** Shipping within `pagado`. */
      envio: z.number(),
    }),
    /** Fees as the provider reported them on each payment (parts without a report add nothing). */
    comisiones: z.object({ mercadoPago: z.number(), marketplace: z.number() }),
    pedidos: z.number().int(),
    unidades: z.number().int(),
    grupos: z.object({
      abiertos: z.number().int(),
      completados: z.number().int(),
      cancelados: z.number().int(),
      vencidos: z.number().int(),
      /** Median hours from opening to filling of the groups filled in the period. */
      medianaHorasParaCompletar: z.number().nullable(),
    }),
    /** Parts paid and not yet delivered (now, whatever the period). */
    entregasPendientes: z.number().int(),
    porDia: z.array(ventasPorDiaSchema),
    /** Products by units sold, most first (at most 10), with their groups' completion. */
    productos: z.array(productoDeEstadisticasSchema),
  })
  .meta({ id: 'EstadisticasDeTienda' });

/* The team's money in flight ('Dinero en curso'). */

/** What a retry the team asked for did: the refund went out, failed again, was already made, or another worker holds it. */
export const RESULTADOS_DE_REINTENTO = [
  'reembolsado',
  'fallido',
  'ya_reembolsado',
  'en_curso',
] as const;
export type ResultadoDeReintento = (typeof RESULTADOS_DE_REINTENTO)[number];
const resultadoDeReintentoSchema = z.enum(RESULTADOS_DE_REINTENTO);

export const pagoSinAplicarSchema = z.object({
  pedidoId: idSchema,
  numero: z.string(),
  tiendaId: idSchema,
  tiendaNombre: z.string(),
  monto: z.number(),
  /** 'pendiente': the provider said it is being credited; 'sin_noticias': a checkout was opened and nothing was heard. */
  situacion: z.enum(['en_acreditacion', 'sin_noticias']),
  desde: z.string().describe('Fecha ISO 8601'),
});

export const reembolsoEnCursoSchema = z.object({
  _id: idSchema,
  motivo: z.string(),
  pedidoId: idSchema,
  numero: z.string(),
  tiendaNombre: z.string(),
  monto: z.number(),
  intentos: z.number().int(),
  /** The provider's last answer (redacted), null when it was never refused. */
  ultimoError: z.string().nullable(),
  proximoIntento: z.string().nullable(),
  fechaCreacion: z.string(),
  /** Failing: tried at least three times; it waits for a retry or the team. */
  fallando: z.boolean(),
  /** The team's retries of it, newest first. */
  reintentos: z.array(
    z.object({
      por: z.string(),
      en: z.string(),
      resultado: resultadoDeReintentoSchema,
    }),
  ),
});

export const pagoNoCoincidenteSchema = z.object({
  proveedorPagoId: z.string(),
  pedidoId: idSchema,
  numero: z.string(),
  tiendaNombre: z.string(),
  monto: z.number(),
  /** Whether its refund went out. */
  reembolsado: z.boolean(),
  fecha: z.string(),
});

export const dineroEnCursoSchema = z
  .object({
    desde: z.string(),
    hasta: z.string(),
    pagosSinAplicar: z.array(pagoSinAplicarSchema),
    reembolsos: z.array(reembolsoEnCursoSchema),
    pagosNoCoincidentes: z.array(pagoNoCoincidenteSchema),
    totales: z.object({
      /** Every part paid in the period, all stores. */
      ventas: z.number(),
      /** The marketplace's fees reported on those payments. */
      comisiones: z.number(),
      /** Refunds confirmed in the period. */
      reembolsos: z.number(),
    }),
  })
  .meta({ id: 'DineroEnCurso' });

export const reintentoDeReembolsoSchema = z
  .object({
    mensaje: z.string(),
    resultado: resultadoDeReintentoSchema,
    reembolso: reembolsoEnCursoSchema,
  })
  .meta({ id: 'ReintentoDeReembolso' });

export const reembolsoIdParamsSchema = z.object({ reembolsoId: idSchema });

export type PeriodoQuery = z.infer<typeof periodoQuerySchema>;
export type VentasCsvQuery = z.infer<typeof ventasCsvQuerySchema>;
export type EstadisticasDeTienda = z.infer<typeof estadisticasDeTiendaSchema>;
export type VentasPorDia = z.infer<typeof ventasPorDiaSchema>;
export type ProductoDeEstadisticas = z.infer<typeof productoDeEstadisticasSchema>;
export type DineroEnCurso = z.infer<typeof dineroEnCursoSchema>;
export type ReembolsoEnCurso = z.infer<typeof reembolsoEnCursoSchema>;
export type ReintentoDeReembolso = z.infer<typeof reintentoDeReembolsoSchema>;

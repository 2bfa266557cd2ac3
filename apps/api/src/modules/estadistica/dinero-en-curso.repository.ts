import type { ResultadoDeReintento } from '@compra-grupal/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  pagosPorVendedor,
  pagosProveedor,
  preferenciasDePago,
  reembolsos,
  reintentosDeReembolso,
  tiendas,
  usuarios,
} from '../../db/schema';
import type { Instantes } from './estadisticas.repository';
import { filas, n } from './filas';

/** Rows each list of 'Dinero en curso' shows at most. */
export const DINERO_EN_CURSO_MAXIMO = 200;

const fecha = (valor: unknown) => new Date(valor as string | Date);

export interface ReembolsoEnCursoRow {
  id: string;
  motivo: string;
  estado: 'pendiente' | 'reembolsado';
  pedidoId: string;
  tiendaNombre: string;
  montoCentavos: number;
  intentos: number;
  ultimoError: string | null;
  proximoIntentoEn: Date;
  creadoEn: Date;
}

export interface ReintentoRow {
  reembolsoId: string;
  por: string;
  en: Date;
  resultado: ResultadoDeReintento;
}

/**
 * The team's view of money in flight (docs/decisions/058): refunds still to go out, payments
 * the app has not applied yet, payments refused for not matching their part, and the
 * marketplace's totals for a period. Reads only; the ledger and the lifecycle write.
 */
export function createDineroEnCursoRepository(db: Database) {
  const reembolsoEnCurso = (filtro: ReturnType<typeof sql>) =>
    filas<Record<string, unknown>>(
      db,
      sql`
        select r.id, r.motivo, r.estado, r.pedido_id, t.nombre as tienda, r.monto_centavos,
          r.intentos, r.ultimo_error, r.proximo_intento_en, r.creado_en
        from ${reembolsos} r join ${tiendas} t on t.id = r.tienda_id
        where ${filtro}
        order by r.intentos desc, r.creado_en, r.id
        limit ${DINERO_EN_CURSO_MAXIMO}`,
    ).then((rows) =>
      rows.map(
        (r): ReembolsoEnCursoRow => ({
          id: String(r.id),
          motivo: String(r.motivo),
          estado: r.estado as ReembolsoEnCursoRow['estado'],
          pedidoId: String(r.pedido_id),
          tiendaNombre: String(r.tienda),
          montoCentavos: n(r.monto_centavos),
          intentos: n(r.intentos),
          ultimoError: r.ultimo_error == null ? null : String(r.ultimo_error),
          proximoIntentoEn: fecha(r.proximo_intento_en),
          creadoEn: fecha(r.creado_en),
        }),
      ),
    );

  return {
    /** Refunds not confirmed yet, the most tried first. */
    reembolsosPendientes: () => reembolsoEnCurso(sql`r.estado = 'pendiente'`),

    /** One refund as the screen shows it, whatever its state. */
    reembolso: async (id: string) => (await reembolsoEnCurso(sql`r.id = ${id}`))[0],

    /** The team's retries of these refunds, newest first. */
    async reintentos(reembolsoIds: string[]): Promise<ReintentoRow[]> {
      if (reembolsoIds.length === 0) return [];
      const rows = await filas<Record<string, unknown>>(
        db,
        sql`
          select rr.reembolso_id, u.nombre, rr.creado_en, rr.resultado
          from ${reintentosDeReembolso} rr join ${usuarios} u on u.id = rr.usuario_id
          where rr.reembolso_id in (${sql.join(
            reembolsoIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          order by rr.creado_en desc, rr.id desc`,
      );
      return rows.map((r) => ({
        reembolsoId: String(r.reembolso_id),
        por: String(r.nombre),
        en: fecha(r.creado_en),
        resultado: r.resultado as ReintentoRow['resultado'],
      }));
    },

    /**
     * Parts still unpaid in the app whose money may be on its way: the provider said their
     * payment is being credited, or a checkout was opened between `desde` and `hasta` ago and
     * nothing was heard (what the reconciliation asks the provider about).
     */
    async pagosSinAplicar(sinNoticias: { desde: Date; hasta: Date }) {
      const rows = await filas<Record<string, unknown>>(
        db,
        sql`
          select v.pedido_id, v.tienda_id, t.nombre as tienda, v.monto_centavos,
            pp.creado_en as acreditandose_desde, pref.creado_en as abierto_en
          from ${pagosPorVendedor} v
          join ${tiendas} t on t.id = v.tienda_id
          left join lateral (
            select min(p.creado_en) as creado_en from ${pagosProveedor} p
            where p.pedido_id = v.pedido_id and p.tienda_id = v.tienda_id and p.estado = 'pendiente'
          ) pp on true
          left join ${preferenciasDePago} pref on pref.pago_por_vendedor_id = v.id
          where v.estado = 'pendiente'
            and (pp.creado_en is not null or (
              pref.creado_en >= ${sinNoticias.desde.toISOString()}::timestamptz
              and pref.creado_en < ${sinNoticias.hasta.toISOString()}::timestamptz))
          order by coalesce(pp.creado_en, pref.creado_en), v.id
          limit ${DINERO_EN_CURSO_MAXIMO}`,
      );
      return rows.map((r) => ({
        pedidoId: String(r.pedido_id),
        tiendaId: String(r.tienda_id),
        tiendaNombre: String(r.tienda),
        montoCentavos: n(r.monto_centavos),
        situacion:
          r.acreditandose_desde == null ? ('sin_noticias' as const) : ('en_acreditacion' as const),
        desde: fecha(r.acreditandose_desde ?? r.abierto_en),
      }));
    },

    /** Approved payments refused because they did not match their part, newest first. */
    async pagosNoCoincidentes() {
      const rows = await filas<Record<string, unknown>>(
        db,
        sql`
          select r.proveedor_pago_id, r.pedido_id, t.nombre as tienda, r.monto_centavos,
            r.estado, r.creado_en
          from ${reembolsos} r join ${tiendas} t on t.id = r.tienda_id
          where r.motivo = 'pago_no_coincide'
          order by r.creado_en desc, r.id
          limit ${DINERO_EN_CURSO_MAXIMO}`,
      );
      return rows.map((r) => ({
        proveedorPagoId: String(r.proveedor_pago_id ?? ''),
        pedidoId: String(r.pedido_id),
        tiendaNombre: String(r.tienda),
        montoCentavos: n(r.monto_centavos),
        reembolsado: r.estado === 'reembolsado',
        fecha: fecha(r.creado_en),
      }));
    },

    /**
     * The marketplace's period: what every store sold and the marketplace's fees on it (by
     * the day of each sale), and the refunds confirmed in it (by the day they went out).
     */
    async totales(p: Instantes) {
      const desde = p.inicio.toISOString();
      const hasta = p.fin.toISOString();
      const [fila] = await filas<Record<string, unknown>>(
        db,
        sql`
          select
            (select sum(v.monto_centavos) from ${pagosPorVendedor} v
              where v.aprobado_en >= ${desde}::timestamptz and v.aprobado_en < ${hasta}::timestamptz) as ventas,
            (select sum(v.comision_marketplace_centavos) from ${pagosPorVendedor} v
              where v.aprobado_en >= ${desde}::timestamptz and v.aprobado_en < ${hasta}::timestamptz) as comisiones,
            (select sum(r.monto_centavos) from ${reembolsos} r
              where r.estado = 'reembolsado' and r.reembolsado_en >= ${desde}::timestamptz
                and r.reembolsado_en < ${hasta}::timestamptz) as reembolsos`,
      );
      return {
        ventasCentavos: n(fila?.ventas),
        comisionesCentavos: n(fila?.comisiones),
        reembolsosCentavos: n(fila?.reembolsos),
      };
    },
  };
}

export type DineroEnCursoRepository = ReturnType<typeof createDineroEnCursoRepository>;

import {
  type GrupoDePedido,
  numeroDePedido,
  type ParteDePedido,
  type PedidoConGrupos,
} from '@compra-grupal/contracts';
import {
  CalendarIcon,
  ChevronDownIcon,
  CircleCheckIcon,
  ClockIcon,
  MapPinIcon,
  PackageIcon,
  PhoneIcon,
  RotateCcwIcon,
  StoreIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import { FallbackImage } from '@/components/fallback-image';
import { lineaDeLaLocalidad, lineaDeLaPuerta } from '@/entities/direccion/lib/formato-direccion';
import { formatPrecio } from '@/lib/format-currency';
import { cn } from '@/lib/utils';
import { formatFechaHora } from '../lib/formato';
import { TEXTOS_PEDIDOS } from '../lib/textos';
import { CodigoEntrega } from './codigo-entrega';
import { EstadoPedidoBadge } from './estado-pedido-badge';
import { GrupoDePedidoItem } from './grupo-de-pedido';

type Producto = PedidoConGrupos['productos'][number];

const nombreDe = (producto: Producto | undefined) =>
  producto?.nombre ?? TEXTOS_PEDIDOS.productoNoEncontrado;

/** "Yerba mate", "Yerba mate y Aceite", "Yerba mate y 2 más". */
function resumenProductos(productos: Producto[]): string {
  const [primero, segundo] = productos;
  if (!primero) return '';
  if (!segundo) return nombreDe(primero);
  if (productos.length === 2) return `${nombreDe(primero)} y ${nombreDe(segundo)}`;
  return `${nombreDe(primero)} y ${productos.length - 1} más`;
}

/**
 * An order of Mis Pedidos (spec part 2, sections 2 and 4) as an expandable card: its number,
 * date, total and state, each group's progress at a glance, and once the order is complete
 * 'Enviando' with the delivery code. Opened, it shows each seller's part with its products,
 * groups, delivery state and refund, and where it is delivered. Every state shown is the one
 * the API computes (`pedido.estado`, `partes[].estado`).
 */
export function PedidoCard({ pedido }: { pedido: PedidoConGrupos }) {
  const tituloId = useId();
  const cuerpoId = useId();
  const [abierto, setAbierto] = useState(false);
  const estado = pedido.estado;
  const partes = partesDelPedido(pedido);

  return (
    <article
      aria-labelledby={tituloId}
      data-estado={estado}
      className={cn(
        'rounded-2xl border border-border/70 bg-card shadow-sm transition-shadow hover:shadow-md',
        estado === 'reembolsado' && 'border-red-600/40',
      )}
    >
      <h2 className="m-0">
        <button
          type="button"
          aria-expanded={abierto}
          aria-controls={cuerpoId}
          onClick={() => setAbierto((actual) => !actual)}
          className="flex w-full items-start gap-3 rounded-2xl p-4 text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:items-center sm:p-5"
        >
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-secondary text-secondary-foreground">
            <PackageIcon className="size-5" aria-hidden />
          </span>
          <span className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:gap-4">
            <span className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="flex flex-wrap items-center gap-2">
                <span id={tituloId} className="font-semibold">
                  Pedido {numeroDePedido(pedido._id)}
                </span>
                <EstadoPedidoBadge estado={estado} />
              </span>
              <span className="flex items-center gap-1.5 font-normal text-muted-foreground text-sm">
                <CalendarIcon className="size-3.5" aria-hidden />
                <time dateTime={pedido.fechaCreacion}>{formatFechaHora(pedido.fechaCreacion)}</time>
              </span>
              <span
                className="truncate font-normal text-muted-foreground text-sm"
                title={resumenProductos(pedido.productos)}
              >
                {resumenProductos(pedido.productos)}
              </span>
            </span>
            <span className="font-bold text-lg tabular-nums">
              <span className="sr-only">Total: </span>
              {formatPrecio(pedido.total)}
            </span>
          </span>
          <ChevronDownIcon
            aria-hidden
            className={cn(
              'mt-1 size-5 shrink-0 text-muted-foreground transition-transform motion-reduce:transition-none sm:mt-0',
              abierto && 'rotate-180',
            )}
          />
          <span className="sr-only">{abierto ? 'Ocultar detalle' : 'Ver detalle'}</span>
        </button>
      </h2>

      {estado === 'completo' && (
        <div className="px-4 pb-4 sm:px-5">
          <CodigoEntrega codigo={pedido.codigo} />
        </div>
      )}

      {!abierto && pedido.grupoIds.length > 0 && <ResumenGrupos grupos={pedido.grupoIds} />}

      <section
        id={cuerpoId}
        aria-labelledby={tituloId}
        hidden={!abierto}
        className="grid gap-4 border-border/60 border-t px-4 pt-4 pb-5 sm:px-5"
      >
        {abierto && (
          <>
            {partes.map(({ parte, productos, grupos }) => (
              <ParteItem key={parte.tiendaId} parte={parte} productos={productos} grupos={grupos} />
            ))}
            <DatosDeEntrega pedido={pedido} />
          </>
        )}
      </section>
    </article>
  );
}

/** Each group's progress as a thin bar while the card is closed. */
function ResumenGrupos({ grupos }: { grupos: GrupoDePedido[] }) {
  return (
    <ul aria-label="Grupos del pedido" className="flex flex-wrap gap-2 px-4 pb-4 sm:px-5">
      {grupos.map((grupo) => {
        const porcentaje =
          grupo.lugaresNecesarios > 0
            ? Math.min(100, (grupo.lugaresOcupados / grupo.lugaresNecesarios) * 100)
            : 0;
        return (
          <li
            key={grupo._id}
            className={cn(
              'flex min-w-28 flex-1 flex-col gap-1 text-muted-foreground text-xs sm:max-w-48',
              grupo.estado === 'cancelado' && 'text-red-700',
            )}
          >
            <span className="tabular-nums">
              {grupo.estado === 'cancelado'
                ? TEXTOS_PEDIDOS.cancelado
                : `${grupo.lugaresOcupados}/${grupo.lugaresNecesarios} lugares`}
            </span>
            <span aria-hidden className="h-1.5 overflow-hidden rounded-full bg-primary/15">
              <span
                className={cn(
                  'block h-full rounded-full',
                  grupo.estado === 'cancelado' ? 'bg-red-600' : 'bg-primary',
                )}
                style={{ width: `${porcentaje}%` }}
              />
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** A seller's part; one the answer lacks (its products still show) has no state to show. */
type Parte = Omit<ParteDePedido, 'estado' | 'estadoPago' | 'entregado'> & {
  estado: ParteDePedido['estado'] | null;
};

interface ParteConDetalle {
  parte: Parte;
  productos: { producto: Producto; grupos: GrupoDePedido[] }[];
  grupos: GrupoDePedido[];
}

/**
 * The order split by seller: each part with its products and each product's groups. Products
 * of a seller the answer has no part for still show, under that seller's id.
 */
function partesDelPedido(pedido: PedidoConGrupos): ParteConDetalle[] {
  const partes = new Map<string, ParteConDetalle>();
  for (const parte of pedido.partes)
    partes.set(parte.tiendaId, { parte, productos: [], grupos: [] });
  for (const producto of pedido.productos) {
    let entrada = partes.get(producto.tiendaId);
    if (!entrada) {
      entrada = {
        parte: {
          tiendaId: producto.tiendaId,
          tiendaNombre: 'Vendedor',
          estado: null,
          reembolsado: 0,
          entregadoEn: null,
        },
        productos: [],
        grupos: [],
      };
      partes.set(producto.tiendaId, entrada);
    }
    const grupos = pedido.grupoIds.filter((grupo) => grupo.productoId === producto.productoId);
    entrada.productos.push({ producto, grupos });
    entrada.grupos.push(...grupos);
  }
  // A group whose product the answer lacks still shows, as a product not found.
  const conProducto = new Set(pedido.productos.map((producto) => producto.productoId));
  const sueltos = pedido.grupoIds.filter((grupo) => !conProducto.has(grupo.productoId));
  const primera = [...partes.values()][0];
  if (primera) {
    for (const grupo of sueltos) {
      primera.productos.push({
        producto: {
          productoId: grupo.productoId,
          cantidadSolicitada: grupo.cantidad,
          nombre: null,
          imagen: null,
          precio: 0,
          tiendaId: primera.parte.tiendaId,
        },
        grupos: [grupo],
      });
      primera.grupos.push(grupo);
    }
  }
  return [...partes.values()];
}

function ParteItem({ parte, productos, grupos }: ParteConDetalle) {
  const tituloId = useId();
  const reembolsoParcial = parte.reembolsado > 0 && parte.estado !== 'reembolsada';
  return (
    <section aria-labelledby={tituloId} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={tituloId} className="flex min-w-0 items-center gap-2 font-semibold">
          <StoreIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="min-w-0 [overflow-wrap:anywhere]">{parte.tiendaNombre}</span>
        </h3>
        {parte.estado && (
          <EstadoDeLaParte
            estado={parte.estado}
            entregadoEn={parte.entregadoEn}
            grupoCancelado={grupos.some((grupo) => grupo.estado === 'cancelado')}
          />
        )}
      </div>
      {reembolsoParcial && (
        <p className="flex items-center gap-1.5 font-medium text-red-700 text-sm tabular-nums">
          <RotateCcwIcon className="size-4 shrink-0" aria-hidden />
          {TEXTOS_PEDIDOS.reembolsoParcial} {formatPrecio(parte.reembolsado)}
        </p>
      )}
      <ul className="grid gap-3">
        {productos.map(({ producto, grupos: gruposDelProducto }) => (
          <li key={producto.productoId} className="grid gap-2">
            <div className="flex items-center gap-3">
              <div className="size-12 shrink-0 overflow-hidden rounded-lg border border-border/60 bg-muted">
                <FallbackImage
                  src={producto.imagen}
                  alt={nombreDe(producto)}
                  className="size-full object-cover"
                  fallback={
                    <span className="grid size-full place-items-center text-muted-foreground">
                      <PackageIcon className="size-1/2" aria-hidden />
                    </span>
                  }
                />
              </div>
              <div className="min-w-0 flex-1">
                <p
                  className={cn(
                    'font-medium [overflow-wrap:anywhere]',
                    producto.nombre === null && 'text-muted-foreground italic',
                  )}
                >
                  {nombreDe(producto)}
                </p>
                <p className="text-muted-foreground text-sm tabular-nums">
                  {producto.cantidadSolicitada} × {formatPrecio(producto.precio)}
                </p>
              </div>
            </div>
            {gruposDelProducto.map((grupo) => (
              <GrupoDePedidoItem key={grupo._id} grupo={grupo} producto={nombreDe(producto)} />
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Where a seller's part stands, as the API computes it (`partes[].estado`): waiting for its
 * groups, ready, delivered (with when), or refunded whole with nothing to deliver.
 */
function EstadoDeLaParte({
  estado,
  entregadoEn,
  grupoCancelado,
}: {
  estado: ParteDePedido['estado'];
  entregadoEn: string | null;
  grupoCancelado: boolean;
}) {
  if (estado === 'entregada') {
    return (
      <span className="flex items-center gap-1.5 font-medium text-emerald-700 text-sm">
        <CircleCheckIcon className="size-4" aria-hidden />
        {TEXTOS_PEDIDOS.entregado}
        {entregadoEn && (
          <span className="font-normal text-muted-foreground">
            {' '}
            el <time dateTime={entregadoEn}>{formatFechaHora(entregadoEn)}</time>
          </span>
        )}
      </span>
    );
  }
  if (estado === 'reembolsada') {
    return (
      <span className="font-medium text-red-700 text-sm">
        {grupoCancelado
          ? TEXTOS_PEDIDOS.sinEntregaGrupoCancelado
          : TEXTOS_PEDIDOS.sinEntregaReembolsado}
      </span>
    );
  }
  const texto: Record<Exclude<typeof estado, 'entregada' | 'reembolsada'>, string> = {
    por_pagar: 'Pago pendiente',
    en_acreditacion: 'Pago pendiente de acreditación',
    rechazado: 'Pago rechazado',
    vencido: 'Reserva vencida',
    esperando_grupo: 'Pendiente de entrega',
    lista: 'Listo para entregar',
  };
  return (
    <span className="flex items-center gap-1.5 text-muted-foreground text-sm">
      <ClockIcon className="size-4" aria-hidden />
      {texto[estado]}
    </span>
  );
}

function DatosDeEntrega({ pedido }: { pedido: PedidoConGrupos }) {
  return (
    <div className="grid gap-1.5 rounded-xl bg-muted/60 p-3 text-sm">
      <p className="flex items-start gap-2">
        <MapPinIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="min-w-0">
          <span className="sr-only">Dirección de entrega: </span>
          <span className="block">{lineaDeLaPuerta(pedido.direccion)}</span>
          <span className="block text-muted-foreground text-xs">
            {lineaDeLaLocalidad(pedido.direccion)}
          </span>
        </span>
      </p>
      {pedido.telefono && (
        <p className="flex items-center gap-2">
          <PhoneIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span>
            <span className="sr-only">Teléfono: </span>
            {pedido.telefono}
          </span>
        </p>
      )}
    </div>
  );
}

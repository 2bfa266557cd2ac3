import { numeroDePedido, type PedidoListoParaEntrega } from '@compra-grupal/contracts';
import { StoreIcon } from 'lucide-react';
import { useId } from 'react';
import { CodigoDeEntregaForm } from './codigo-de-entrega-form';
import { DatosDeEntrega } from './datos-de-entrega';

/**
 * One seller's part of an order ready for delivery (the courier's screen): the order's number
 * (its id's last 6 characters, as every screen shows it), the store, the products, the address
 * and phone, and the code entry.
 */
export function EntregaConCodigoCard({
  pedido,
  verificando,
  onConfirmar,
}: {
  pedido: PedidoListoParaEntrega;
  verificando: boolean;
  /** Called with the typed code (trimmed, never empty). */
  onConfirmar: (codigo: string) => void;
}) {
  const id = useId();
  const titulo = `${id}-titulo`;
  const numero = numeroDePedido(pedido._id);

  return (
    <article
      aria-labelledby={titulo}
      className="flex h-full flex-col rounded-2xl border border-border/70 bg-card p-4 shadow-sm sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={titulo} className="font-semibold text-lg leading-tight">
            Pedido <span className="font-mono">{numero}</span>
          </h2>
          <p className="mt-1 flex items-center gap-1.5 text-muted-foreground text-sm">
            <StoreIcon className="size-3.5 shrink-0" aria-hidden />
            <span className="truncate" title={pedido.tiendaNombre}>
              {pedido.tiendaNombre}
            </span>
          </p>
        </div>
      </header>

      <ul
        className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-1.5 rounded-xl bg-muted/60 p-3 text-sm"
        aria-label={`Productos del pedido ${numero}`}
      >
        {pedido.productos.map((producto, indice) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines carry no id of their own.
          <li key={indice} className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 wrap-anywhere">{producto.nombre}</span>
            <span className="shrink-0 font-medium tabular-nums">× {producto.cantidad}</span>
          </li>
        ))}
      </ul>

      <DatosDeEntrega
        direccion={pedido.direccion}
        telefono={pedido.telefono}
        className="mt-3 grid-cols-[minmax(0,1fr)] gap-2"
      />

      <div className="mt-auto pt-4">
        <CodigoDeEntregaForm
          verificando={verificando}
          onConfirmar={onConfirmar}
          className="border-border/70 border-t pt-4"
        />
      </div>
    </article>
  );
}

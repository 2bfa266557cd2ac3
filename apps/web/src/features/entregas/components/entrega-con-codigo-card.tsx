import {
  compararCodigoRequestSchema,
  numeroDePedido,
  type PedidoListoParaEntrega,
} from '@compra-grupal/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRoundIcon, Loader2Icon, StoreIcon } from 'lucide-react';
import { type ChangeEvent, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { DatosDeEntrega } from './datos-de-entrega';

/** The contract's rule for the code: trimmed, 'Por favor ingresa un código' when empty. */
const codigoFormSchema = compararCodigoRequestSchema.pick({ codigo: true });

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
  const form = useForm<z.infer<typeof codigoFormSchema>>({
    resolver: zodResolver(codigoFormSchema),
    defaultValues: { codigo: '' },
    // Typing clears the error; the code is checked again on the next try, not on every key.
    reValidateMode: 'onSubmit',
  });
  const error = form.formState.errors.codigo?.message;
  const titulo = `${id}-titulo`;
  const errorId = `${id}-error`;
  const numero = numeroDePedido(pedido._id);

  const enviar = form.handleSubmit(({ codigo }) => onConfirmar(codigo));

  const registro = form.register('codigo', { onChange: () => form.clearErrors('codigo') });
  /** Codes are upper-case: what is typed is shown (and sent) that way, the caret where it was. */
  const escribir = (event: ChangeEvent<HTMLInputElement>) => {
    const campo = event.target;
    const mayusculas = campo.value.toUpperCase();
    if (mayusculas !== campo.value) {
      const { selectionStart, selectionEnd } = campo;
      campo.value = mayusculas;
      campo.setSelectionRange(selectionStart, selectionEnd);
    }
    return registro.onChange(event);
  };

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

      <form noValidate onSubmit={enviar} className="mt-auto pt-4">
        <div className="border-border/70 border-t pt-4">
          <Label htmlFor={`${id}-codigo`}>Código de entrega</Label>
          <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
            <Input
              id={`${id}-codigo`}
              {...registro}
              onChange={escribir}
              placeholder="Ej.: ABC234"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              disabled={verificando}
              className="font-mono tracking-[0.2em] placeholder:tracking-normal"
            />
            <Button
              type="submit"
              className="shrink-0"
              disabled={verificando}
              aria-busy={verificando || undefined}
            >
              {verificando ? (
                <Loader2Icon className="animate-spin" aria-hidden />
              ) : (
                <KeyRoundIcon aria-hidden />
              )}
              Confirmar entrega
            </Button>
          </div>
          {error && (
            <p id={errorId} role="alert" className="mt-1.5 text-destructive text-sm">
              {error}
            </p>
          )}
        </div>
      </form>
    </article>
  );
}

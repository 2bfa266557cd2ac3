import type { CategoriaLocal } from '@compra-grupal/contracts';
import { RotateCwIcon, StoreIcon, TagsIcon } from 'lucide-react';
import { type Ref, useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { TEXTOS } from '../../lib/textos';

function Aviso({
  icono,
  titulo,
  children,
}: {
  icono: React.ReactNode;
  titulo: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-border border-dashed bg-card/60 px-6 py-8 text-center">
      <span className="grid size-12 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
        {icono}
      </span>
      <p className="mt-4 font-semibold">{titulo}</p>
      <div className="mt-2 grid max-w-sm justify-items-center gap-4 text-pretty text-muted-foreground text-sm">
        {children}
      </div>
    </div>
  );
}

/**
 * Step 6: one of the store's local categories (a radio group). A store without categories is
 * told so, with the way to 'Configurar Categorías' in Mi Tienda.
 */
export function PasoCategoria({
  etiqueta,
  categorias,
  cargando,
  error,
  sinTienda,
  sinUsuario = false,
  onReintentar,
  value,
  onChange,
  inputRef,
}: {
  etiqueta: string;
  categorias: readonly CategoriaLocal[] | undefined;
  cargando: boolean;
  error: boolean;
  sinTienda: boolean;
  /** The token carries no user id: nothing can be read nor loaded. */
  sinUsuario?: boolean;
  onReintentar: () => void;
  value: string | null;
  onChange: (id: string) => void;
  inputRef: Ref<HTMLElement>;
}) {
  const nombre = useId();

  if (sinUsuario) {
    return (
      <Aviso
        icono={<StoreIcon className="size-6" aria-hidden />}
        titulo={TEXTOS.errorDeAutenticacion}
      >
        <p role="alert">
          {TEXTOS.sinIdDeUsuario}. Vuelve a iniciar sesión para cargar tu producto.
        </p>
      </Aviso>
    );
  }
  if (sinTienda) {
    return (
      <Aviso
        icono={<StoreIcon className="size-6" aria-hidden />}
        titulo={TEXTOS.tiendaNoEncontrada}
      >
        <p>Para cargar productos primero crea tu tienda en Mi Tienda.</p>
        <Button asChild variant="outline">
          <Link to="/my-store" ref={inputRef as Ref<HTMLAnchorElement>}>
            Ir a Mi Tienda
          </Link>
        </Button>
      </Aviso>
    );
  }
  if (error) {
    return (
      <Aviso
        icono={<TagsIcon className="size-6" aria-hidden />}
        titulo="No se pudieron cargar las categorías"
      >
        <Button
          ref={inputRef as Ref<HTMLButtonElement>}
          type="button"
          variant="outline"
          onClick={onReintentar}
        >
          <RotateCwIcon aria-hidden />
          Reintentar
        </Button>
      </Aviso>
    );
  }
  if (cargando || !categorias) {
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Cargando categorías…</span>
        {[0, 1, 2].map((fila) => (
          <Skeleton key={fila} aria-hidden className="h-13 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (categorias.length === 0) {
    return (
      <Aviso
        icono={<TagsIcon className="size-6" aria-hidden />}
        titulo="Tu tienda todavía no tiene categorías"
      >
        <p>
          Crea al menos una categoría en Mi Tienda para ordenar tus productos y vuelve a cargar este
          producto.
        </p>
        <Button asChild>
          <Link to="/my-store?seccion=categorias" ref={inputRef as Ref<HTMLAnchorElement>}>
            <TagsIcon aria-hidden />
            Configurar Categorías
          </Link>
        </Button>
      </Aviso>
    );
  }

  const enfocable = value ?? categorias[0]?._id;
  return (
    <fieldset className="m-0 grid gap-2 border-0 p-0">
      <legend className="mb-2 font-medium text-sm">{etiqueta}</legend>
      {categorias.map((categoria) => {
        const id = `${nombre}-${categoria._id}`;
        return (
          <label
            key={categoria._id}
            htmlFor={id}
            className={cn(
              'flex min-h-13 cursor-pointer items-center gap-3 rounded-xl border border-border bg-card px-4 py-3 shadow-xs transition-colors duration-150 hover:bg-accent/60 motion-reduce:transition-none',
              'has-[:checked]:border-primary has-[:checked]:bg-secondary has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/45',
            )}
          >
            <input
              ref={categoria._id === enfocable ? (inputRef as Ref<HTMLInputElement>) : undefined}
              id={id}
              type="radio"
              name={nombre}
              value={categoria._id}
              checked={value === categoria._id}
              onChange={() => onChange(categoria._id)}
              className="size-4 accent-primary"
            />
            <span className="font-medium">{categoria.nombre}</span>
          </label>
        );
      })}
    </fieldset>
  );
}

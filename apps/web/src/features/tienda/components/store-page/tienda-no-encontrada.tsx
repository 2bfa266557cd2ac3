import { HouseIcon, StoreIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** A store that does not exist or is not enabled (spec part 2, section 8). */
export function TiendaNoEncontrada() {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 animate-rise-in flex-col items-center justify-center px-6 py-16 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
        <StoreIcon className="size-7" aria-hidden />
      </span>
      <h1 className="mt-6 font-bold text-2xl tracking-tight sm:text-3xl">Tienda no encontrada</h1>
      <p className="mt-3 max-w-md text-pretty text-muted-foreground">
        La tienda que buscas no existe o todavía no está habilitada. Vuelve al inicio para ver las
        tiendas de tu zona.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">
          <HouseIcon aria-hidden />
          Volver al inicio
        </Link>
      </Button>
    </div>
  );
}

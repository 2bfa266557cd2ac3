import { HouseIcon, PackageSearchIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** A product that does not exist (spec part 2, section 2): 'Producto no encontrado'. */
export function ProductoNoEncontrado() {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 animate-rise-in flex-col items-center justify-center px-6 py-16 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
        <PackageSearchIcon className="size-7" aria-hidden />
      </span>
      <h1 className="mt-6 font-bold text-2xl tracking-tight sm:text-3xl">Producto no encontrado</h1>
      <p className="mt-3 max-w-md text-pretty text-muted-foreground">
        El producto que buscas no existe o ya no está disponible. Vuelve al inicio para descubrir
        otras tiendas y compras grupales.
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

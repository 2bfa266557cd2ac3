import { CompassIcon, HouseIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Any path outside the route table (spec part 1, section 2): 404 with a link to /. */
export function NotFoundRoute() {
  useDocumentTitle('Página no encontrada');

  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 animate-rise-in flex-col items-center justify-center px-6 py-16 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
        <CompassIcon className="size-7" aria-hidden />
      </span>
      <p className="mt-6 bg-linear-to-br from-primary to-primary-strong bg-clip-text font-extrabold text-8xl text-transparent leading-none tracking-tighter sm:text-9xl">
        404
      </p>
      <h1 className="mt-4 font-bold text-2xl tracking-tight sm:text-3xl">Página no encontrada</h1>
      <p className="mt-3 max-w-md text-pretty text-muted-foreground">
        La página que buscás no existe o cambió de dirección. Revisá el enlace o volvé al inicio
        para seguir explorando tiendas.
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

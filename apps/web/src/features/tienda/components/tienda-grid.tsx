import type { TiendaCercana } from '@compra-grupal/contracts';
import { TiendaCard } from './tienda-card';

/** The cards of the listing: 1 column on phones, 2 or 3 as the space grows. */
export function TiendaGrid({ tiendas }: { tiendas: readonly TiendaCercana[] }) {
  return (
    <ul className="grid grid-cols-1 gap-5 @2xl:grid-cols-2 @5xl:grid-cols-3">
      {tiendas.map((tienda) => (
        <li key={tienda._id} className="flex min-w-0">
          <TiendaCard tienda={tienda} className="w-full" />
        </li>
      ))}
    </ul>
  );
}

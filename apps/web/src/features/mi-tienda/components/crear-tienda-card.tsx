import {
  FileTextIcon,
  ImageIcon,
  MapPinIcon,
  RocketIcon,
  StoreIcon,
  TagIcon,
  TruckIcon,
} from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ItemExplicativo, PantallaDestacada } from './pantalla-destacada';

/**
 * Mi Tienda for a user who is not a seller yet (spec part 2, section 2): 'Crear Tu Tienda',
 * what the set-up asks for and 'Comenzar'. It says 'en 6 pasos simples' although the wizard
 * has 9 steps; the spec gives both.
 */
export function CrearTiendaCard({ onComenzar }: { onComenzar: () => void }) {
  return (
    <PantallaDestacada
      icon={StoreIcon}
      badge={<Badge variant="highlight">Vende en grupo</Badge>}
      title="Crear Tu Tienda"
      description={
        <p>
          Configura tu tienda en 6 pasos simples y empieza a vender a grupos de compradores de tu
          zona.
        </p>
      }
    >
      <ul aria-label="Lo que vas a configurar" className="mt-6 grid gap-2.5 sm:grid-cols-2">
        <ItemExplicativo icon={StoreIcon} title="Nombre">
          Cómo te van a encontrar los compradores.
        </ItemExplicativo>
        <ItemExplicativo icon={FileTextIcon} title="Descripción">
          Qué vendes y qué hace especial a tu tienda.
        </ItemExplicativo>
        <ItemExplicativo icon={TagIcon} title="Categoría">
          El rubro en el que aparece tu tienda.
        </ItemExplicativo>
        <ItemExplicativo icon={MapPinIcon} title="Ubicación">
          Desde dónde despachas tus pedidos.
        </ItemExplicativo>
        <ItemExplicativo icon={TruckIcon} title="Cobertura">
          Hasta dónde llegan tus entregas.
        </ItemExplicativo>
        <ItemExplicativo icon={ImageIcon} title="Logo">
          La imagen que identifica a tu tienda.
        </ItemExplicativo>
      </ul>
      <Button type="button" size="lg" className="mt-7 w-full sm:w-auto" onClick={onComenzar}>
        <RocketIcon aria-hidden />
        Comenzar
      </Button>
    </PantallaDestacada>
  );
}

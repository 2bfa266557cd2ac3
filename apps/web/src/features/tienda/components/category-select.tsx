import type { Categoria } from '@compra-grupal/contracts';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { TODAS_LAS_CATEGORIAS } from '../lib/filtros';

export interface CategorySelectProps {
  /** Opens as soon as it mounts (it replaces a trigger that was just clicked). */
  defaultOpen?: boolean;
  value: string;
  onValueChange: (value: string) => void;
  categorias: readonly Categoria[];
}

/** The category filter: 'Todas las categorías' (value 'all') and the global categories. */
export function CategorySelect({
  defaultOpen,
  value,
  onValueChange,
  categorias,
}: CategorySelectProps) {
  return (
    <Select defaultOpen={defaultOpen} value={value} onValueChange={onValueChange}>
      <SelectTrigger aria-label="Categoría" className="h-11 sm:w-60">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={TODAS_LAS_CATEGORIAS}>Todas las categorías</SelectItem>
        {categorias.map((item) => (
          <SelectItem key={item._id} value={item._id}>
            {item.nombre}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { TODAS_LAS_CATEGORIAS } from '../lib/filtros';

export interface CategoriaSelectProps {
  /** Opens as soon as it mounts (it replaces a trigger that was just clicked). */
  defaultOpen?: boolean;
  value: string;
  onValueChange: (value: string) => void;
  categorias: readonly { _id: string; nombre: string }[];
  /** For an outside <label htmlFor>. */
  id?: string;
  label?: string;
  className?: string;
}

/** A category filter: 'Todas las categorías' (value 'all') and the categories given. */
export function CategoriaSelect({
  defaultOpen,
  value,
  onValueChange,
  categorias,
  id,
  label = 'Categoría',
  className = 'h-11 sm:w-60',
}: CategoriaSelectProps) {
  return (
    <Select defaultOpen={defaultOpen} value={value} onValueChange={onValueChange}>
      <SelectTrigger id={id} aria-label={label} className={className}>
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

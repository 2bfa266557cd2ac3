import { ChevronDownIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { cn } from '@/lib/utils';
import { TODAS_LAS_CATEGORIAS } from '../lib/filtros';
import type { CategoriaSelectProps } from './categoria-select';

// The select (Radix, with its positioning engine) is more code than the rest of a listing or a
// store page: it loads when the shopper reaches for the filter, and opens as soon as it arrives.
const loadCategoriaSelect = () => import('./categoria-select');
const CategoriaSelect = lazy(async () => ({
  default: (await loadCategoriaSelect()).CategoriaSelect,
}));

function preloadCategoriaSelect(): void {
  loadCategoriaSelect().catch(() => {
    // Suspense shows the failure when the select renders.
  });
}

const TRIGGER_CLASS =
  'flex h-11 w-full items-center justify-between gap-2 rounded-lg border border-input bg-card px-3 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45 sm:w-60';

/** The select's closed trigger, drawn without its code; a click (or the keys) opens the real one. */
function CategoriaSelectTrigger({
  id,
  label,
  texto,
  className,
  onOpen,
  disabled = false,
}: {
  id?: string | undefined;
  label: string;
  texto: string;
  className?: string | undefined;
  onOpen?: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      id={id}
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-label={label}
      disabled={disabled}
      className={cn(TRIGGER_CLASS, className)}
      onPointerEnter={preloadCategoriaSelect}
      onFocus={preloadCategoriaSelect}
      onClick={onOpen}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          onOpen?.();
        }
      }}
    >
      <span className="truncate" title={texto}>
        {texto}
      </span>
      <ChevronDownIcon className="size-4 opacity-60" aria-hidden />
    </button>
  );
}

/**
 * The category filter ('Todas las categorías' and the categories given) with its code on
 * demand: drawn closed until the shopper reaches for it, then the real select, for good.
 */
export function CategoriaFiltro({
  value,
  onValueChange,
  categorias,
  id,
  label = 'Categoría',
  className,
}: Omit<CategoriaSelectProps, 'defaultOpen'>) {
  const [abierto, setAbierto] = useState(false);
  const texto = categorias.find((item) => item._id === value)?.nombre ?? 'Todas las categorías';
  const trigger = { id, label, texto, className };
  if (!abierto) return <CategoriaSelectTrigger {...trigger} onOpen={() => setAbierto(true)} />;
  return (
    <Suspense fallback={<CategoriaSelectTrigger {...trigger} disabled />}>
      <CategoriaSelect
        defaultOpen
        id={id}
        label={label}
        className={className}
        value={value || TODAS_LAS_CATEGORIAS}
        onValueChange={onValueChange}
        categorias={categorias}
      />
    </Suspense>
  );
}

import { LoaderCircleIcon } from 'lucide-react';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import type { LocationPickerProps } from '@/entities/ubicacion/model/ubicacion';

/** Stands in for the picker when its code could not be loaded: it closes the dialog again. */
function PickerUnavailable({ onOpenChange }: LocationPickerProps) {
  useEffect(() => onOpenChange(false), [onOpenChange]);
  return null;
}

/** Loads the picker and, alongside it, Leaflet's map module, so the map does not wait its turn. */
const loadPicker = () => {
  import('./ubicacion-map').catch(() => {
    // The picker logs the failure when it renders the map.
  });
  return import('./ubicacion-picker');
};

const UbicacionPicker = lazy(async (): Promise<{ default: ComponentType<LocationPickerProps> }> => {
  try {
    return { default: (await loadPicker()).UbicacionPicker };
  } catch (error) {
    console.error('No se pudo cargar el selector de ubicación', error);
    return { default: PickerUnavailable };
  }
});

/**
 * Starts loading the picker's code and the map's ahead of time (on hover or focus of the button
 * that opens it).
 */
export function preloadUbicacionPicker(): void {
  loadPicker().catch(() => {
    // The dialog reports the failure when it is opened.
  });
}

/** Shown over the page while the picker's code arrives. */
function PickerLoading() {
  return (
    <div
      role="status"
      className="fixed inset-0 z-50 grid place-items-center bg-foreground/40 backdrop-blur-[2px]"
    >
      <span className="flex items-center gap-2 rounded-full bg-popover px-4 py-2 font-medium text-sm shadow-lg">
        <LoaderCircleIcon className="size-4 animate-spin text-primary" aria-hidden />
        Cargando mapa…
      </span>
    </div>
  );
}

/**
 * The location picker dialog (spec part 1, sections 2 and 4): address search, 'Usar mi
 * ubicación', a map and a summary, with 'Confirmar ubicación' once a point is chosen. A modal
 * from 768 px and a bottom drawer below. Its code (and Leaflet's) loads the first time it
 * opens, so the pages that offer it stay light. Reusable: the checkout passes its own
 * `onConfirm`.
 */
export function UbicacionPickerDialog(props: LocationPickerProps) {
  // Mounted from the first opening on, so closing can animate.
  const [mounted, setMounted] = useState(props.open);
  if (props.open && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={props.open ? <PickerLoading /> : null}>
      <UbicacionPicker {...props} />
    </Suspense>
  );
}

import { useState } from 'react';
import { TiendaListing } from '@/features/tienda/components/tienda-listing';
import { UbicacionBar } from '@/features/ubicacion/components/ubicacion-bar';
import { UbicacionPickerDialog } from '@/features/ubicacion/components/ubicacion-picker-dialog';
import { useMarketplaceLocation } from '@/features/ubicacion/hooks/use-marketplace-location';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * Home: the marketplace (spec part 1, section 2, "Store listing"). The location comes from
 * storage or the browser, or from the picker dialog; the listing follows it.
 */
export function InicioRoute() {
  useDocumentTitle('Tiendas cerca tuyo');
  const { location, locating, retryLocation, setLocation } = useMarketplaceLocation();
  const [pickerOpen, setPickerOpen] = useState(false);
  const openPicker = () => setPickerOpen(true);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <div className="mb-6 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="min-w-0">
          <h1 className="text-balance font-bold text-2xl tracking-tight sm:text-3xl">
            Tiendas cerca tuyo
          </h1>
          <p className="mt-1.5 max-w-prose text-pretty text-muted-foreground">
            Compra en los comercios de tu barrio y súmate a compras grupales para pagar menos.
          </p>
        </div>
        <UbicacionBar
          location={location}
          locating={locating}
          onChange={openPicker}
          className="md:min-w-[22rem]"
        />
      </div>

      <TiendaListing
        location={location}
        locating={locating}
        onRetryLocation={retryLocation}
        onChangeLocation={openPicker}
      />

      <UbicacionPickerDialog
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        initialLocation={location}
        onConfirm={({ lat, lng }) => setLocation({ lat, lng })}
      />
    </div>
  );
}

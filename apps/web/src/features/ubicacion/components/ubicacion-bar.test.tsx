import { ubicacionGeoSchema } from '@compra-grupal/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { contractJson } from '@/test/contract';
import { json, mockFetch } from '@/test/fetch';
import { createTestQueryClient } from '@/test/query-client';
import { UbicacionBar } from './ubicacion-bar';

const PALERMO = { lat: -34.5889, lng: -58.4108 };

function renderBar(inversa: () => Response) {
  mockFetch(({ url }) => (url.startsWith('/api/geo/inversa?') ? inversa() : json({}, 404)));
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <UbicacionBar location={PALERMO} locating={false} onChange={() => undefined} />
    </AppProviders>,
  );
}

describe('location bar', () => {
  it("names the place beside the spec's coordinates", async () => {
    renderBar(() =>
      contractJson(ubicacionGeoSchema, {
        direccion: 'Palermo',
        ciudad: 'Palermo',
        provincia: 'Ciudad Autónoma de Buenos Aires',
        codigoPostal: null,
        ...PALERMO,
      }),
    );
    expect(await screen.findByText('Palermo, Ciudad Autónoma de Buenos Aires')).toBeInTheDocument();
    expect(screen.getByText('Lat -34.5889,')).toBeInTheDocument();
  });

  it('keeps the coordinates alone when the place cannot be named', async () => {
    renderBar(() => json({ error: 'Falló el proveedor' }, 502));
    expect(await screen.findByText('Lat -34.5889,')).toBeInTheDocument();
    expect(document.querySelector('[data-slot="lugar"]')).toBeNull();
  });
});

import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { json, mockFetch } from '@/test/fetch';
import { createTestQueryClient } from '@/test/query-client';
import { DESKTOP_WIDTH, setViewport } from '@/test/viewport';
import { UbicacionPickerDialog } from './ubicacion-picker-dialog';

// The map's code cannot be loaded (offline, a failed deploy).
vi.mock('./ubicacion-map', () => {
  throw new Error('No se pudo descargar el módulo');
});

describe('UbicacionPickerDialog without its map', () => {
  it('logs the failure, ends the loading state and keeps the rest of the picker usable', async () => {
    setViewport(DESKTOP_WIDTH);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(() => json({ sugerencias: [] }));
    render(
      <AppProviders queryClient={createTestQueryClient()}>
        <UbicacionPickerDialog open onOpenChange={() => {}} onConfirm={() => {}} />
      </AppProviders>,
    );
    const picker = await screen.findByRole('dialog', { name: 'Elige tu ubicación' });
    expect(
      await within(picker).findByText('Busca una dirección o usa tu ubicación actual.'),
    ).toBeInTheDocument();
    expect(within(picker).queryByText('Cargando mapa…')).toBeNull();
    expect(error).toHaveBeenCalledWith('No se pudo cargar el mapa', expect.anything());
    expect(within(picker).getByPlaceholderText('Buscar dirección…')).toBeEnabled();
  });
});

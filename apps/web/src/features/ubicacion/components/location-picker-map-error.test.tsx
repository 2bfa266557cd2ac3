import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { json, mockFetch } from '@/test/fetch';
import { DESKTOP_WIDTH, setViewport } from '@/test/viewport';
import { LocationPickerDialog } from './location-picker-dialog';

// The map's code cannot be loaded (offline, a failed deploy).
vi.mock('./location-map', () => {
  throw new Error('No se pudo descargar el módulo');
});

describe('LocationPickerDialog without its map', () => {
  it('logs the failure, ends the loading state and keeps the rest of the picker usable', async () => {
    setViewport(DESKTOP_WIDTH);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(() => json({ sugerencias: [] }));
    render(
      <AppProviders queryClient={new QueryClient()}>
        <LocationPickerDialog open onOpenChange={() => {}} onConfirm={() => {}} />
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

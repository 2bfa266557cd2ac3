import { buscarGeoResponseSchema, mapaConfigSchema } from '@compra-grupal/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type {
  Coordenadas,
  LocationPickerProps,
  UbicacionElegida,
} from '@/entities/ubicacion/model/ubicacion';
import { contractJson } from '@/test/contract';
import { json, mockFetch } from '@/test/fetch';
import { createTestQueryClient } from '@/test/query-client';
import {
  DIRECCION_CAMPOS_VACIOS,
  direccionCamposSchema,
  type DireccionCampos as Valores,
} from '../model/direccion-campos';
import { DireccionCampos } from './direccion-campos';
import { AYUDA_SIN_CALLES, DireccionPunto } from './direccion-punto';

/** What the stand-in map confirms: a door and its locality (as a geocoder with streets would). */
const DEL_MAPA: UbicacionElegida = {
  address: 'Av. Corrientes 1234',
  lat: -34.6037,
  lng: -58.3816,
  postalCode: 'C1043',
  province: 'Ciudad Autónoma de Buenos Aires',
  city: 'San Nicolás',
};

let centroRecibido: Coordenadas | null | undefined;

function MapaDePrueba({ open, onConfirm, centro }: LocationPickerProps) {
  centroRecibido = centro;
  return open ? (
    <div role="dialog" aria-label="Mapa de prueba">
      <button type="button" onClick={() => onConfirm(DEL_MAPA)}>
        Confirmar ubicación
      </button>
    </div>
  ) : null;
}

function Formulario({ onValido }: { onValido: (valores: Valores) => void }) {
  const form = useForm<Valores>({
    resolver: zodResolver(direccionCamposSchema),
    defaultValues: DIRECCION_CAMPOS_VACIOS,
  });
  const [punto, setPunto] = useState<Coordenadas | null>(null);
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(onValido)}>
        <DireccionCampos />
        <DireccionPunto punto={punto} onPunto={setPunto} LocationPicker={MapaDePrueba} />
        {punto && <p>Punto {`${punto.lat}, ${punto.lng}`}</p>}
        <button type="submit">Guardar</button>
      </form>
    </FormProvider>
  );
}

function mockGeo({ buscaCalles }: { buscaCalles: boolean }) {
  return mockFetch(({ url }) => {
    if (url === '/api/geo/mapa') {
      return contractJson(mapaConfigSchema, { tileUrl: 'x', atribucion: 'OSM', buscaCalles });
    }
    if (url.startsWith('/api/geo/buscar?')) {
      const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
      const sugerencias = q.startsWith('Av. Corrientes 1234')
        ? [
            {
              etiqueta: 'Av. Corrientes 1234, San Nicolás, CABA',
              direccion: 'Av. Corrientes 1234',
              ciudad: 'San Nicolás',
              provincia: 'Ciudad Autónoma de Buenos Aires',
              codigoPostal: 'C1043',
              lat: -34.6037,
              lng: -58.3816,
            },
          ]
        : q === 'Palermo'
          ? [
              {
                etiqueta: 'Palermo, CABA',
                direccion: 'Palermo',
                ciudad: 'Palermo',
                provincia: 'Ciudad Autónoma de Buenos Aires',
                codigoPostal: null,
                lat: -34.58,
                lng: -58.42,
              },
            ]
          : [];
      return contractJson(buscarGeoResponseSchema, { sugerencias });
    }
    return json({ error: 'No encontrado' }, 404);
  });
}

function renderFormulario(onValido: (valores: Valores) => void = () => {}) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <Formulario onValido={onValido} />
    </QueryClientProvider>,
  );
  return { user };
}

describe('DireccionCampos', () => {
  it('says under each field what is missing or wrong, in Spanish', async () => {
    mockGeo({ buscaCalles: false });
    const { user } = renderFormulario();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La calle es obligatoria')).toBeVisible();
    expect(screen.getByLabelText('Calle')).toHaveAccessibleDescription('La calle es obligatoria');
    expect(screen.getByText('La altura es obligatoria')).toBeVisible();
    expect(screen.getByText('La localidad es obligatoria')).toBeVisible();
    expect(screen.getByText('La provincia es obligatoria')).toBeVisible();

    await user.type(screen.getByLabelText('Altura'), 'mil');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('La altura debe ser un número (o S/N si no tiene)'),
    ).toBeVisible();
  });

  it('takes a number, "1234 bis" or S/N, and tells browsers what each field is', async () => {
    mockGeo({ buscaCalles: false });
    const valores: Valores[] = [];
    const { user } = renderFormulario((v) => valores.push(v));
    await user.type(screen.getByLabelText('Calle'), 'Calle 7');
    await user.type(screen.getByLabelText('Altura'), 'S/N');
    await user.type(screen.getByLabelText('Localidad'), 'La Plata');
    await user.type(screen.getByLabelText('Provincia'), 'Buenos Aires');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByRole('button', { name: 'Guardar' });
    expect(valores.at(-1)).toMatchObject({ calle: 'Calle 7', altura: 'S/N' });
    expect(screen.getByLabelText('Calle')).toHaveAttribute('autocomplete', 'address-line1');
    expect(screen.getByLabelText('Piso/Depto')).toHaveAttribute('autocomplete', 'address-line2');
    expect(screen.getByLabelText('Localidad')).toHaveAttribute('autocomplete', 'address-level2');
    expect(screen.getByLabelText('Provincia')).toHaveAttribute('autocomplete', 'address-level1');
    expect(screen.getByLabelText('Código postal')).toHaveAttribute('autocomplete', 'postal-code');
  });

  it("never rewrites what was typed with the map's point: it fills only empty fields", async () => {
    mockGeo({ buscaCalles: false });
    const { user } = renderFormulario();
    await user.type(screen.getByLabelText('Calle'), 'Av. Santa Fe');
    await user.type(screen.getByLabelText('Localidad'), 'Palermo');
    expect(screen.getByText(AYUDA_SIN_CALLES)).toBeVisible();
    // The map opens on the typed locality, as the gazetteer finds it.
    await user.click(screen.getByRole('button', { name: 'Marcar en el mapa' }));
    await waitFor(() => expect(centroRecibido).toEqual({ lat: -34.58, lng: -58.42 }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar ubicación' }));

    expect(screen.getByLabelText('Calle')).toHaveValue('Av. Santa Fe');
    expect(screen.getByLabelText('Localidad')).toHaveValue('Palermo');
    // Empty before: the map's data fills them.
    expect(screen.getByLabelText('Altura')).toHaveValue('1234');
    expect(screen.getByLabelText('Provincia')).toHaveValue('Ciudad Autónoma de Buenos Aires');
    expect(screen.getByLabelText('Código postal')).toHaveValue('C1043');
    expect(screen.getByText('Punto -34.6037, -58.3816')).toBeVisible();
    expect(screen.getByText('Ubicación marcada en el mapa')).toBeVisible();
  });

  it('proposes doors for the typed street and number when the geocoder knows streets', async () => {
    mockGeo({ buscaCalles: true });
    const { user } = renderFormulario();
    await user.type(screen.getByLabelText('Calle'), 'Av. Corrientes');
    await user.type(screen.getByLabelText('Altura'), '1234');
    await user.type(screen.getByLabelText('Piso/Depto'), '4° B');
    const propuestas = await screen.findByRole('list', { name: '¿Es alguna de estas?' });
    expect(screen.queryByText(AYUDA_SIN_CALLES)).toBeNull();
    await user.click(
      within(propuestas).getByRole('button', { name: /Av\. Corrientes 1234, San Nicolás/ }),
    );
    expect(screen.getByText('Punto -34.6037, -58.3816')).toBeVisible();
    expect(screen.getByLabelText('Localidad')).toHaveValue('San Nicolás');
    expect(screen.getByLabelText('Piso/Depto')).toHaveValue('4° B');
    expect(screen.queryByRole('list', { name: '¿Es alguna de estas?' })).toBeNull();
  });
});

-- Applying a payment notification is one database call (docs/decisions/025): `aplicar_pago`
-- does what modules/pago/pago.service.ts used to do in a dozen round trips, under the order's
-- row lock, and records its realtime events in the outbox (eventos_salientes) in the same
-- transaction. `tomar_lugares_y_anunciar` is the places ledger's whole take (the steps of
-- `tomar_lugares`, migration 0013, until the quantity is placed, spilling into new groups) with
-- its events; the ledger in TypeScript calls it too, so a take and what it announces are
-- written in one place. The publisher checks every payload against the contract before it
-- reaches a socket (realtime/outbox-publisher.ts).

-- A new id in the app's format (lib/ids.ts: 24 hex characters, ObjectId-like: the second,
-- then random bits).
CREATE OR REPLACE FUNCTION nuevo_id() RETURNS char(24)
LANGUAGE sql VOLATILE AS $$
  SELECT lpad(to_hex(floor(extract(epoch FROM clock_timestamp()))::bigint), 8, '0')
    || right(replace(gen_random_uuid()::text, '-', ''), 16)
$$;
--> statement-breakpoint

-- Records one event for several rooms, in the order given.
CREATE OR REPLACE FUNCTION registrar_evento(p_salas text[], p_evento text, p_payload jsonb)
RETURNS void
LANGUAGE sql AS $$
  INSERT INTO eventos_salientes (sala, evento, payload)
    SELECT sala, p_evento, p_payload FROM unnest(p_salas) WITH ORDINALITY AS s(sala, orden)
    ORDER BY orden
$$;
--> statement-breakpoint

-- Records where a provider payment stands (pagos_proveedor: the notification dedupe).
CREATE OR REPLACE FUNCTION registrar_pago_proveedor(
  p_proveedor_pago_id text,
  p_pedido_id char(24),
  p_tienda_id char(24),
  p_estado text,
  p_monto_centavos bigint,
  p_ahora timestamptz
) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO pagos_proveedor
      (proveedor_pago_id, pedido_id, tienda_id, estado, monto_centavos, actualizado_en)
    VALUES (p_proveedor_pago_id, p_pedido_id, p_tienda_id, p_estado, p_monto_centavos, p_ahora)
    ON CONFLICT (proveedor_pago_id)
      DO UPDATE SET estado = excluded.estado, actualizado_en = excluded.actualizado_en
$$;
--> statement-breakpoint

-- Takes p_cantidad places of a product for a paid order line (the ledger's rules: migration
-- 0013, docs/decisions/020) and records, step by step, nuevoGrupoCreado for a group opened
-- before the take, grupoActualizado for the group that took places, and nuevoGrupoCreado for
-- the next group. Answers the steps: [{grupoId, cantidad, lugaresOcupados, lugaresNecesarios,
-- estado}]; NULL when the product does not exist.
CREATE OR REPLACE FUNCTION tomar_lugares_y_anunciar(
  p_producto_id char(24),
  p_cantidad integer,
  p_usuario_id char(24),
  p_pedido_id char(24)
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_restante integer := p_cantidad;
  v_paso jsonb;
  v_grupo jsonb;
  v_salas_producto text[];
  v_nuevo jsonb;
  v_tomas jsonb := '[]'::jsonb;
BEGIN
  WHILE v_restante > 0 LOOP
    v_paso := tomar_lugares(p_producto_id, v_restante, p_usuario_id, p_pedido_id, nuevo_id(),
      ARRAY[nuevo_id(), nuevo_id()]::char(24)[]);
    IF v_paso IS NULL THEN
      RETURN NULL;
    END IF;
    v_grupo := v_paso -> 'grupo';
    v_salas_producto := ARRAY['producto:' || p_producto_id,
      'tienda:' || (v_paso -> 'producto' ->> 'tienda_id')];
    v_nuevo := jsonb_build_object('productoId', p_producto_id,
      'productoNombre', v_paso -> 'producto' ->> 'nombre');
    IF (v_paso ->> 'abierto')::boolean THEN
      PERFORM registrar_evento(v_salas_producto, 'nuevoGrupoCreado', v_nuevo);
    END IF;
    PERFORM registrar_evento(
      ARRAY['grupo:' || (v_grupo ->> 'id')] || v_salas_producto,
      'grupoActualizado',
      jsonb_build_object(
        'grupoId', v_grupo ->> 'id',
        'estado', v_grupo ->> 'estado',
        'lugaresOcupados', (v_grupo ->> 'lugares_ocupados')::int,
        'lugaresNecesarios', (v_grupo ->> 'lugares_necesarios')::int,
        'participantesCount', (v_paso ->> 'participantes')::int,
        'productoNombre', v_paso -> 'producto' ->> 'nombre'));
    IF (v_paso ->> 'siguiente')::boolean THEN
      PERFORM registrar_evento(v_salas_producto, 'nuevoGrupoCreado', v_nuevo);
    END IF;
    v_tomas := v_tomas || jsonb_build_array(jsonb_build_object(
      'grupoId', v_grupo ->> 'id',
      'cantidad', (v_paso ->> 'cantidad')::int,
      'lugaresOcupados', (v_grupo ->> 'lugares_ocupados')::int,
      'lugaresNecesarios', (v_grupo ->> 'lugares_necesarios')::int,
      'estado', v_grupo ->> 'estado'));
    v_restante := v_restante - (v_paso ->> 'cantidad')::int;
  END LOOP;
  RETURN v_tomas;
END $$;
--> statement-breakpoint

-- Applies what the provider says of one payment (p_estado: 'approved', 'rejected' or
-- 'pending', as read from the provider, never from the notification's body) to the seller's
-- part of the order, exactly once whatever the order or number of notifications:
-- - the order row is locked first, so every notification of one order runs one at a time, and
--   each later statement reads after the lock was granted (its own snapshot);
-- - a provider payment already in a final state is not applied again (pagos_proveedor);
-- - pending is recorded; a rejection puts the part's reserved units back on sale;
-- - an approval sells the part's lines (taking again, if the stock is still there, the units a
--   rejection or the reservation's expiry released; else the payment must be refunded), marks
--   the part approved, and when every part is approved approves the order and takes the places
--   of every line through the ledger.
-- Answers 'aplicado', 'ignorado', or 'reembolsar' (the caller refunds through the provider
-- after commit and records it: an approval of a part already paid, or whose units are gone).
CREATE OR REPLACE FUNCTION aplicar_pago(
  p_pedido_id char(24),
  p_tienda_id char(24),
  p_proveedor_pago_id text,
  p_estado text,
  p_monto_centavos bigint,
  p_ahora timestamptz
) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  v_pedido record;
  v_pago record;
  v_previo text;
  v_linea record;
  v_stock integer;
  v_tomadas jsonb := '[]'::jsonb;
  v_toma jsonb;
BEGIN
  SELECT id, usuario_id, aprobado INTO v_pedido FROM pedidos WHERE id = p_pedido_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 'ignorado';
  END IF;
  SELECT id, estado INTO v_pago FROM pagos_por_vendedor
    WHERE pedido_id = p_pedido_id AND tienda_id = p_tienda_id;
  IF NOT FOUND THEN
    RETURN 'ignorado';
  END IF;
  SELECT estado INTO v_previo FROM pagos_proveedor WHERE proveedor_pago_id = p_proveedor_pago_id;
  IF v_previo = 'a_reembolsar' THEN
    RETURN 'reembolsar';
  END IF;
  IF v_previo IS NOT NULL AND v_previo <> 'pendiente' THEN
    RETURN 'ignorado';
  END IF;

  IF p_estado = 'pending' THEN
    PERFORM registrar_pago_proveedor(p_proveedor_pago_id, p_pedido_id, p_tienda_id, 'pendiente',
      p_monto_centavos, p_ahora);
    RETURN 'ignorado';
  END IF;

  IF p_estado = 'rejected' THEN
    PERFORM registrar_pago_proveedor(p_proveedor_pago_id, p_pedido_id, p_tienda_id, 'rechazado',
      p_monto_centavos, p_ahora);
    IF v_pago.estado <> 'pendiente' THEN
      RETURN 'ignorado';
    END IF;
    UPDATE pagos_por_vendedor SET estado = 'rechazado', actualizado_en = p_ahora
      WHERE id = v_pago.id;
    -- The seller's reserved units go back on sale.
    FOR v_linea IN
      UPDATE pedido_lineas SET reserva = 'liberado'
        WHERE pedido_id = p_pedido_id AND tienda_id = p_tienda_id AND reserva = 'reservado'
        RETURNING producto_id, cantidad
    LOOP
      UPDATE productos SET stock = stock + v_linea.cantidad WHERE id = v_linea.producto_id
        RETURNING stock INTO v_stock;
      IF FOUND THEN
        PERFORM registrar_evento(ARRAY['producto:' || v_linea.producto_id], 'stockActualizado',
          jsonb_build_object('productoId', v_linea.producto_id, 'nuevoStock', v_stock));
      END IF;
    END LOOP;
    RETURN 'aplicado';
  END IF;

  IF p_estado <> 'approved' THEN
    RAISE EXCEPTION 'aplicar_pago: unknown provider status %', p_estado;
  END IF;
  IF v_pago.estado IN ('aprobado', 'reembolsado') THEN
    -- A second payment of a part already paid: refunded.
    PERFORM registrar_pago_proveedor(p_proveedor_pago_id, p_pedido_id, p_tienda_id,
      'a_reembolsar', p_monto_centavos, p_ahora);
    RETURN 'reembolsar';
  END IF;

  -- Units released (a rejection, or the reservation's expiry) are taken again if the stock
  -- is still there; if any is gone, none is taken and the payment is refunded.
  IF EXISTS (SELECT 1 FROM pedido_lineas WHERE pedido_id = p_pedido_id
      AND tienda_id = p_tienda_id AND reserva = 'liberado') THEN
    BEGIN
      FOR v_linea IN
        SELECT producto_id, cantidad FROM pedido_lineas
          WHERE pedido_id = p_pedido_id AND tienda_id = p_tienda_id AND reserva = 'liberado'
          ORDER BY producto_id
      LOOP
        UPDATE productos SET stock = stock - v_linea.cantidad
          WHERE id = v_linea.producto_id AND stock >= v_linea.cantidad AND disponible
            AND retirado_en IS NULL
          RETURNING stock INTO v_stock;
        IF NOT FOUND THEN
          RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'sin_stock';
        END IF;
        v_tomadas := v_tomadas || jsonb_build_array(jsonb_build_object(
          'productoId', v_linea.producto_id, 'nuevoStock', v_stock));
      END LOOP;
    EXCEPTION WHEN raise_exception THEN
      -- The block's stock updates are rolled back with it.
      PERFORM registrar_pago_proveedor(p_proveedor_pago_id, p_pedido_id, p_tienda_id,
        'a_reembolsar', p_monto_centavos, p_ahora);
      UPDATE pagos_por_vendedor SET estado = 'reembolsado', actualizado_en = p_ahora
        WHERE id = v_pago.id;
      RETURN 'reembolsar';
    END;
    FOR v_toma IN SELECT * FROM jsonb_array_elements(v_tomadas) LOOP
      PERFORM registrar_evento(ARRAY['producto:' || (v_toma ->> 'productoId')],
        'stockActualizado', v_toma);
    END LOOP;
  END IF;

  UPDATE pedido_lineas SET reserva = 'vendido'
    WHERE pedido_id = p_pedido_id AND tienda_id = p_tienda_id AND reserva <> 'vendido';
  UPDATE pagos_por_vendedor
    SET estado = 'aprobado', proveedor_pago_id = p_proveedor_pago_id, actualizado_en = p_ahora
    WHERE id = v_pago.id;
  PERFORM registrar_pago_proveedor(p_proveedor_pago_id, p_pedido_id, p_tienda_id, 'aprobado',
    p_monto_centavos, p_ahora);
  PERFORM registrar_evento(ARRAY['usuario:' || v_pedido.usuario_id], 'pagoAprobado',
    jsonb_build_object('pedidoId', p_pedido_id, 'tiendaId', p_tienda_id));

  IF NOT v_pedido.aprobado AND NOT EXISTS (
    SELECT 1 FROM pagos_por_vendedor
      WHERE pedido_id = p_pedido_id AND id <> v_pago.id AND estado <> 'aprobado'
  ) THEN
    -- Every seller is paid: the order is approved and each line takes its places.
    UPDATE pedidos SET aprobado = true, todos_los_pagos_aprobados = true WHERE id = p_pedido_id;
    FOR v_linea IN
      SELECT producto_id, cantidad FROM pedido_lineas WHERE pedido_id = p_pedido_id
        ORDER BY producto_id
    LOOP
      IF tomar_lugares_y_anunciar(v_linea.producto_id, v_linea.cantidad, v_pedido.usuario_id,
          p_pedido_id) IS NULL THEN
        RAISE EXCEPTION 'aplicar_pago: product % of order % does not exist',
          v_linea.producto_id, p_pedido_id;
      END IF;
    END LOOP;
  END IF;
  RETURN 'aplicado';
END $$;

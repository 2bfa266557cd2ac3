-- The places ledger's one step (modules/grupo-de-compra/grupo-de-compra.ledger.ts,
-- docs/decisions/020 and 028), kept in SQL because the benchmark says the round trips matter
-- (`npm run bench`: ledger takes/s). Applied on every start after the migrations
-- (db/functions.ts), so this file is its only source. It returns data only: the ids it may
-- need come from TypeScript, and the events are built there from its answer.
--
-- Locks the product row, reads its open group (opening one with p_grupo_ids[1] if it has
-- none), takes as many of p_cantidad places as the group has room for (closing it when it
-- fills), records the participant (p_participante_id), counts the group's distinct users, and
-- opens the next group (p_grupo_ids[2]) when this one filled and places remain or the product
-- is on sale. Answers the product, the group after the take, the places taken in it, its
-- distinct users, and whether a group opened before the take (`abierto`) or after it
-- (`siguiente`); NULL when the product does not exist.
--
-- Prices (docs/decisions/054): every member of a group pays its price, fixed when it opens.
-- p_precio is what the take's line was charged per unit (NULL for places no order paid: demo
-- data, which take the open group's price). A group this take opens for lack of one costs
-- that; the next group, opened because this one filled, costs this one's price when the take
-- spills into it, else the price the seller set meanwhile (precio_siguiente_centavos, applied
-- to the product here) or the product's. An open group of another price refuses the take: the
-- lifecycle checks prices before it takes, so reaching it is a bug.
--
-- Times are the app's clock (p_ahora), as every deadline and job reads it (issue 32): a group's
-- deadline is computed from its opening time by the trigger of migration 0017. Rows written at
-- one instant keep their order by id (ObjectIds grow within a process).
--
-- Each statement of a plpgsql function takes its own snapshot under READ COMMITTED, so the
-- open group is read after the lock was granted and sees what the previous take committed.
CREATE OR REPLACE FUNCTION tomar_lugares(
  p_producto_id char(24),
  p_cantidad integer,
  p_usuario_id char(24),
  p_pedido_id char(24),
  p_participante_id char(24),
  p_grupo_ids char(24)[],
  p_ahora timestamptz,
  p_grupo_elegido char(24),
  p_precio bigint
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_producto record;
  v_grupo grupos_de_compra%ROWTYPE;
  v_abierto grupos_de_compra%ROWTYPE;
  v_siguiente grupos_de_compra%ROWTYPE;
  v_n integer;
  v_participantes integer;
  v_precio_siguiente bigint;
BEGIN
  IF p_cantidad IS NULL OR p_cantidad <= 0 THEN
    RAISE EXCEPTION 'tomar_lugares: p_cantidad must be positive, got %', p_cantidad;
  END IF;
  SELECT id, tienda_id, nombre, cantidad_total_grupo, disponible, precio_centavos INTO v_producto
    FROM productos WHERE id = p_producto_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;

  -- The group the shopper chose first if it is still open (DESIGN.md), else the oldest open one.
  SELECT * INTO v_grupo FROM grupos_de_compra
    WHERE producto_id = p_producto_id AND estado = 'abierto'
    ORDER BY id IS NOT DISTINCT FROM p_grupo_elegido DESC, fecha_creacion, id LIMIT 1;
  IF NOT FOUND THEN
    INSERT INTO grupos_de_compra (id, producto_id, lugares_necesarios, fecha_creacion,
        precio_centavos)
      VALUES (p_grupo_ids[1], p_producto_id, v_producto.cantidad_total_grupo, p_ahora,
        coalesce(p_precio, v_producto.precio_centavos))
      RETURNING * INTO v_abierto;
    v_grupo := v_abierto;
  ELSIF p_precio IS NOT NULL AND v_grupo.precio_centavos <> p_precio THEN
    RAISE EXCEPTION 'tomar_lugares: group % costs %, the take paid %',
      v_grupo.id, v_grupo.precio_centavos, p_precio;
  END IF;

  v_n := least(p_cantidad, v_grupo.lugares_necesarios - v_grupo.lugares_ocupados);
  UPDATE grupos_de_compra SET
      lugares_ocupados = lugares_ocupados + v_n,
      estado = CASE WHEN lugares_ocupados + v_n = lugares_necesarios
        THEN 'cerrado' ELSE estado END,
      cerrado_en = CASE WHEN lugares_ocupados + v_n = lugares_necesarios
        THEN p_ahora ELSE cerrado_en END
    WHERE id = v_grupo.id AND estado = 'abierto' AND v_n > 0
      AND lugares_ocupados + v_n <= lugares_necesarios
    RETURNING * INTO v_grupo;
  IF NOT FOUND THEN
    -- Cannot happen while the product row is locked; refuse rather than break an invariant.
    RAISE EXCEPTION 'tomar_lugares: group % refused % places under lock', v_grupo.id, v_n;
  END IF;

  INSERT INTO participantes_grupo (id, grupo_id, usuario_id, pedido_id, cantidad, creado_en)
    VALUES (p_participante_id, v_grupo.id, p_usuario_id, p_pedido_id, v_n, p_ahora);
  SELECT count(DISTINCT usuario_id)::int INTO v_participantes
    FROM participantes_grupo WHERE grupo_id = v_grupo.id;

  IF v_grupo.estado <> 'abierto' AND (p_cantidad > v_n OR v_producto.disponible) THEN
    IF p_cantidad > v_n THEN
      -- The overflow was paid at this group's price: the next one keeps it.
      v_precio_siguiente := v_grupo.precio_centavos;
    ELSE
      -- The seller's waiting price, if any, applies from this new group on.
      UPDATE productos SET
          precio_centavos = coalesce(precio_siguiente_centavos, precio_centavos),
          precio_siguiente_centavos = NULL
        WHERE id = p_producto_id
        RETURNING precio_centavos INTO v_precio_siguiente;
    END IF;
    INSERT INTO grupos_de_compra (id, producto_id, lugares_necesarios, fecha_creacion,
        precio_centavos)
      VALUES (p_grupo_ids[2], p_producto_id, v_producto.cantidad_total_grupo, p_ahora,
        v_precio_siguiente)
      RETURNING * INTO v_siguiente;
  END IF;

  RETURN jsonb_build_object(
    'producto', to_jsonb(v_producto),
    'abierto', v_abierto.id IS NOT NULL,
    'grupo', to_jsonb(v_grupo),
    'cantidad', v_n,
    'participantes', v_participantes,
    'siguiente', v_siguiente.id IS NOT NULL
  );
END $$;

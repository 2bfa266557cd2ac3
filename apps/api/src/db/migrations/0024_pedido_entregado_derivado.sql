-- An order is delivered when the lifecycle says so (every part that goes on is delivered):
-- derived from the parts on every read, never stored beside them (issue 32).
ALTER TABLE "pedidos" DROP COLUMN "entregado";
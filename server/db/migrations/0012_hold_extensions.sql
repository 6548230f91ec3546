ALTER TABLE "carts" ADD COLUMN "hold_extensions" integer DEFAULT 0 NOT NULL;

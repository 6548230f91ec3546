// Shop API v2 load benchmark: `npm run bench:api [-- --duration 10 --warmup 2 --connections 100 --stores
// pglite,postgres --carts 100
// --routes products,cart,write]`.
// For each store (PGlite memory://, and PostgreSQL in a throwaway database on DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/test) it starts the real server in a child process and runs autocannon for
// `duration` seconds at `connections` connections (after `warmup` seconds of the same load, not measured: the JIT
// compiles the route's code first) against GET /api/v2/products, GET /api/v2/carts/{id} and
// PUT /api/v2/carts/{id}/products (quantity alternating 1 and 2 so every write changes the line and its stock hold;
// product ll_ticket_weekend with 1 000 000 units). Cart calls rotate over `carts` carts, so connections do not all
// queue on one cart's row lock. Prints a table: store, route, req/s (mean), p50 and p99 latency in ms, non-2xx.
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { createBenchPostgres, DEMO_SHOP_HEADERS, startServerProcess } from "./bench-support.ts";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "100" },
    stores: { type: "string", default: "pglite,postgres" },
    carts: { type: "string", default: "100" },
    routes: { type: "string", default: "products,cart,write" },
  },
});
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const connections = Number(values.connections);
const cartCount = Number(values.carts);
const routes = new Set(values.routes.split(",").map((r) => r.trim()));
const PRODUCT = "ll_ticket_weekend";

interface Row {
  store: string;
  route: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

const createCarts = async (baseUrl: string): Promise<string[]> => {
  const ids: string[] = [];
  for (let i = 0; i < cartCount; i += 1) {
    const response = await fetch(`${baseUrl}/api/v2/carts`, { method: "POST", headers: DEMO_SHOP_HEADERS, body: "{}" });
    ids.push(((await response.json()) as { data: { id: string } }).data.id);
  }
  return ids;
};

const run = async (store: string, baseUrl: string, route: string, request: autocannon.Request): Promise<Row> => {
  if (warmup > 0) await autocannon({ url: baseUrl, connections, duration: warmup, requests: [request] });
  const result = await autocannon({ url: baseUrl, connections, duration, requests: [request] });
  return { store, route, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
};

const benchStore = async (store: string): Promise<Row[]> => {
  const database = store === "postgres" ? await createBenchPostgres() : undefined;
  try {
    const server = await startServerProcess({ ...(database ? { databaseUrl: database.url } : {}), stock: { productId: PRODUCT, units: 1_000_000 } });
    try {
      const carts = await createCarts(server.baseUrl);
      let next = 0;
      const quantities = new Map<string, number>();
      const rows: Row[] = [];
      if (routes.has("products")) rows.push(await run(store, server.baseUrl, "GET /api/v2/products", { method: "GET", path: "/api/v2/products", headers: DEMO_SHOP_HEADERS }));
      if (routes.has("cart")) rows.push(
        await run(store, server.baseUrl, "GET /api/v2/carts/{id}", {
          method: "GET",
          headers: DEMO_SHOP_HEADERS,
          setupRequest: (request) => ({ ...request, path: `/api/v2/carts/${carts[next++ % carts.length]}` }),
        }),
      );
      if (routes.has("write")) rows.push(
        await run(store, server.baseUrl, "PUT /api/v2/carts/{id}/products", {
          method: "PUT",
          headers: DEMO_SHOP_HEADERS,
          setupRequest: (request) => {
            const cartId = carts[next++ % carts.length] ?? "";
            const quantity = quantities.get(cartId) === 1 ? 2 : 1;
            quantities.set(cartId, quantity);
            return { ...request, path: `/api/v2/carts/${cartId}/products`, body: JSON.stringify({ productId: PRODUCT, quantity }) };
          },
        }),
      );
      const stats = await server.stop();
      if (stats) {
        const sql = stats.queries ? `, ${(stats.queries / Math.max(1, stats.requests)).toFixed(1)} SQL round trips/request, pg pool ${stats.poolSize}, waiting avg ${stats.avgWaiting.toFixed(1)} max ${stats.maxWaiting}` : "";
        console.log(`${store} server: ${stats.requests} requests, ${(stats.cpuMs / Math.max(1, stats.requests)).toFixed(2)} ms CPU/request${sql}`);
      }
      return rows;
    } catch (error) {
      await server.stop();
      throw error;
    }
  } finally {
    await database?.drop();
  }
};

const rows: Row[] = [];
for (const store of values.stores.split(",").map((s) => s.trim()).filter(Boolean)) rows.push(...(await benchStore(store)));

const table = [["store", "route", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors"], ...rows.map((r) => [r.store, r.route, String(r.rps), String(r.p50), String(r.p99), String(r.non2xx), String(r.errors)])];
const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
console.log(`\n${connections} connections, ${duration} s per route after ${warmup} s of warm-up`);
for (const row of table) console.log(row.map((cell, i) => (i >= 2 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join("  "));
const failed = rows.some((r) => r.non2xx > 0 || r.errors > 0);
if (failed) console.log("some requests failed (non-2xx or socket errors): see the table");
process.exit(failed ? 1 : 0);

// A shop of a running Shop API and a cart in it holding one product, made through the API as a visitor's would be: the
// checkout pages the benchmarks measure (scripts/bench-lighthouse.mjs, bench-first-load.mjs, profile-long-tasks.mjs).

/**
 * The shop `slug` of GET /api/v2/shops on `base` (the first one when `slug` is undefined) and the headers its Shop API
 * calls take (namespace, shop token, JSON). Throws when there is no such shop.
 */
export const demoShop = async (base, slug) => {
  const shops = await fetch(`${base}/api/v2/shops`).then((r) => r.json());
  const shop = slug === undefined ? shops.data[0] : shops.data.find((s) => s.slug === slug);
  if (!shop) throw new Error(`no shop ${slug ?? ""} in GET ${base}/api/v2/shops`);
  return { shop, headers: { "x-event-namespace": shop.apiNamespace, authorization: `Bearer ${shop.shopToken}`, "content-type": "application/json" } };
};

/**
 * A new cart of the shop (a demoShop answer) holding one unit of its first product that is not sold out, of `type`
 * when given ("ticket"), else of any type: the cart's id. Throws when the Shop API does not fill it.
 */
export const createDemoCart = async (base, { headers }, type) => {
  const products = await fetch(`${base}/api/v2/products`, { headers }).then((r) => r.json());
  const cart = await fetch(`${base}/api/v2/carts`, { method: "POST", headers, body: "{}" }).then((r) => r.json());
  const product = products.data.find((p) => !p.soldOut && (type === undefined || p.type === type)) ?? products.data[0];
  const put = await fetch(`${base}/api/v2/carts/${cart.data.id}/products`, { method: "PUT", headers, body: JSON.stringify({ productId: product.id, quantity: 1 }) });
  if (!put.ok) throw new Error(`could not fill cart ${cart.data.id}: ${put.status} ${await put.text()}`);
  return cart.data.id;
};

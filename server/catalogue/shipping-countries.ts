import type { ShopConfigEncoded } from "../../domain/shop.schema.ts";

/** One encoded shipping row (price in decimal euros; 0 = not shippable). spec §3 Shipping country. */
type Row = ShopConfigEncoded["shippingCountries"][number];

const row = (countrycode: string, countryname: string, price: number): Row => ({
  countrycode,
  countryname,
  deliverytype: price > 0 ? "postal" : "none",
  price,
});

/** The static per-country merchandise shipping table in euros (spec §9): NL 5.99 ... highest 52.5 (Australia), 0 = not shippable. */
export const DEMO_SHIPPING_COUNTRIES: ReadonlyArray<Row> = [
  row("NL", "Netherlands", 5.99),
  row("BE", "Belgium", 8.7),
  row("DE", "Germany", 8.19),
  row("FR", "France", 10.72),
  row("LU", "Luxembourg", 8.7),
  row("GB", "United Kingdom", 32.13),
  row("IE", "Ireland", 14.5),
  row("US", "United States", 34.02),
  row("CA", "Canada", 36.4),
  row("AU", "Australia", 52.5),
  row("NZ", "New Zealand", 49.95),
  row("JP", "Japan", 41.2),
  row("ES", "Spain", 12.45),
  row("PT", "Portugal", 12.95),
  row("IT", "Italy", 12.1),
  row("AT", "Austria", 10.15),
  row("CH", "Switzerland", 24.8),
  row("DK", "Denmark", 11.35),
  row("SE", "Sweden", 13.6),
  row("NO", "Norway", 26.9),
  row("FI", "Finland", 14.25),
  row("PL", "Poland", 10.95),
  row("CZ", "Czech Republic", 10.95),
  row("HU", "Hungary", 12.3),
  row("GR", "Greece", 15.75),
  row("RO", "Romania", 13.1),
  row("BR", "Brazil", 0),
  row("AR", "Argentina", 0),
  row("ZA", "South Africa", 0),
  row("IN", "India", 0),
  row("CN", "China", 0),
  row("RU", "Russia", 0),
  row("TR", "Turkey", 0),
  row("MX", "Mexico", 0),
  row("XX", "Other countries", 0),
];

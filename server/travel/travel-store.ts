import { and, asc, eq } from "drizzle-orm";
import { Schema } from "effect";
import { eurosToCents, type Cents } from "../../domain/money.ts";
import { type ExtraCategory, RoomOption, type RoomOptionEncoded, TravelExtra, type TravelExtraEncoded, TravelPackage, type TravelPackageEncoded } from "../../domain/travel.schema.ts";
import { packageSlug } from "../../domain/travel.ts";
import type { Db, Tx } from "../db/database.ts";
import { travelExtras, travelOptions, travelPackages } from "../db/schema.ts";

/** travel_packages.data: name, star rating, category, stay dates (YYYY-MM-DD), event and accommodation ids, images. spec §3 Travel. */
export interface PackageData {
  readonly name: string;
  readonly rating: number;
  readonly category: string;
  readonly startOfStayDate: string;
  readonly endOfStayDate: string;
  readonly eventId: string;
  readonly accommodationId: string;
  readonly images: ReadonlyArray<string>;
}

/** travel_options.data: title, rooms [{name, persons}], price per person for the whole stay in euros. spec §3 Travel. */
export interface OptionData {
  readonly title: string;
  readonly rooms: ReadonlyArray<{ readonly name: string; readonly persons: number }>;
  readonly price: number;
}

/** travel_extras.data: name, category (extra | transfer | merchandise), price per unit in euros. spec §3 Travel. */
export interface ExtraData {
  readonly name: string;
  readonly category: ExtraCategory;
  readonly price: number;
}

/** A stored package row with its typed data. */
export type PackageRow = Omit<typeof travelPackages.$inferSelect, "data"> & { readonly data: PackageData };
/** A stored room option row (stock = units left) with its typed data. */
export type OptionRow = Omit<typeof travelOptions.$inferSelect, "data"> & { readonly data: OptionData };
/** A stored extra row (stock = units left) with its typed data. */
export type ExtraRow = Omit<typeof travelExtras.$inferSelect, "data"> & { readonly data: ExtraData };

const encodePackage = Schema.encodeSync(TravelPackage);
const encodeOption = Schema.encodeSync(RoomOption);
const encodeExtra = Schema.encodeSync(TravelExtra);

/** Packages of a travel id in position order (empty for an unknown travel id). */
export const listPackageRows = async (db: Db | Tx, travelId: string): Promise<PackageRow[]> =>
  (await db.select().from(travelPackages).where(eq(travelPackages.travelId, travelId)).orderBy(asc(travelPackages.position))) as PackageRow[];

/** One package, or undefined. */
export const findPackageRow = async (db: Db | Tx, travelId: string, packageId: string): Promise<PackageRow | undefined> =>
  (await db.select().from(travelPackages).where(and(eq(travelPackages.travelId, travelId), eq(travelPackages.id, packageId))))[0] as
    | PackageRow
    | undefined;

/** Room options of a travel id (all packages, or one package) in position order. */
export const listOptionRows = async (db: Db | Tx, travelId: string, packageId?: string): Promise<OptionRow[]> =>
  (await db
    .select()
    .from(travelOptions)
    .where(and(eq(travelOptions.travelId, travelId), packageId === undefined ? undefined : eq(travelOptions.packageId, packageId)))
    .orderBy(asc(travelOptions.packageId), asc(travelOptions.position))) as OptionRow[];

/** One room option, or undefined. */
export const findOptionRow = async (db: Db | Tx, travelId: string, optionId: string): Promise<OptionRow | undefined> =>
  (await db.select().from(travelOptions).where(and(eq(travelOptions.travelId, travelId), eq(travelOptions.id, optionId))))[0] as
    | OptionRow
    | undefined;

/** Extras of one package in position order. */
export const listExtraRows = async (db: Db | Tx, travelId: string, packageId: string): Promise<ExtraRow[]> =>
  (await db
    .select()
    .from(travelExtras)
    .where(and(eq(travelExtras.travelId, travelId), eq(travelExtras.packageId, packageId)))
    .orderBy(asc(travelExtras.position))) as ExtraRow[];

/** One extra, or undefined. */
export const findExtraRow = async (db: Db | Tx, travelId: string, extraId: string): Promise<ExtraRow | undefined> =>
  (await db.select().from(travelExtras).where(and(eq(travelExtras.travelId, travelId), eq(travelExtras.id, extraId))))[0] as
    | ExtraRow
    | undefined;

/** Persons one unit of a room option sleeps: the sum of its rooms' persons. spec §3 "Room options with rooms". */
export const optionOccupation = (data: OptionData): number => data.rooms.reduce((n, r) => n + r.persons, 0);

/** Price per person of a room option for the whole stay, in cents. */
export const optionPrice = (data: OptionData): Cents => eurosToCents(data.price);

/** Price per unit of an extra, in cents. */
export const extraPrice = (data: ExtraData): Cents => eurosToCents(data.price);

/**
 * A package on the wire (spec §3 Travel): slug, occupation, soldout when no fitting option has a unit left, and the
 * lowest fitting price per person.
 */
export const packageView = (row: PackageRow, options: ReadonlyArray<OptionRow>, persons?: number): TravelPackageEncoded => {
  const fitting = options.filter((o) => persons === undefined || optionOccupation(o.data) >= persons);
  const available = fitting.filter((o) => o.stock > 0);
  const priced = available.length > 0 ? available : fitting;
  const price = priced.length > 0 ? Math.min(...priced.map((o) => optionPrice(o.data))) : 0;
  return encodePackage({
    id: row.id,
    name: row.data.name,
    slug: packageSlug(row.data.name),
    rating: row.data.rating,
    category: row.data.category,
    occupation: Math.max(0, ...options.map((o) => optionOccupation(o.data))),
    startOfStayDate: row.data.startOfStayDate,
    endOfStayDate: row.data.endOfStayDate,
    eventId: row.data.eventId,
    accommodationId: row.data.accommodationId,
    images: [...row.data.images],
    state: { soldout: available.length === 0 },
    price: price as Cents,
  });
};

/** A room option on the wire: rooms, occupation, price per person, totalPrice for `persons`, stock and soldOut. spec §3 Travel. */
export const optionView = (row: OptionRow, persons: number): RoomOptionEncoded =>
  encodeOption({
    id: row.id,
    title: row.data.title,
    rooms: row.data.rooms.map((r) => ({ name: r.name, persons: r.persons })),
    occupation: optionOccupation(row.data),
    price: optionPrice(row.data),
    totalPrice: (optionPrice(row.data) * persons) as Cents,
    stock: row.stock,
    soldOut: row.stock <= 0,
  });

/** An extra on the wire: name, category, price per unit, stock and soldOut. spec §3 Travel. */
export const extraView = (row: ExtraRow): TravelExtraEncoded =>
  encodeExtra({ id: row.id, name: row.data.name, category: row.data.category, price: extraPrice(row.data), stock: row.stock, soldOut: row.stock <= 0 });

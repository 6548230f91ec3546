import { randomUUID } from "node:crypto";
import type { Db } from "../db/database.ts";
import { transportRequests } from "../db/schema.ts";

/** A visitor's request for bus transport from their city, as the mail form sends it (spec §7 Other calls "Mail"). */
export interface TransportRequest {
  readonly eventNamespace: string;
  readonly name: string;
  readonly email: string;
  readonly phoneNumber?: string | undefined;
  readonly persons: number;
  readonly departureCity: string;
  readonly message?: string | undefined;
}

/** Keeps a transport request in transport_requests, stamped with `now`, and answers its new id; a failed insert keeps nothing. */
export const storeTransportRequest = async (db: Db, request: TransportRequest, now: Date): Promise<string> => {
  const id = randomUUID();
  await db.insert(transportRequests).values({
    id,
    eventNamespace: request.eventNamespace,
    name: request.name,
    email: request.email,
    phoneNumber: request.phoneNumber ?? null,
    persons: request.persons,
    departureCity: request.departureCity,
    message: request.message ?? null,
    createdAt: now,
  });
  return id;
};

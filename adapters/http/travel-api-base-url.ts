/**
 * DI token of the Travel API base address (spec §7 Travel API, a separate host in production): requests go to
 * `{base}/{travelId}/en/...`. The web app takes it from VITE_TRAVEL_API_BASE_URL, defaulting to "/travel-api" on the
 * page's own origin (where the reference server mounts it). docs/travel-api.md.
 */
export const TRAVEL_API_BASE_URL = Symbol.for("TravelApiBaseUrl");

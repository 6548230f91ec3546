/** Formats an ISO date (YYYY-MM-DD) in British English as spec §1 asks for dates ("14 August 2027"), whatever the UI language. */
export const formatFestivalDate = (isoDate: string): string =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );

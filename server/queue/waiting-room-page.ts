import type { Locale } from "../../domain/locale.ts";

/*
 * The waiting room page (spec §1 languages, §3 queueUrl): plain server-rendered HTML, no React, a few KiB, with one
 * small script (WAITING_ROOM_SCRIPT, served from the same origin: the CSP allows no inline script) that asks the
 * status address and updates the aria-live region without a reload, then takes the visitor on when admitted.
 */

type TextKey = "title" | "heading" | "intro" | "position" | "wait" | "minutes" | "underMinute" | "admitted" | "noscript" | "preHeading" | "preIntro" | "opensAt";

/** The waiting room's texts per locale; `{shop}` and `{n}` are filled in. */
const TEXTS: Readonly<Record<Locale, Readonly<Record<TextKey, string>>>> = {
  en: {
    title: "Waiting room – {shop}",
    heading: "You are in the queue for {shop}",
    intro: "Tickets are sold in order of arrival. Keep this page open: it updates by itself and takes you to the shop when it is your turn.",
    position: "Your place in line",
    wait: "Estimated wait",
    minutes: "about {n} minutes",
    underMinute: "less than a minute",
    admitted: "It is your turn: taking you to the shop…",
    noscript: "This page updates itself with JavaScript; without it, reload the page to see your place.",
    preHeading: "The sale for {shop} has not opened yet",
    preIntro: "Everyone who arrives before the opening gets a place in line by lot when the sale opens, so arriving early gives no better place. Keep this page open: it updates by itself.",
    opensAt: "The sale opens",
  },
  nl: {
    title: "Wachtrij – {shop}",
    heading: "Je staat in de wachtrij voor {shop}",
    intro: "Tickets worden verkocht in volgorde van aankomst. Houd deze pagina open: ze werkt zichzelf bij en brengt je naar de shop zodra je aan de beurt bent.",
    position: "Je plek in de rij",
    wait: "Geschatte wachttijd",
    minutes: "ongeveer {n} minuten",
    underMinute: "minder dan een minuut",
    admitted: "Je bent aan de beurt: we brengen je naar de shop…",
    noscript: "Deze pagina werkt zichzelf bij met JavaScript; zonder JavaScript herlaad je de pagina om je plek te zien.",
    preHeading: "De verkoop voor {shop} is nog niet begonnen",
    preIntro: "Iedereen die voor de opening aankomt, krijgt bij de opening een plek in de rij door loting; vroeg komen geeft dus geen betere plek. Houd deze pagina open: ze werkt zichzelf bij.",
    opensAt: "De verkoop begint",
  },
  es: {
    title: "Sala de espera – {shop}",
    heading: "Estás en la cola de {shop}",
    intro: "Las entradas se venden por orden de llegada. Mantén esta página abierta: se actualiza sola y te lleva a la tienda cuando sea tu turno.",
    position: "Tu lugar en la cola",
    wait: "Espera estimada",
    minutes: "unos {n} minutos",
    underMinute: "menos de un minuto",
    admitted: "Es tu turno: te llevamos a la tienda…",
    noscript: "Esta página se actualiza con JavaScript; sin él, recarga la página para ver tu lugar.",
    preHeading: "La venta de {shop} aún no ha empezado",
    preIntro: "Quien llegue antes de la apertura recibe un lugar en la cola por sorteo al abrir la venta, así que llegar antes no da un lugar mejor. Mantén esta página abierta: se actualiza sola.",
    opensAt: "La venta empieza",
  },
};

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

// One number format per locale, built once: constructing Intl.NumberFormat costs more than the rest of the page.
const NUMBER_FORMATS: Readonly<Record<Locale, Intl.NumberFormat>> = { en: new Intl.NumberFormat("en"), nl: new Intl.NumberFormat("nl"), es: new Intl.NumberFormat("es") };

/** The estimated wait in words: "less than a minute" under 60 s, else "about {n} minutes" (whole minutes, rounded up). */
export const waitInWords = (locale: Locale, seconds: number): string =>
  seconds < 60 ? TEXTS[locale].underMinute : TEXTS[locale].minutes.replace("{n}", String(Math.ceil(seconds / 60)));

/** The time zone the opening is told in: the festivals' own. */
const OPENING_TIME_ZONE = "Europe/Amsterdam";

// One date format per locale, built once (see NUMBER_FORMATS).
const OPENING_FORMATS: Readonly<Record<Locale, Intl.DateTimeFormat>> = {
  en: new Intl.DateTimeFormat("en", { dateStyle: "full", timeStyle: "short", timeZone: OPENING_TIME_ZONE }),
  nl: new Intl.DateTimeFormat("nl", { dateStyle: "full", timeStyle: "short", timeZone: OPENING_TIME_ZONE }),
  es: new Intl.DateTimeFormat("es", { dateStyle: "full", timeStyle: "short", timeZone: OPENING_TIME_ZONE }),
};

/**
 * The pre-queue page of a sale that opens at `opensAt` (spec §3 queueUrl): says when, and that places are drawn by
 * lot at the opening; the script polls `statusUrl` and goes to `pageUrl` once the sale has opened. Same shell as waitingRoomPage.
 */
export const preQueuePage = (input: {
  readonly locale: Locale;
  readonly shopName: string;
  readonly opensAt: Date;
  readonly pollAfterSeconds: number;
  readonly statusUrl: string;
  readonly pageUrl: string;
}): string => {
  const t = TEXTS[input.locale];
  const shop = escapeHtml(input.shopName);
  const opens = `<time id="opens-at" datetime="${input.opensAt.toISOString()}">${escapeHtml(OPENING_FORMATS[input.locale].format(input.opensAt))}</time>`;
  return pageFrame(input.locale, t.title.replace("{shop}", shop), [["status-url", input.statusUrl], ["page-url", input.pageUrl], ["poll-after", input.pollAfterSeconds], ["admitted", ""]], `<h1>${t.preHeading.replace("{shop}", shop)}</h1>
<p>${t.preIntro}</p>
<dl><dt>${t.opensAt}</dt><dd>${opens}</dd></dl>
<div role="status" aria-live="polite" aria-atomic="true"><p id="turn"></p></div>
<noscript><p>${t.noscript}</p></noscript>`);
};

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;line-height:1.5;color:#1a1a1a;background:#f6f6f4;margin:0}main{max-width:36rem;margin:3rem auto;padding:0 1.25rem}
h1{font-size:1.6rem;line-height:1.25}dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1.25rem;background:#fff;border:1px solid #c8c8c4;border-radius:8px;padding:1.25rem;margin:1.5rem 0}
dt{font-weight:600}dd{margin:0;font-variant-numeric:tabular-nums}#position{font-size:1.4rem;font-weight:700}`;

/** Path of the waiting room's script (same origin, cacheable). */
export const WAITING_ROOM_SCRIPT_PATH = "/queue/waiting-room.js";

/** The document both waiting pages share: `title`, the style, the main element carrying the script's `data` and `content`, the script. */
const pageFrame = (locale: Locale, title: string, data: ReadonlyArray<readonly [string, string | number]>, content: string): string => {
  const attributes = data.map(([name, value]) => `data-${name}="${escapeHtml(String(value))}"`).join(" ");
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main id="waiting-room" ${attributes}>
${content}
</main>
<script src="${WAITING_ROOM_SCRIPT_PATH}" defer></script>
</body>
</html>`;
};

/**
 * The waiting room page of `shopName` in `locale` for a visitor at `position` (1 = next): the script polls `statusUrl`
 * and goes to `pageUrl` once admitted. One h1, place and wait in a polite live region, a noscript hint.
 */
export const waitingRoomPage = (input: {
  readonly locale: Locale;
  readonly shopName: string;
  readonly position: number;
  readonly estimatedWaitSeconds: number;
  readonly pollAfterSeconds: number;
  readonly statusUrl: string;
  readonly pageUrl: string;
}): string => {
  const t = TEXTS[input.locale];
  const shop = escapeHtml(input.shopName);
  const script: ReadonlyArray<readonly [string, string | number]> = [
    ["status-url", input.statusUrl], ["page-url", input.pageUrl], ["poll-after", input.pollAfterSeconds],
    ["minutes", t.minutes], ["under-minute", t.underMinute], ["admitted", t.admitted],
  ];
  return pageFrame(input.locale, t.title.replace("{shop}", shop), script, `<h1>${t.heading.replace("{shop}", shop)}</h1>
<p>${t.intro}</p>
<div role="status" aria-live="polite" aria-atomic="true">
<dl><dt>${t.position}</dt><dd id="position">${NUMBER_FORMATS[input.locale].format(input.position)}</dd>
<dt>${t.wait}</dt><dd id="wait">${waitInWords(input.locale, input.estimatedWaitSeconds)}</dd></dl>
<p id="turn"></p>
</div>
<noscript><p>${t.noscript}</p></noscript>`);
};

/**
 * The page's script: polls the status address when advised, writes place and wait into the live region, and on
 * `admitted`, `not-in-line` or the opening goes to the page address, which admits or lets the visitor join again.
 */
export const WAITING_ROOM_SCRIPT = `(() => {
  const root = document.getElementById("waiting-room");
  if (!root) return;
  const d = root.dataset;
  const lang = document.documentElement.lang;
  const position = document.getElementById("position");
  const wait = document.getElementById("wait");
  const turn = document.getElementById("turn");
  const words = (s) => (s < 60 ? d.underMinute : d.minutes.replace("{n}", String(Math.ceil(s / 60))));
  const poll = async () => {
    let after = 5;
    try {
      const res = await fetch(d.statusUrl, { headers: { accept: "application/json" }, credentials: "same-origin", cache: "no-store" });
      if (res.ok) {
        const status = (await res.json()).data;
        if (status.state === "pre-queue") {
          window.setTimeout(poll, status.pollAfterSeconds * 1000);
          return;
        }
        if (status.state !== "waiting" || !position) {
          turn.textContent = d.admitted;
          window.location.assign(d.pageUrl);
          return;
        }
        const place = new Intl.NumberFormat(lang).format(status.position);
        if (position.textContent !== place) position.textContent = place;
        const w = words(status.estimatedWaitSeconds);
        if (wait.textContent !== w) wait.textContent = w;
        after = status.pollAfterSeconds;
      }
    } catch (e) {
      after = 5;
    }
    window.setTimeout(poll, after * 1000);
  };
  window.setTimeout(poll, Number(d.pollAfter) * 1000);
})();
`;

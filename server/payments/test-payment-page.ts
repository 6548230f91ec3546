import { parseCookie } from "cookie";
import { chooseLocale, type Locale, toSupportedLocale } from "../../domain/locale.ts";
import { formatEuro, type Cents } from "../../domain/money.ts";

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The test payment page's texts per locale (spec §1: en, nl, es). */
const TEXTS: Readonly<Record<Locale, Readonly<Record<"title" | "amount" | "method" | "settled" | "legend" | "pay" | "fail" | "cancel" | "pending" | "notFound", string>>>> = {
  en: {
    title: "Test payment",
    amount: "Amount to pay",
    method: "Payment method",
    settled: "This payment is already settled",
    legend: "Choose the outcome of this test payment",
    pay: "Pay",
    fail: "Fail",
    cancel: "Cancel",
    pending: "Leave pending",
    notFound: "Payment not found",
  },
  nl: {
    title: "Testbetaling",
    amount: "Te betalen bedrag",
    method: "Betaalmethode",
    settled: "Deze betaling is al afgehandeld",
    legend: "Kies de uitkomst van deze testbetaling",
    pay: "Betalen",
    fail: "Laten mislukken",
    cancel: "Annuleren",
    pending: "In behandeling laten",
    notFound: "Betaling niet gevonden",
  },
  es: {
    title: "Pago de prueba",
    amount: "Importe a pagar",
    method: "Método de pago",
    settled: "Este pago ya está liquidado",
    legend: "Elige el resultado de este pago de prueba",
    pay: "Pagar",
    fail: "Hacer fallar",
    cancel: "Cancelar",
    pending: "Dejar pendiente",
    notFound: "Pago no encontrado",
  },
};

/** The language tags of an Accept-Language header, most preferred first (q=0 dropped). */
export const acceptedLanguages = (header: string | undefined): string[] =>
  (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => l.tag !== "" && l.tag !== "*" && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);

/** The page's locale: a `lang` query the shop passes, then the shop's locale cookie, then Accept-Language, else en. spec §1. */
export const paymentPageLocale = (request: { lang?: unknown; cookieHeader?: string | undefined; acceptLanguage?: string | undefined }): Locale => {
  const fromQuery = typeof request.lang === "string" ? toSupportedLocale(request.lang) : null;
  if (fromQuery) return fromQuery;
  const cookie = request.cookieHeader ? (parseCookie(request.cookieHeader).locale ?? null) : null;
  return chooseLocale(cookie, acceptedLanguages(request.acceptLanguage));
};

/** The test provider's "payment not found" page in `locale`. */
export const paymentNotFoundPage = (locale: Locale = "en"): string =>
  `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${TEXTS[locale].notFound}</title></head><body><main><h1>${TEXTS[locale].notFound}</h1></main></body></html>`;

/** The test provider's accessible payment page in `locale` (spec §1): heading, amount (formatEuro of cents), four outcome buttons posting `outcome`. */
export const testPaymentPage = (input: { paymentId: string; amount: Cents; method: string; status: string; locale?: Locale }): string => {
  const locale = input.locale ?? "en";
  const t = TEXTS[locale];
  const action = `/test-payments/${encodeURIComponent(input.paymentId)}`;
  const settled = input.status !== "open";
  const button = (outcome: string, label: string) =>
    `<button type="submit" name="outcome" value="${outcome}">${label}</button>`;
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}button{font-size:1rem;margin:.25rem;padding:.5rem 1rem;min-height:44px}</style>
</head>
<body>
<main>
<h1>${t.title}</h1>
<p>${t.amount}: <strong>${escapeHtml(formatEuro(input.amount))}</strong></p>
<p>${t.method}: ${escapeHtml(input.method)}</p>
${settled ? `<p role="status">${t.settled} (${escapeHtml(input.status)}).</p>` : ""}
<form method="post" action="${escapeHtml(action)}">
<fieldset><legend>${t.legend}</legend>
${button("pay", t.pay)}
${button("fail", t.fail)}
${button("cancel", t.cancel)}
${button("pending", t.pending)}
</fieldset>
</form>
</main>
</body>
</html>`;
};

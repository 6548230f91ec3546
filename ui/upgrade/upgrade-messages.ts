import type { Locale } from "../../domain/locale.ts";

/**
 * The upgrade screen's texts in en, nl and es (spec §1, §8 4002, 4003, 4005, 4006): they load with the upgrade code,
 * not with every page (issue 12 first-load budget); UpgradeIntl merges them over the app's messages. 4004 (the
 * countdown, any page in upgrade mode) stays in ui/i18n/messages/checkout.*.json.
 */
export const UPGRADE_MESSAGES: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
  "en": {
    "upgrade.title": "Upgrade your order",
    "upgrade.chooseFirst": "Choose an upgrade to continue.",
    "upgrade.chosen": "Your upgrade is in your cart. Press Next to continue.",
    "error.4002.title": "This order has been upgraded already",
    "error.4002.body": "Your order has already been processed. Click the link in the e-mail again to see your order.",
    "error.4003.title": "Order not found",
    "error.4003.body": "We could not find the order to upgrade. Click the link in the e-mail again.",
    "error.4005.title": "No valid order number",
    "error.4005.body": "This link has no valid order number. Click the link in the e-mail again.",
    "error.4006.title": "No valid access code",
    "error.4006.body": "This link has no valid access code. Click the link in the e-mail again."
  },
  "nl": {
    "upgrade.title": "Upgrade je bestelling",
    "upgrade.chooseFirst": "Kies een upgrade om verder te gaan.",
    "upgrade.chosen": "Je upgrade staat in je winkelmand. Klik op Volgende om verder te gaan.",
    "error.4002.title": "Deze bestelling is al geüpgraded",
    "error.4002.body": "Je bestelling is al verwerkt. Klik opnieuw op de link in de e-mail om je bestelling te zien.",
    "error.4003.title": "Bestelling niet gevonden",
    "error.4003.body": "We konden de bestelling om te upgraden niet vinden. Klik opnieuw op de link in de e-mail.",
    "error.4005.title": "Geen geldig bestelnummer",
    "error.4005.body": "Deze link heeft geen geldig bestelnummer. Klik opnieuw op de link in de e-mail.",
    "error.4006.title": "Geen geldige toegangscode",
    "error.4006.body": "Deze link heeft geen geldige toegangscode. Klik opnieuw op de link in de e-mail."
  },
  "es": {
    "upgrade.title": "Mejora tu pedido",
    "upgrade.chooseFirst": "Elige una mejora para continuar.",
    "upgrade.chosen": "Tu mejora está en tu carrito. Pulsa Siguiente para continuar.",
    "error.4002.title": "Este pedido ya se ha mejorado",
    "error.4002.body": "Tu pedido ya se ha procesado. Vuelve a hacer clic en el enlace del correo para ver tu pedido.",
    "error.4003.title": "Pedido no encontrado",
    "error.4003.body": "No hemos encontrado el pedido que quieres mejorar. Vuelve a hacer clic en el enlace del correo.",
    "error.4005.title": "Número de pedido no válido",
    "error.4005.body": "Este enlace no tiene un número de pedido válido. Vuelve a hacer clic en el enlace del correo.",
    "error.4006.title": "Código de acceso no válido",
    "error.4006.body": "Este enlace no tiene un código de acceso válido. Vuelve a hacer clic en el enlace del correo."
  }
};

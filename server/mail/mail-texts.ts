import type { Locale } from "../../domain/locale.ts";
import type { FeeLine } from "./mail-facts.ts";

/*
 * The words of the shop's mails in en, nl and es (docs/mail.md "Templates"): one record per language, every field a
 * string or a function of the mail's values, so a missing text does not compile. Money and dates come formatted.
 */

/** The words every mail shares: the greeting and the footer. */
interface CommonTexts {
  readonly greeting: (firstName: string | null) => string;
  readonly footer: (shopTitle: string) => string;
  readonly logoAlt: (shopTitle: string) => string;
}

/** The order confirmation's words. spec §9. */
interface ConfirmationTexts {
  readonly subject: (reference: string, shopTitle: string) => string;
  readonly heading: string;
  readonly intro: (reference: string) => string;
  readonly caption: (reference: string) => string;
  readonly product: string;
  readonly quantity: string;
  readonly amount: string;
  readonly total: string;
  readonly fees: Readonly<Record<FeeLine, string>>;
  readonly addOnHeading: string;
  readonly addOnText: string;
  readonly addOnLink: (reference: string) => string;
  readonly lookupText: string;
  readonly lookupLink: string;
  readonly myFestivalText: string;
  readonly myFestivalLink: string;
}

/** The pending-payment note's words: the wait differs per language (spec §9: 30 minutes in Dutch, 2 hours in English). */
interface PendingTexts {
  readonly subject: (shopTitle: string) => string;
  readonly heading: string;
  readonly body: (total: string, shopTitle: string) => string;
  readonly noAction: string;
}

/** The add-on offer's words. */
interface OfferTexts {
  readonly subject: (extraName: string) => string;
  readonly heading: string;
  readonly body: (extraName: string, packageName: string, reference: string) => string;
  readonly until: (deadline: string) => string;
  readonly link: (extraName: string) => string;
  readonly after: string;
}

/** The upgrade link's words. */
interface UpgradeTexts {
  readonly subject: (shopTitle: string) => string;
  readonly heading: string;
  readonly body: (orderId: string) => string;
  readonly link: string;
}

/** All words of one language. */
export interface MailTexts {
  readonly common: CommonTexts;
  readonly confirmation: ConfirmationTexts;
  readonly pending: PendingTexts;
  readonly offer: OfferTexts;
  readonly upgrade: UpgradeTexts;
}

/** The mails' words per language (spec §1 languages en, nl, es). */
export const MAIL_TEXTS: Readonly<Record<Locale, MailTexts>> = {
  en: {
    common: {
      greeting: (name) => (name ? `Hi ${name},` : "Hello,"),
      footer: (shop) => `You receive this e-mail because of your order in the ${shop} shop. Keep it: its links open your order.`,
      logoAlt: (shop) => `${shop} logo`,
    },
    confirmation: {
      subject: (reference, shop) => `Your order #${reference} for ${shop}`,
      heading: "Thank you for your order",
      intro: (reference) => `We have received your payment. Your order number is #${reference}.`,
      caption: (reference) => `Order #${reference}`,
      product: "Product",
      quantity: "Quantity",
      amount: "Price",
      total: "Total",
      fees: { serviceFee: "Service fee", orderFee: "Order fee", touristTax: "Tourist tax", entertainmentTax: "Entertainment tax", shipping: "Shipping", refundProtection: "Refund protection", wishlistFee: "Wishlist fee", discount: "Discount" },
      addOnHeading: "Add extras to your order",
      addOnText: "Extras you buy later are added to this order:",
      addOnLink: (reference) => `Add extras to order #${reference}`,
      lookupText: "Find this order again with its number and your e-mail address:",
      lookupLink: "Look up your order",
      myFestivalText: "When you log in, all your orders are in My festival:",
      myFestivalLink: "My festival",
    },
    pending: {
      subject: (shop) => `We are processing your payment for ${shop}`,
      heading: "Your payment is being processed",
      body: (total, shop) => `The payment provider is still processing your payment of ${total} for ${shop}. Once it is confirmed you receive your order confirmation, within 2 hours.`,
      noAction: "You do not need to pay again.",
    },
    offer: {
      subject: (extra) => `${extra} is reserved for you`,
      heading: "Your add-on is reserved",
      body: (extra, pkg, reference) => `${extra} for ${pkg} came back in stock, and it is reserved for order #${reference}.`,
      until: (deadline) => `It stays reserved until ${deadline}.`,
      link: (extra) => `Add ${extra} to my order`,
      after: "After that it goes to the next person on the waiting list.",
    },
    upgrade: {
      subject: (shop) => `Upgrade your ${shop} order`,
      heading: "Upgrade your order",
      body: (orderId) => `Your order ${orderId} can be upgraded.`,
      link: "Choose your upgrade",
    },
  },
  nl: {
    common: {
      greeting: (name) => (name ? `Hoi ${name},` : "Hallo,"),
      footer: (shop) => `Je ontvangt deze e-mail door je bestelling in de shop van ${shop}. Bewaar hem: de links openen je bestelling.`,
      logoAlt: (shop) => `Logo van ${shop}`,
    },
    confirmation: {
      subject: (reference, shop) => `Je bestelling #${reference} voor ${shop}`,
      heading: "Bedankt voor je bestelling",
      intro: (reference) => `We hebben je betaling ontvangen. Je bestelnummer is #${reference}.`,
      caption: (reference) => `Bestelling #${reference}`,
      product: "Product",
      quantity: "Aantal",
      amount: "Prijs",
      total: "Totaal",
      fees: { serviceFee: "Servicekosten", orderFee: "Orderkosten", touristTax: "Toeristenbelasting", entertainmentTax: "Vermakelijkheidsretributie", shipping: "Verzendkosten", refundProtection: "Restitutiegarantie", wishlistFee: "Kosten verlanglijst", discount: "Korting" },
      addOnHeading: "Extra's toevoegen aan je bestelling",
      addOnText: "Extra's die je later koopt, komen bij deze bestelling:",
      addOnLink: (reference) => `Extra's toevoegen aan bestelling #${reference}`,
      lookupText: "Zoek deze bestelling terug met het bestelnummer en je e-mailadres:",
      lookupLink: "Bestelling opzoeken",
      myFestivalText: "Als je inlogt, staan al je bestellingen in Mijn festival:",
      myFestivalLink: "Mijn festival",
    },
    pending: {
      subject: (shop) => `We verwerken je betaling voor ${shop}`,
      heading: "Je betaling wordt verwerkt",
      body: (total, shop) => `De betaalprovider verwerkt je betaling van ${total} voor ${shop} nog. Zodra die is bevestigd, ontvang je je orderbevestiging, binnen 30 minuten.`,
      noAction: "Je hoeft niet opnieuw te betalen.",
    },
    offer: {
      subject: (extra) => `${extra} ligt voor je klaar`,
      heading: "Je extra ligt voor je klaar",
      body: (extra, pkg, reference) => `${extra} bij ${pkg} is weer op voorraad en ligt klaar voor bestelling #${reference}.`,
      until: (deadline) => `Hij blijft gereserveerd tot ${deadline}.`,
      link: (extra) => `${extra} toevoegen aan mijn bestelling`,
      after: "Daarna gaat hij naar de volgende op de wachtlijst.",
    },
    upgrade: {
      subject: (shop) => `Upgrade je bestelling voor ${shop}`,
      heading: "Upgrade je bestelling",
      body: (orderId) => `Je bestelling ${orderId} kan worden geüpgraded.`,
      link: "Kies je upgrade",
    },
  },
  es: {
    common: {
      greeting: (name) => (name ? `Hola, ${name}:` : "Hola:"),
      footer: (shop) => `Recibes este correo por tu pedido en la tienda de ${shop}. Guárdalo: sus enlaces abren tu pedido.`,
      logoAlt: (shop) => `Logotipo de ${shop}`,
    },
    confirmation: {
      subject: (reference, shop) => `Tu pedido #${reference} para ${shop}`,
      heading: "Gracias por tu pedido",
      intro: (reference) => `Hemos recibido tu pago. Tu número de pedido es #${reference}.`,
      caption: (reference) => `Pedido #${reference}`,
      product: "Producto",
      quantity: "Cantidad",
      amount: "Precio",
      total: "Total",
      fees: { serviceFee: "Gastos de gestión", orderFee: "Gastos de pedido", touristTax: "Tasa turística", entertainmentTax: "Impuesto de espectáculos", shipping: "Envío", refundProtection: "Protección de reembolso", wishlistFee: "Tarifa de lista de deseos", discount: "Descuento" },
      addOnHeading: "Añade extras a tu pedido",
      addOnText: "Los extras que compres más adelante se añaden a este pedido:",
      addOnLink: (reference) => `Añadir extras al pedido #${reference}`,
      lookupText: "Vuelve a encontrar este pedido con su número y tu dirección de correo electrónico:",
      lookupLink: "Buscar tu pedido",
      myFestivalText: "Cuando inicias sesión, todos tus pedidos están en Mi festival:",
      myFestivalLink: "Mi festival",
    },
    pending: {
      subject: (shop) => `Estamos procesando tu pago para ${shop}`,
      heading: "Tu pago se está procesando",
      body: (total, shop) => `El proveedor de pagos todavía está procesando tu pago de ${total} para ${shop}. En cuanto se confirme recibirás la confirmación de tu pedido, en un plazo de 2 horas.`,
      noAction: "No hace falta que vuelvas a pagar.",
    },
    offer: {
      subject: (extra) => `${extra} está reservado para ti`,
      heading: "Tu extra está reservado",
      body: (extra, pkg, reference) => `${extra} para ${pkg} vuelve a estar disponible y está reservado para el pedido #${reference}.`,
      until: (deadline) => `Sigue reservado hasta el ${deadline}.`,
      link: (extra) => `Añadir ${extra} a mi pedido`,
      after: "Después pasa a la siguiente persona de la lista de espera.",
    },
    upgrade: {
      subject: (shop) => `Mejora tu pedido para ${shop}`,
      heading: "Mejora tu pedido",
      body: (orderId) => `Tu pedido ${orderId} se puede mejorar.`,
      link: "Elige tu mejora",
    },
  },
};

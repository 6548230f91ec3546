import { renderToStaticMarkup } from "react-dom/server";
import { dateLocaleOf, type Locale } from "../../domain/locale.ts";
import { formatEuro, type Cents } from "../../domain/money.ts";
import { MY_FESTIVAL_PATH } from "../../domain/site-pages.ts";
import type { MailContent } from "./mail-facts.ts";
import { MAIL_TEXTS, type MailTexts } from "./mail-texts.ts";

/*
 * Renders a mail (docs/mail.md "Templates") from its facts in its language: one list of blocks per mail, written out
 * twice, as plain text and as accessible HTML (lang, a title, one h1 and h2 sections, a table with caption and header
 * cells, descriptive link texts, dark text on white). Links are the facts' paths under the shop's public origin.
 */

/** A rendered mail: subject, plain text and HTML (a whole document). */
export interface RenderedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

type Block =
  | { readonly kind: "p"; readonly text: string }
  | { readonly kind: "h2"; readonly text: string }
  | { readonly kind: "link"; readonly text: string; readonly href: string }
  | {
      readonly kind: "table";
      readonly caption: string;
      readonly head: readonly [string, string, string];
      readonly rows: ReadonlyArray<readonly [string, string, string]>;
      readonly total: readonly [string, string];
    };

interface MailDocument {
  readonly subject: string;
  readonly heading: string;
  readonly logo: { readonly src: string; readonly alt: string } | null;
  readonly blocks: ReadonlyArray<Block>;
  readonly footer: string;
}

/** An instant as the mails show it: the day in the language's date format and the time in Amsterdam, with CET (spec §1). */
const formatDeadline = (iso: string, locale: Locale): string =>
  `${new Intl.DateTimeFormat(dateLocaleOf(locale), { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Europe/Amsterdam" }).format(new Date(iso))} CET`;

const documentOf = (content: MailContent, texts: MailTexts, locale: Locale, origin: string): MailDocument => {
  const url = (path: string) => `${origin}${path}`;
  const { shopTitle } = content.facts;
  const logo = content.facts.logo ? { src: url(content.facts.logo), alt: texts.common.logoAlt(shopTitle) } : null;
  const footer = texts.common.footer(shopTitle);
  switch (content.kind) {
    case "order-confirmation": {
      const f = content.facts;
      const t = texts.confirmation;
      return {
        subject: t.subject(f.reference, shopTitle),
        heading: t.heading,
        logo,
        footer,
        blocks: [
          { kind: "p", text: texts.common.greeting(f.firstName) },
          { kind: "p", text: t.intro(f.reference) },
          {
            kind: "table",
            caption: t.caption(f.reference),
            head: [t.product, t.quantity, t.amount],
            rows: f.lines.map((line) => [line.fee ? t.fees[line.fee] : line.title, String(line.quantity), formatEuro(line.amount as Cents)] as const),
            total: [t.total, formatEuro(f.total as Cents)],
          },
          ...(f.addOnPath === null
            ? []
            : ([
                { kind: "h2", text: t.addOnHeading },
                { kind: "p", text: t.addOnText },
                { kind: "link", text: t.addOnLink(f.reference), href: url(f.addOnPath) },
              ] as const)),
          ...(f.lookupPath === null ? [] : ([{ kind: "p", text: t.lookupText }, { kind: "link", text: t.lookupLink, href: url(f.lookupPath) }] as const)),
          { kind: "p", text: t.myFestivalText },
          { kind: "link", text: t.myFestivalLink, href: url(MY_FESTIVAL_PATH) },
        ],
      };
    }
    case "payment-pending": {
      const f = content.facts;
      const t = texts.pending;
      return {
        subject: t.subject(shopTitle),
        heading: t.heading,
        logo,
        footer,
        blocks: [
          { kind: "p", text: texts.common.greeting(f.firstName) },
          { kind: "p", text: t.body(formatEuro(f.total as Cents), shopTitle) },
          { kind: "p", text: t.noAction },
        ],
      };
    }
    case "add-on-offer": {
      const f = content.facts;
      const t = texts.offer;
      return {
        subject: t.subject(f.extraName),
        heading: t.heading,
        logo,
        footer,
        blocks: [
          { kind: "p", text: texts.common.greeting(null) },
          { kind: "p", text: t.body(f.extraName, f.packageName, f.reference) },
          { kind: "p", text: t.until(formatDeadline(f.offerExpiresAt, locale)) },
          { kind: "link", text: t.link(f.extraName), href: url(f.linkPath) },
          { kind: "p", text: t.after },
        ],
      };
    }
    case "upgrade-link": {
      const f = content.facts;
      const t = texts.upgrade;
      return {
        subject: t.subject(shopTitle),
        heading: t.heading,
        logo,
        footer,
        blocks: [
          { kind: "p", text: texts.common.greeting(null) },
          { kind: "p", text: t.body(f.orderId) },
          ...(f.upgradeText === null ? [] : ([{ kind: "p", text: f.upgradeText }] as const)),
          { kind: "link", text: t.link, href: url(f.linkPath) },
        ],
      };
    }
  }
};

/** The plain-text part: heading, blocks (a link as its text and address on the next line, the table as aligned lines), footer. */
const textOf = (doc: MailDocument): string => {
  const parts: string[] = [doc.heading, ""];
  for (const block of doc.blocks) {
    if (block.kind === "p") parts.push(block.text, "");
    else if (block.kind === "h2") parts.push(block.text, "-".repeat(block.text.length));
    else if (block.kind === "link") parts.push(`${block.text}:`, block.href, "");
    else {
      parts.push(block.caption);
      for (const [title, quantity, amount] of block.rows) parts.push(`${quantity} × ${title}  ${amount}`);
      parts.push(`${block.total[0]}  ${block.total[1]}`, "");
    }
  }
  parts.push("--", doc.footer);
  return `${parts.join("\n")}\n`;
};

const INK = "#1a1a1a";
const LINK = "#0b57a4";
const cell = { padding: "6px 8px", borderBottom: "1px solid #d0d0d0", textAlign: "left" as const };
const amountCell = { ...cell, textAlign: "right" as const, whiteSpace: "nowrap" as const };

function BlockHtml({ block }: { block: Block }) {
  switch (block.kind) {
    case "p":
      return <p style={{ margin: "0 0 16px" }}>{block.text}</p>;
    case "h2":
      return <h2 style={{ fontSize: "20px", margin: "24px 0 8px" }}>{block.text}</h2>;
    case "link":
      return (
        <p style={{ margin: "0 0 20px" }}>
          <a href={block.href} style={{ color: LINK, fontWeight: 600, textDecoration: "underline" }}>
            {block.text}
          </a>
        </p>
      );
    case "table":
      return (
        <table style={{ borderCollapse: "collapse", width: "100%", margin: "0 0 20px" }}>
          <caption style={{ textAlign: "left", fontWeight: 600, padding: "0 0 8px" }}>{block.caption}</caption>
          <thead>
            <tr>
              <th scope="col" style={cell}>
                {block.head[0]}
              </th>
              <th scope="col" style={amountCell}>
                {block.head[1]}
              </th>
              <th scope="col" style={amountCell}>
                {block.head[2]}
              </th>
            </tr>
          </thead>
          <tbody>
            {block.rows.map(([title, quantity, amount], index) => (
              <tr key={index}>
                <th scope="row" style={{ ...cell, fontWeight: 400 }}>
                  {title}
                </th>
                <td style={amountCell}>{quantity}</td>
                <td style={amountCell}>{amount}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2} style={{ ...cell, borderBottom: "none" }}>
                {block.total[0]}
              </th>
              <td style={{ ...amountCell, borderBottom: "none", fontWeight: 700 }}>{block.total[1]}</td>
            </tr>
          </tfoot>
        </table>
      );
  }
}

function MailHtml({ doc, locale }: { doc: MailDocument; locale: Locale }) {
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{doc.subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: "#ffffff", color: INK, fontFamily: "Arial, Helvetica, sans-serif", fontSize: "16px", lineHeight: 1.5 }}>
        <main style={{ maxWidth: "600px", margin: "0 auto", padding: "24px 16px" }}>
          {doc.logo ? <img src={doc.logo.src} alt={doc.logo.alt} height={48} style={{ display: "block", margin: "0 0 16px" }} /> : null}
          <h1 style={{ fontSize: "26px", margin: "0 0 16px" }}>{doc.heading}</h1>
          {doc.blocks.map((block, index) => (
            <BlockHtml key={index} block={block} />
          ))}
        </main>
        <footer style={{ maxWidth: "600px", margin: "0 auto", padding: "0 16px 24px", color: "#4a4a4a", fontSize: "14px" }}>
          <p>{doc.footer}</p>
        </footer>
      </body>
    </html>
  );
}

/** Renders `content` in `locale` with its links under `origin` (the shop's public origin, no trailing slash). */
export const renderMail = (content: MailContent, locale: Locale, origin: string): RenderedMail => {
  const doc = documentOf(content, MAIL_TEXTS[locale], locale, origin);
  return { subject: doc.subject, text: textOf(doc), html: `<!DOCTYPE html>${renderToStaticMarkup(<MailHtml doc={doc} locale={locale} />)}` };
};

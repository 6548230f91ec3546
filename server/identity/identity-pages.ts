import type { Locale } from "../../domain/locale.ts";
import { DEMO_ACCOUNTS, type DemoAccount } from "./demo-accounts.ts";

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

type Key =
  | "title"
  | "intro"
  | "email"
  | "password"
  | "submit"
  | "failed"
  | "throttled"
  | "demo"
  | "demoPassword"
  | "logoutTitle"
  | "logoutBody"
  | "logoutYes"
  | "logoutNo"
  | "accountTitle"
  | "accountIntro"
  | "accountName"
  | "accountPhone"
  | "accountAddress"
  | "accountBirthdate"
  | "accountMembership"
  | "accountNoMembership"
  | "accountAnonymous"
  | "accountBack";

/** Texts of the identity provider's pages per locale (spec §1: en, nl, es). */
const TEXTS: Readonly<Record<Locale, Readonly<Record<Key, string>>>> = {
  en: {
    title: "Log in to your festival account",
    intro: "Log in with the e-mail address and password of your account.",
    email: "E-mail address",
    password: "Password",
    submit: "Log in",
    failed: "The e-mail address or password is not right. Try again.",
    throttled: "Too many wrong passwords. For your safety, logging in is paused: try again in {minutes} min.",
    demo: "Demo accounts",
    demoPassword: "password",
    logoutTitle: "Log out of your festival account?",
    logoutBody: "You are logged out of every shop that uses this account.",
    logoutYes: "Yes, log me out",
    logoutNo: "No, stay logged in",
    accountTitle: "Your festival account",
    accountIntro: "These are the details the festival shops fill in for you. A demo account's details are fixed.",
    accountName: "Name",
    accountPhone: "Phone number",
    accountAddress: "Address",
    accountBirthdate: "Date of birth",
    accountMembership: "Membership",
    accountNoMembership: "None",
    accountAnonymous: "You are not logged in. Log in from a shop's profile icon to see your account.",
    accountBack: "Back to the shop",
  },
  nl: {
    title: "Log in op je festivalaccount",
    intro: "Log in met het e-mailadres en wachtwoord van je account.",
    email: "E-mailadres",
    password: "Wachtwoord",
    submit: "Inloggen",
    failed: "Het e-mailadres of wachtwoord klopt niet. Probeer het opnieuw.",
    throttled: "Te vaak een verkeerd wachtwoord. Voor je veiligheid is inloggen even gepauzeerd: probeer het over {minutes} min. opnieuw.",
    demo: "Demo-accounts",
    demoPassword: "wachtwoord",
    logoutTitle: "Uitloggen van je festivalaccount?",
    logoutBody: "Je wordt uitgelogd in elke shop die dit account gebruikt.",
    logoutYes: "Ja, log me uit",
    logoutNo: "Nee, blijf ingelogd",
    accountTitle: "Je festivalaccount",
    accountIntro: "Dit zijn de gegevens die de festivalshops voor je invullen. De gegevens van een demo-account liggen vast.",
    accountName: "Naam",
    accountPhone: "Telefoonnummer",
    accountAddress: "Adres",
    accountBirthdate: "Geboortedatum",
    accountMembership: "Lidmaatschap",
    accountNoMembership: "Geen",
    accountAnonymous: "Je bent niet ingelogd. Log in via het profielicoon van een shop om je account te zien.",
    accountBack: "Terug naar de shop",
  },
  es: {
    title: "Inicia sesión en tu cuenta del festival",
    intro: "Inicia sesión con el correo electrónico y la contraseña de tu cuenta.",
    email: "Correo electrónico",
    password: "Contraseña",
    submit: "Iniciar sesión",
    failed: "El correo electrónico o la contraseña no son correctos. Inténtalo de nuevo.",
    throttled: "Demasiadas contraseñas incorrectas. Por tu seguridad, el inicio de sesión está en pausa: vuelve a intentarlo en {minutes} min.",
    demo: "Cuentas de demostración",
    demoPassword: "contraseña",
    logoutTitle: "¿Cerrar sesión en tu cuenta del festival?",
    logoutBody: "Se cerrará la sesión en todas las tiendas que usan esta cuenta.",
    logoutYes: "Sí, cerrar sesión",
    logoutNo: "No, seguir conectado",
    accountTitle: "Tu cuenta del festival",
    accountIntro: "Estos son los datos que las tiendas del festival rellenan por ti. Los datos de una cuenta de demostración son fijos.",
    accountName: "Nombre",
    accountPhone: "Teléfono",
    accountAddress: "Dirección",
    accountBirthdate: "Fecha de nacimiento",
    accountMembership: "Membresía",
    accountNoMembership: "Ninguna",
    accountAnonymous: "No has iniciado sesión. Inicia sesión desde el icono de perfil de una tienda para ver tu cuenta.",
    accountBack: "Volver a la tienda",
  },
};

// Dark text on white (over 4.5:1), a visible focus ring, 44 px targets (WCAG 2.2 target size).
const STYLE =
  "body{font-family:system-ui,sans-serif;color:#1a1a1a;background:#fff;max-width:28rem;margin:2rem auto;padding:0 1rem;line-height:1.5}" +
  "label{display:block;font-weight:600;margin-top:1rem}input{display:block;width:100%;box-sizing:border-box;font-size:1rem;padding:.5rem;min-height:44px;border:1px solid #555;border-radius:4px}" +
  "button{font-size:1rem;margin:1rem .5rem 0 0;padding:.5rem 1.25rem;min-height:44px;border-radius:4px;border:1px solid #1f3a93;background:#1f3a93;color:#fff;cursor:pointer}" +
  "button.secondary{background:#fff;color:#1f3a93}:focus-visible{outline:3px solid #b35900;outline-offset:2px}" +
  ".error{color:#a00000;font-weight:600}code{font-size:.95rem}dt{font-weight:600;margin-top:.75rem}dd{margin:0}a{color:#1f3a93;display:inline-block;min-height:44px;line-height:44px}";

const page = (locale: Locale, title: string, body: string): string => `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;

/**
 * The development login page in `locale` (spec §2 /login, §6): e-mail and password, the failure or throttled message,
 * and the demo accounts.
 */
export const loginPage = (input: { action: string; locale: Locale; failed?: boolean; throttledMinutes?: number; email?: string }): string => {
  const t = TEXTS[input.locale];
  const message = input.throttledMinutes !== undefined ? t.throttled.replace("{minutes}", String(input.throttledMinutes)) : input.failed ? t.failed : undefined;
  const failed = message !== undefined;
  const describedBy = failed ? ' aria-describedby="login-error" aria-invalid="true"' : "";
  const demo = DEMO_ACCOUNTS.map((a) => `<li><code>${escapeHtml(a.email)}</code></li>`).join("");
  return page(
    input.locale,
    t.title,
    `<h1>${t.title}</h1>
<p>${t.intro}</p>
${message ? `<p id="login-error" class="error" role="alert">${escapeHtml(message)}</p>` : ""}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<label for="login-email">${t.email}</label>
<input id="login-email" name="email" type="email" autocomplete="username" required value="${escapeHtml(input.email ?? "")}"${describedBy}${failed ? "" : " autofocus"}>
<label for="login-password">${t.password}</label>
<input id="login-password" name="password" type="password" autocomplete="current-password" required${describedBy}${failed ? " autofocus" : ""}>
<button type="submit">${t.submit}</button>
</form>
<section aria-labelledby="demo-accounts">
<h2 id="demo-accounts">${t.demo}</h2>
<p>${t.demoPassword}: <code>festival</code></p>
<ul>${demo}</ul>
</section>`,
  );
};

/** The logout confirmation page in `locale` (oidc-provider's logoutSource): `form` is the provider's hidden form (id op.logoutForm) the two buttons submit. spec §4 Login state. */
export const logoutPage = (input: { form: string; locale: Locale }): string => {
  const t = TEXTS[input.locale];
  return page(
    input.locale,
    t.logoutTitle,
    `<h1>${t.logoutTitle}</h1>
<p>${t.logoutBody}</p>
${input.form}
<button type="submit" form="op.logoutForm" value="yes" name="logout">${t.logoutYes}</button>
<button type="submit" form="op.logoutForm" class="secondary">${t.logoutNo}</button>`,
  );
};

/**
 * The development account page in `locale` (spec §2 Header, §6): the logged-in account's details as the shops prefill
 * them, or how to log in, and a link back.
 */
export const accountPage = (input: { account: DemoAccount | null; locale: Locale; back: string }): string => {
  const t = TEXTS[input.locale];
  const back = `<p><a href="${escapeHtml(input.back)}">${t.accountBack}</a></p>`;
  if (input.account === null) return page(input.locale, t.accountTitle, `<h1>${t.accountTitle}</h1>\n<p>${t.accountAnonymous}</p>\n${back}`);
  const { claims, membership } = input.account;
  const address = claims.address ? `${claims.address.street_address} ${claims.address.house_number}, ${claims.address.postal_code} ${claims.address.locality} (${claims.address.country})` : "";
  const rows: ReadonlyArray<readonly [string, string]> = [
    [t.accountName, `${claims.given_name} ${claims.family_name}`],
    [t.email, input.account.email],
    [t.accountPhone, claims.phone_number ?? ""],
    [t.accountAddress, address],
    [t.accountBirthdate, claims.birthdate],
    [t.accountMembership, membership.level ?? t.accountNoMembership],
  ];
  const list = rows.map(([term, value]) => `<dt>${term}</dt><dd>${escapeHtml(value) || "&mdash;"}</dd>`).join("");
  return page(input.locale, t.accountTitle, `<h1>${t.accountTitle}</h1>\n<p>${t.accountIntro}</p>\n<dl>${list}</dl>\n${back}`);
};

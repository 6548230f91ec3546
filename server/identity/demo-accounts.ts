import { timingSafeEqual } from "node:crypto";

/** Postal address claim of a demo account (OpenID Connect `address`, plus `house_number` for the checkout's streetNumber). */
export interface DemoAddress {
  readonly street_address: string;
  readonly house_number: string;
  readonly postal_code: string;
  readonly locality: string;
  readonly country: string;
}

/**
 * A demo account: login and password, the profile claims the checkout prefills (spec §3) and its membership (spec §4
 * Login state, §6).
 */
export interface DemoAccount {
  readonly accountId: string;
  readonly email: string;
  readonly password: string;
  readonly claims: {
    readonly given_name: string;
    readonly family_name: string;
    readonly gender: "male" | "female" | "other";
    readonly birthdate: string;
    readonly phone_number?: string;
    readonly address?: DemoAddress;
  };
  /** Membership status (0 = none) and level (null when none). */
  readonly membership: { readonly status: number; readonly level: string | null };
}

/** The demo accounts named in README ("Single sign-on"): one member, one without a membership, one with a thin profile. Password `festival` for all. */
export const DEMO_ACCOUNTS: ReadonlyArray<DemoAccount> = [
  {
    accountId: "acc-anna",
    email: "anna@example.com",
    password: "festival",
    claims: {
      given_name: "Anna",
      family_name: "de Vries",
      gender: "female",
      birthdate: "1999-04-12",
      phone_number: "+31612345678",
      address: { street_address: "Kerkstraat", house_number: "12", postal_code: "1017 GC", locality: "Amsterdam", country: "NL" },
    },
    membership: { status: 1, level: "gold" },
  },
  {
    accountId: "acc-sam",
    email: "sam@example.com",
    password: "festival",
    claims: {
      given_name: "Sam",
      family_name: "Visser",
      gender: "male",
      birthdate: "1994-09-30",
      phone_number: "+31687654321",
      address: { street_address: "Stationsplein", house_number: "3", postal_code: "3511 ED", locality: "Utrecht", country: "NL" },
    },
    membership: { status: 0, level: null },
  },
  {
    accountId: "acc-lucia",
    email: "lucia@example.com",
    password: "festival",
    claims: { given_name: "Lucía", family_name: "García", gender: "female", birthdate: "2001-01-20" },
    membership: { status: 1, level: "silver" },
  },
];

/** The account with this id, or undefined. */
export const findDemoAccount = (accountId: string): DemoAccount | undefined => DEMO_ACCOUNTS.find((a) => a.accountId === accountId);

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The account whose e-mail (case-insensitive, trimmed) and password match, or undefined. */
export const authenticateDemoAccount = (email: string, password: string): DemoAccount | undefined => {
  const account = DEMO_ACCOUNTS.find((a) => a.email === email.trim().toLowerCase());
  return account && sameText(account.password, password) ? account : undefined;
};

/** The OpenID Connect claims of an account (scopes filter them): sub, e-mail, profile, phone and address. */
export const accountClaims = (account: DemoAccount): Record<string, unknown> => ({
  sub: account.accountId,
  email: account.email,
  email_verified: true,
  name: `${account.claims.given_name} ${account.claims.family_name}`,
  ...account.claims,
  ...(account.claims.phone_number ? { phone_number_verified: true } : {}),
});

import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Where `npm start` keeps the notice admin token it generated (read by `npm run contracts:verify` on this machine). */
export const NOTICE_TOKEN_FILE = path.join(".data", "notice-admin-token");

/**
 * NOTICE_ADMIN_TOKEN for PUT /api/notice: the environment's, else one kept in .data/notice-admin-token (owner-only),
 * created when missing.
 */
export const noticeAdminToken = (): string => {
  const fromEnv = process.env["NOTICE_ADMIN_TOKEN"];
  if (fromEnv) return fromEnv;
  if (existsSync(NOTICE_TOKEN_FILE)) return readFileSync(NOTICE_TOKEN_FILE, "utf8").trim();
  const token = randomBytes(24).toString("base64url");
  mkdirSync(path.dirname(NOTICE_TOKEN_FILE), { recursive: true });
  writeFileSync(NOTICE_TOKEN_FILE, token, { mode: 0o600 });
  return token;
};


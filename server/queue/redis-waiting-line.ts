import type Redis from "ioredis";
import { closeRedis, redisClient } from "../cluster/redis-client.ts";
import { lineCapacity, type LineState, type WaitingLine } from "./waiting-line.ts";

/*
 * The join step of waiting-line.ts projectLine (joining = 1) as one Lua script, so drawing a ticket and moving the
 * front is atomic in Redis for every worker. KEYS[1]: the line's hash (last, admitted, tokens, refilled);
 * ARGV: now (ms since epoch), admissions per minute, bucket capacity. Returns {ticket, admitted, tokens, refilled} as
 * strings (%.17g keeps every double exactly).
 */
const JOIN_SCRIPT = `
local now = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local capacity = tonumber(ARGV[3])
local v = redis.call('HMGET', KEYS[1], 'last', 'admitted', 'tokens', 'refilled')
local last = tonumber(v[1]) or 0
local admitted = tonumber(v[2]) or 0
local tokens = tonumber(v[3]) or capacity
local refilled = tonumber(v[4]) or now
local function admit(t)
  local n = math.max(0, math.min(math.floor(t), last - admitted))
  admitted = admitted + n
  t = t - n
  if admitted == last then t = math.min(t, capacity) end
  return t
end
tokens = admit(tokens + math.max(0, now - refilled) * rate / 60000)
last = last + 1
tokens = admit(tokens)
refilled = math.max(refilled, now)
local f = function(x) return string.format('%.17g', x) end
redis.call('HSET', KEYS[1], 'last', f(last), 'admitted', f(admitted), 'tokens', f(tokens), 'refilled', f(refilled))
return {f(last), f(admitted), f(tokens), f(refilled)}
`;

/** Hands the first token of a ticket: SET NX until keepUntil (ms since epoch), else the one set before. KEYS[1]: the ticket's key; ARGV: token, keepUntil. */
const REDEEM_SCRIPT = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PXAT', ARGV[2]) then return ARGV[1] end
return redis.call('GET', KEYS[1])
`;

type LineRedis = Redis & {
  joinLine(key: string, now: string, rate: string, capacity: string): Promise<string[]>;
  redeemTicket(key: string, token: string, keepUntil: string): Promise<string>;
};

const toState = ([last, admitted, tokens, refilled]: ReadonlyArray<string | null | undefined>): LineState => ({
  lastTicket: Number(last),
  admitted: Number(admitted),
  tokens: Number(tokens),
  refilledAtMs: Number(refilled),
});

/**
 * The waiting line in Redis (REDIS_URL; keys under REDIS_KEY_PREFIX): one hash per shop, `{prefix}waiting-room:{slug}`,
 * changed only by the atomic join script; reading a place is one HMGET. Redemptions are keys
 * `{prefix}waiting-room:{slug}:ticket:{n}` that expire by themselves. Rejects (the route answers 503) while Redis is away.
 */
export const redisWaitingLine = (redisUrl: string, admitPerMinute: number, keyPrefix = ""): WaitingLine => {
  // Every command through the server's one Redis client: a short command timeout, so a hung Redis costs a bounded wait.
  const redis = redisClient(redisUrl) as LineRedis;
  redis.defineCommand("joinLine", { numberOfKeys: 1, lua: JOIN_SCRIPT });
  redis.defineCommand("redeemTicket", { numberOfKeys: 1, lua: REDEEM_SCRIPT });
  const lineKey = (shopSlug: string) => `${keyPrefix}waiting-room:${shopSlug}`;
  return {
    join: async (shopSlug, nowMs) => {
      const line = toState(await redis.joinLine(lineKey(shopSlug), String(nowMs), String(admitPerMinute), String(lineCapacity(admitPerMinute))));
      return { ticket: line.lastTicket, line };
    },
    read: async (shopSlug) => {
      const values = await redis.hmget(lineKey(shopSlug), "last", "admitted", "tokens", "refilled");
      return values[0] === null ? undefined : toState(values);
    },
    redeem: (shopSlug, ticket, token, keepUntil) => redis.redeemTicket(`${lineKey(shopSlug)}:ticket:${ticket}`, token, String(keepUntil.getTime())),
    sweep: async () => undefined,
    close: () => closeRedis(redis),
  };
};

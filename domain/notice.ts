/** Period of the notice poll in milliseconds (60 s). spec §9 "Notice polling 60 s". */
export const NOTICE_POLL_INTERVAL_MS = 60_000;

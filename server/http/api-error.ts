/** The failure envelope `{error:{code,message}}` of docs/shop-api.md (`extra` adds fields to `error`). */
export const errorBody = (code: string, message: string, extra: Readonly<Record<string, unknown>> = {}) => ({ error: { code, message, ...extra } });

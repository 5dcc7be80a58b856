/**
 * What a non-admin sees in place of a secret URL's path (the webhook_url of app/config): the gateway
 * writes it (lib/server/gateway/mask.ts) and the settings form recognises it.
 */
export const MASKED_PATH = '/•••';

// `npm run serve:purger`: the edge purger (server/edge/purger.ts), a webhook receiver that purges the
// edge cache when editors publish. PORT (default 3005), CACHE_URL (the cache, e.g.
// http://127.0.0.1:6081), WEBHOOK_SECRET (the secret the webhook was created with).

import { startPurger } from './purger.ts'

const { CACHE_URL: cacheUrl, WEBHOOK_SECRET: secret } = process.env
if (!cacheUrl || !/^https?:\/\/[^/\s]+\/?$/.test(cacheUrl) || !secret) {
  console.error('Set CACHE_URL to the edge cache (e.g. http://127.0.0.1:6081) and WEBHOOK_SECRET to the webhook\'s secret')
  process.exit(2)
}
const purger = await startPurger({ port: Number(process.env.PORT ?? 3005), host: process.env.HOST ?? '127.0.0.1', cacheUrl, secret }, (line) => console.log(line))
console.log(`Resonance's edge purger is listening at ${purger.url}/purge, purging ${cacheUrl}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void purger.close().then(() => process.exit(0)))

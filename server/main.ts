// `npm start` / `npm run serve`: the content service, the API and the built app on one origin.

import { loadConfig } from './config.ts'
import { startService } from './service.ts'

const config = loadConfig()
const service = await startService(config, (line) => console.log(line))
const shown = config.host === '127.0.0.1' ? `http://localhost:${service.port}` : service.url
console.log(`Resonance is serving at ${shown} (data in ${config.dataDir}, dataset "${config.dataset}")`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void service.close().then(() => process.exit(0))
  })
}

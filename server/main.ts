// `npm start` / `npm run serve`: the content service, the API and the built app on one origin.
//
// UV_THREADPOOL_SIZE is not set here although sign-in's scrypt and image renders share libuv's
// pool: libuv sizes the pool when it first starts, and the module loader has started it before
// this module runs (it reads the modules with asynchronous file reads), so a value set here would
// change nothing. scripts/start.mjs puts it in the environment this process starts with, and the
// service keeps its renders below whatever pool it finds (server/media/images.ts renderSlots).

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

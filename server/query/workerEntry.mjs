// Entry of the service's worker threads. A worker starts as plain Node whatever started the
// service (tsx for `npm start`, vitest in the tests), so it first teaches itself TypeScript, then
// loads the module it was started for.
import { register } from 'tsx/esm/api'
import { workerData } from 'node:worker_threads'

register()
await import(workerData.module)

// The listen endpoint: a stream of server-sent events for the transactions a filter matches. What a
// listener receives is decided by `server/live/listeners.ts` and `server/access/visibility.ts`; this opens and closes streams.

import { ApiError, typedError } from '../errors.ts'
import { randomId } from '../store/ids.ts'
import { parseParam } from '../input.ts'
import type { ListenOptions } from '../live/listeners.ts'
import { modernVersion } from '../query/engine.ts'
import type { ApiDeps, Context } from './route.ts'
import { watchPresence } from './presence.ts'

export function listen(deps: ApiDeps) {
  const { store, queries, hub, config } = deps
  return async (ctx: Context): Promise<void> => {
    const { req, res, url, params: { version, dataset }, who, address } = ctx
    store.dataset(dataset!)
    const anonymous = who() === null
    const q = url.searchParams.get('query') ?? ''
    const params: Record<string, unknown> = {}
    let problem: string | null = null
    for (const [name, value] of url.searchParams) {
      if (!name.startsWith('$')) continue
      try {
        params[name.slice(1)] = parseParam(name, value)
      } catch (error) {
        problem = (error as Error).message
      }
    }
    const options: ListenOptions = {
      // Absent means false: the client drops false options from the query string.
      includeResult: url.searchParams.get('includeResult') === 'true',
      includePreviousRevision: url.searchParams.get('includePreviousRevision') === 'true',
      includeMutations: url.searchParams.get('includeMutations') !== 'false',
      publishedOnly: modernVersion(version!) && url.searchParams.get('includeAllVersions') !== 'true',
      anonymous,
      visibility: url.searchParams.get('visibility') === 'transaction' ? 'transaction' : 'query',
    }
    let failure: unknown = problem ? typedError(400, 'invalidParameterError', problem) : q.trim() === '' ? typedError(400, 'invalidQueryError', 'Missing "query" (the listener filter)') : null
    // A filter others already listen to is known to be valid: a thousand open homepages are checked once.
    if (!failure && !hub.has(dataset!, q, params)) {
      try {
        await queries.checkFilter(q, params, { anonymous }, address())
      } catch (error) {
        failure = error
      }
      // The reader may have gone while the filter was checked; then there is no one to add.
      if (res.destroyed) return
    }
    let closed = false
    const send = (event: string, id: string | null, json: string) => {
      if (!closed) res.write(`event: ${event}\n${id ? `id: ${id}\n` : ''}data: ${json}\n\n`)
    }
    // A service holding all the listeners it may refuses here, before the stream opens, with a JSON 503.
    const remove = failure
      ? () => {}
      : hub.add(
          {
            dataset: dataset!,
            options,
            send,
            close: (event, json) => {
              send(event, null, json)
              closed = true
              res.end()
            },
          },
          q,
          params,
        )
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    })
    res.flushHeaders()
    const write = (event: string, id: string | null, data: unknown) => send(event, id, JSON.stringify(data))
    if (failure) {
      // Errors of the filter itself are the stream's first event, as the Content Lake sends them.
      const body = failure instanceof ApiError ? failure.body : { error: { description: String(failure) } }
      write('channelError', null, 'error' in body && typeof body.error === 'object' ? { message: body.error.description, error: body.error } : body)
      res.end()
      return
    }
    write('welcome', null, { listenerName: randomId() })
    // Who else has the article open, for a signed-in writer's form that asked (server/http/presence.ts).
    const unwatch = watchPresence(deps, ctx, (event, json) => send(event, null, json))
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), config.listenKeepAliveMs)
    await new Promise<void>((resolve) => {
      const done = () => {
        clearInterval(keepAlive)
        unwatch()
        remove()
        resolve()
      }
      req.on('close', done)
      res.on('error', done)
    })
  }
}

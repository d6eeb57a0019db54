// Starts a real content service on a free port over a fresh data directory, for tests.

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, type ClientRequest } from 'node:http'
import type { Socket } from 'node:net'
import { createClient, requester, type SanityClient } from '@sanity/client'
import { loadConfig, type Config } from '../../server/config.ts'
import { openParts, prepare, startService, type Service } from '../../server/service.ts'
import { morningAwayFromNow } from './morning.ts'

export interface TestService extends Service {
  config: Config
  dataDir: string
  /** An anonymous client (published content only), with retries off so failures surface at once. */
  client(options?: Omit<TestClientOptions, 'apiHost' | 'projectId' | 'dataset'>): SanityClient
  /** Signs in as the admin user created on first start and returns the bearer token. */
  adminToken(): Promise<string>
  stop(): Promise<void>
}

/** How a test client is made: the service's address and the options `TestService.client` takes. */
export interface TestClientOptions {
  apiHost: string
  projectId: string
  dataset: string
  token?: string
  apiVersion?: string
  perspective?: 'published' | 'drafts' | 'raw'
}

type Middleware = Parameters<typeof requester.use>[0]
/** What each idle keep-alive socket had read when its last answer was done (Agent's 'free' event). */
const readWhenFree = new WeakMap<Socket, number>()
const watchedAgents = new WeakSet<Agent>()

/**
 * One more try for a request whose keep-alive socket the service closed under it. The client keeps
 * sockets open between requests, and the service closes one after 65 s idle (server/service.ts): a
 * socket reused at that moment is reset before the request is read, and a test that waited a minute
 * (an audit, a long browser check) would fail on it. It is tried again once, on another socket, only
 * when all of these hold: the socket was reused, it was reset, and not one byte of an answer had come
 * since (so the service cannot have answered it); an HTTP error is an answer and is never repeated.
 * Only reads are repeated (GET, HEAD, and a query sent as POST because it is long): a mutation or an
 * upload the service had read just as the socket failed could have been committed, and repeating it
 * could write it twice, so its failure is the test's to see.
 */
const retryResetOnReusedSocket: Middleware = {
  finalizeOptions: (options) => {
    const agent: unknown = 'agent' in options ? options.agent : undefined
    if (agent instanceof Agent && !watchedAgents.has(agent)) {
      watchedAgents.add(agent)
      agent.on('free', (socket: Socket) => readWhenFree.set(socket, socket.bytesRead))
    }
    return options
  },
  onError: (error, context) => {
    const { options } = context
    const request = (error as { request?: ClientRequest } | null)?.request
    const socket = request?.socket
    const read = options.method === 'GET' || options.method === 'HEAD' || (options.method === 'POST' && /\/data\/query\//.test(new URL(options.url).pathname))
    const lost = (error as NodeJS.ErrnoException | null)?.code === 'ECONNRESET' && request?.reusedSocket === true && socket != null && socket.bytesRead === readWhenFree.get(socket)
    if (!read || !lost || (options.attemptNumber ?? 0) > 0) return error
    setImmediate(() => context.channels.request.publish({ ...context, options: { ...options, attemptNumber: 1 } }))
    return null
  },
}
const testRequester = requester.clone().use(retryResetOnReusedSocket)

/** A client of a service, with retries off so failures surface at once (but see retryResetOnReusedSocket). */
export function testClient(options: TestClientOptions): SanityClient {
  return createClient({
    apiHost: options.apiHost,
    useProjectHostname: false,
    projectId: options.projectId,
    dataset: options.dataset,
    apiVersion: options.apiVersion ?? '2023-05-03',
    useCdn: false,
    maxRetries: 0,
    token: options.token,
    perspective: options.perspective,
    requester: testRequester,
  })
}

export const testAdmin = { email: 'admin@resonance.test', password: 'correct horse battery' }

function testConfig(env: Record<string, string>, dataDir: string): Config {
  return loadConfig({
    PORT: '0',
    SEED: 'none',
    ADMIN_EMAIL: testAdmin.email,
    ADMIN_PASSWORD: testAdmin.password,
    STATIC_DIR: join(dataDir, 'no-static'),
    NEWSLETTER_MORNING_TIME: morningAwayFromNow(),
    ...env,
    DATA_DIR: dataDir,
  })
}

/**
 * Fills `dataDir` as a service's first start with these settings would (the dataset, the admin user,
 * the demo newspaper with SEED=demo) without serving anything, and closes it again, so that copies
 * of the directory start as that service restarted.
 */
export async function prepareDataDir(dataDir: string, env: Record<string, string> = {}): Promise<void> {
  const config = testConfig(env, dataDir)
  const parts = openParts(config)
  try {
    await prepare(parts, config)
  } finally {
    parts.store.close()
    parts.auth.close()
  }
}

export async function startTestService(env: Record<string, string> = {}): Promise<TestService> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'resonance-test-'))
  const config = testConfig(env, dataDir)
  const service = await startService(config)
  const base = `http://127.0.0.1:${service.port}`
  let token: string | null = null
  return {
    ...service,
    url: base,
    config,
    dataDir,
    client: (options = {}) => testClient({ ...options, apiHost: base, projectId: config.projectId, dataset: config.dataset }),
    adminToken: async () => {
      if (token) return token
      const res = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(testAdmin),
      })
      if (!res.ok) throw new Error(`Admin sign-in failed: ${res.status} ${await res.text()}`)
      token = ((await res.json()) as { access_token: string }).access_token
      return token
    },
    stop: async () => {
      await service.close()
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

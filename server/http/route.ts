// What a route of the HTTP layer is: a method, a path, who may call it, and what it does. The table
// of every route, with its access, is `routes.ts`.

import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Assets } from '../media/assets.ts'
import type { FeedCache } from '../feeds/cache.ts'
import type { Auth, Principal } from '../access/auth.ts'
import type { ImageServer } from '../media/images.ts'
import type { ListenerHub } from '../live/listeners.ts'
import type { PresenceBook } from '../live/presence.ts'
import type { QueryEngine } from '../query/engine.ts'
import type { Store } from '../store/store.ts'
import type { Webhooks } from '../webhooks/webhooks.ts'
import type { ReaderDesk } from '../readers/desk.ts'
import type { Scheduling } from '../schedules/runner.ts'
import type { Newsletters } from '../newsletters/newsletters.ts'
import type { SubmissionPage } from './readers.ts'
import type { ReadsDeps } from './reads.ts'
import type { ContentEnv } from '../../shared/contentConfig.ts'
import type Database from 'better-sqlite3'

export interface ApiConfig {
  projectId: string
  corsOrigins: string[]
  publicUrl: string | null
  maxBodyBytes: number
  maxUploadBytes: number
  listenKeepAliveMs: number
  /** Proxies whose `X-Forwarded-For` names the client (TRUSTED_PROXIES); see client.ts. */
  trustedProxies: string[]
  /** Whether the demo credentials may be shown on the sign-in page. */
  demoCredentials: { email: string; password: string } | null
  /** The VITE_SANITY_* settings the app was built with: feeds read the dataset and images the pages do. */
  appContent: ContentEnv
}

export interface ApiDeps {
  store: Store
  queries: QueryEngine
  hub: ListenerHub
  auth: Auth
  assets: Assets
  images: ImageServer
  config: ApiConfig
  /** Contact messages, subscribers and the outbox. */
  readers: ReaderDesk
  /** Newsletter editions: composed, queued and sent (server/newsletters). */
  newsletters: Newsletters
  /** Feeds and sitemaps built once per content revision. */
  feeds: FeedCache
  /** Schedules that publish and unpublish documents at a set time (server/schedules). */
  schedules: Scheduling
  /** Renders a reader form's page again with what could not be taken; null when pages are left to the browser. */
  renderSubmission: SubmissionPage | null
  /** Webhooks and their delivery log (server/webhooks). */
  webhooks: Webhooks
  /** Who has which article open in the admin's form (server/live/presence.ts). */
  presence: PresenceBook
  /** audience.db: the reads counted, as aggregates (server/audience). */
  audienceDb: Database.Database
  /** Counting reads (POST /reads, server/audience/); without it the beacon is not answered. */
  reads?: ReadsDeps
}

/**
 * Who may call a route. `anyone`: readers without a token too; what they read is filtered by
 * `server/access/visibility.ts`. `signedIn`: any valid session or token. `writer`: a principal whose role may
 * write anything (`shared/roles.ts` writerRoles); `drafter`: one who may at least write drafts
 * (draftWriterRoles: writers and contributors; the route itself decides which documents), both
 * refused with the Content Lake's insufficientPermissions error. `admin`: one who may manage people
 * (peopleRoles), refused with a 403.
 */
export type Access = 'anyone' | 'signedIn' | 'drafter' | 'writer' | 'admin'

export interface Context {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  /** The path's named parts, percent-decoded. */
  params: Record<string, string>
  /** Who holds the request's bearer token; null without one. A bad token is a 401. */
  who(): Principal | null
  /** The address the request comes from, for limits kept per address (client.ts). */
  address(): string
  /** The request body as JSON, read once, within `limit` bytes (default: MAX_BODY_BYTES). */
  json(limit?: number): Promise<unknown>
}

export interface Route {
  methods: readonly string[]
  /** Matched against the whole path; named groups become `params`. */
  path: RegExp
  access: Access
  /** For `writer` and `drafter` routes: the Content Lake permission a refusal names (create, update, delete). */
  permission?: (ctx: Context) => Promise<string>
  handle(ctx: Context): Promise<void>
  /** The path is also a reader's page: other methods than the route's go on to the page, not a 405. */
  page?: boolean
  /**
   * Answered as soon as the request arrives, before what every other request goes through (the
   * check for another process's writes, parsing the URL, the route table): for the read beacon,
   * sent far more often than anything else. Only for routes anyone may call.
   */
  early?: boolean
}

// Every route of the service, with who may call it: "who may do this?" is answered here and only
// here. Reads are open to anyone, and what each reader sees is decided by `server/access/visibility.ts`; every
// write needs a writer's role, checked by the handler before the route runs.

import { doc, mutate, mutatePermission, query } from './data.ts'
import { historyDeleted, historyDocuments, historyIdentities, historyTransactions } from './history.ts'
import { authorRss, categoryRss, liveBlogRss, monthSitemapXml, newsSitemapXml, pagesSitemapXml, paperRss, robots, sitemapIndexXml } from './feeds.ts'
import { listen } from './listen.ts'
import { audienceHandlers } from './audience.ts'
import { announcePresence, leavePresence } from './presence.ts'
import { addPerson, changeRole, endSessions, listPeople, removePerson, resetPassword } from './people.ts'
import { file, image, upload } from './media.ts'
import {
  confirmSubscription,
  contactForm,
  inbox,
  markMessage,
  newsletterPreferences,
  preferencesPage,
  outbox,
  saveNewsletterPreferences,
  subscribeForm,
  subscribers,
  subscribersCsv,
  unsubscribe,
} from './readers.ts'
import { reads } from './reads.ts'
import { cancelSchedule, createEdition, deleteEdition, editionDeliveries, getEdition, listEditions, previewDocument, previewEdition, sendEdition, testEdition, updateEdition } from './newsletters.ts'
import { sendJson } from './respond.ts'
import { search } from './search.ts'
import { createSchedule, deleteSchedule, getSchedule, listSchedules, runSchedule, updateSchedule } from './schedules.ts'
import type { ApiDeps, Route } from './route.ts'
import { login, logout, me, signInConfig } from './session.ts'
import { addWebhook, changeWebhook, deleteWebhook, listWebhooks, webhookDeliveries } from './webhooks.ts'

const GET = ['GET', 'HEAD'] as const
const read = async () => 'read'
const publish = async () => 'publish'
const api = (rest: string) => new RegExp(`^/v(?<version>1|X|\\d{4}-\\d{2}-\\d{2})/${rest}/?$`)

function newsletterRoutes({ newsletters, config }: ApiDeps): Route[] {
  const edition = (rest = '') => new RegExp(`^/newsroom/newsletters/(?<id>[^/]+)${rest}$`)
  const write = async () => 'update'
  return [
    // A preview's HTML for the admin's frame: anyone holding the signed address an editor was given, for an hour.
    { methods: GET, path: /^\/newsletters\/preview$/, access: 'anyone', handle: previewDocument(newsletters, config) },
    { methods: GET, path: /^\/newsroom\/newsletters$/, access: 'writer', permission: read, handle: listEditions(newsletters) },
    { methods: ['POST'], path: /^\/newsroom\/newsletters$/, access: 'writer', permission: async () => 'create', handle: createEdition(newsletters) },
    { methods: GET, path: edition('/preview'), access: 'writer', permission: read, handle: previewEdition(newsletters) },
    { methods: ['POST'], path: edition('/test'), access: 'writer', permission: write, handle: testEdition(newsletters) },
    { methods: ['POST'], path: edition('/send'), access: 'writer', permission: write, handle: sendEdition(newsletters) },
    { methods: ['DELETE'], path: edition('/schedule'), access: 'writer', permission: write, handle: cancelSchedule(newsletters) },
    { methods: GET, path: edition('/deliveries'), access: 'writer', permission: read, handle: editionDeliveries(newsletters) },
    { methods: GET, path: edition(), access: 'writer', permission: read, handle: getEdition(newsletters) },
    { methods: ['PATCH'], path: edition(), access: 'writer', permission: write, handle: updateEdition(newsletters) },
    { methods: ['DELETE'], path: edition(), access: 'writer', permission: async () => 'delete', handle: deleteEdition(newsletters) },
  ]
}

export function routeTable(deps: ApiDeps): Route[] {
  const allowed = new Set(deps.config.corsOrigins)
  const audience = audienceHandlers(deps.store, () => deps.audienceDb)
  return [
    { methods: [...GET, 'POST'], path: api('data/query/(?<dataset>[^/]+)'), access: 'anyone', handle: query(deps) },
    // Contributors may call mutate too; the handler lets them write drafts of articles only.
    { methods: ['POST'], path: api('data/mutate/(?<dataset>[^/]+)'), access: 'drafter', permission: mutatePermission, handle: mutate(deps) },
    { methods: GET, path: api('data/doc/(?<dataset>[^/]+)/(?<ids>.+?)'), access: 'anyone', handle: doc(deps) },
    // The /search page's search over the index of published articles (server/search): not part of Sanity's API.
    { methods: GET, path: api('search/(?<dataset>[^/]+)'), access: 'anyone', handle: search(deps) },
    { methods: GET, path: api('data/listen/(?<dataset>[^/]+)'), access: 'anyone', handle: listen(deps) },
    // History shows drafts and private documents as they were: signed-in principals only.
    { methods: GET, path: api('data/history/(?<dataset>[^/]+)/documents/(?<ids>.+?)'), access: 'signedIn', handle: historyDocuments(deps) },
    { methods: GET, path: api('data/history/(?<dataset>[^/]+)/transactions/(?<ids>.+?)'), access: 'signedIn', handle: historyTransactions(deps) },
    // The admin's History panel and Recently deleted list: who wrote a revision, and what was deleted.
    { methods: GET, path: api('data/history/(?<dataset>[^/]+)/deleted'), access: 'signedIn', handle: historyDeleted(deps) },
    { methods: GET, path: /^\/newsroom\/identities\/(?<ids>[^/]+)$/, access: 'signedIn', handle: historyIdentities(deps) },
    { methods: ['POST'], path: api('assets/(?<kind>images|files)/(?<dataset>[^/]+)'), access: 'drafter', permission: async () => 'create', handle: upload(deps) },
    {
      methods: GET,
      path: api('check/cors'),
      access: 'anyone',
      handle: async ({ req, res }) => {
        const origin = req.headers.origin
        sendJson(res, 200, { result: { allowed: !origin || allowed.has(origin), withCredentials: true } })
      },
    },
    // The Scheduling API (server/http/schedules.ts). Everything that decides when a document goes
    // live or comes down is for writers only and names the 'publish' permission, which a role that
    // may only write drafts lacks; contributors may read the schedules, so the article list tells
    // them when an editor's publish of their draft is due.
    { methods: GET, path: api('schedules/(?<projectId>[^/]+)/(?<dataset>[^/]+)'), access: 'drafter', permission: read, handle: listSchedules(deps) },
    { methods: ['POST'], path: api('schedules/(?<projectId>[^/]+)/(?<dataset>[^/]+)'), access: 'writer', permission: publish, handle: createSchedule(deps) },
    { methods: GET, path: api('schedules/(?<projectId>[^/]+)/(?<dataset>[^/]+)/(?<scheduleId>[^/]+)'), access: 'drafter', permission: read, handle: getSchedule(deps) },
    { methods: ['PATCH'], path: api('schedules/(?<projectId>[^/]+)/(?<dataset>[^/]+)/(?<scheduleId>[^/]+)'), access: 'writer', permission: publish, handle: updateSchedule(deps) },
    { methods: ['DELETE'], path: api('schedules/(?<projectId>[^/]+)/(?<dataset>[^/]+)/(?<scheduleId>[^/]+)'), access: 'writer', permission: publish, handle: deleteSchedule(deps) },
    { methods: ['POST'], path: api('schedules/(?<projectId>[^/]+)/(?<dataset>[^/]+)/(?<scheduleId>[^/]+)/publish'), access: 'writer', permission: publish, handle: runSchedule(deps) },
    // Presence in the article form (server/http/presence.ts): signed-in writers of drafts only; the
    // handler refuses a viewer with 403 after the 401 here for anonymous requests.
    { methods: ['POST'], path: api('presence/(?<dataset>[^/]+)/(?<id>[^/]+)'), access: 'signedIn', handle: announcePresence(deps) },
    { methods: ['DELETE'], path: api('presence/(?<dataset>[^/]+)/(?<id>[^/]+)'), access: 'signedIn', handle: leavePresence(deps) },
    // What readers read (server/http/audience.ts): admins and editors see every article, a
    // contributor their own; the handler refuses viewers with 403 after the 401 here.
    { methods: GET, path: api('audience/(?<dataset>[^/]+)'), access: 'signedIn', handle: audience.overview },
    { methods: GET, path: api('audience/(?<dataset>[^/]+)/(?<id>[^/]+)'), access: 'signedIn', handle: audience.article },
    { methods: GET, path: api('ping'), access: 'anyone', handle: async ({ res }) => sendJson(res, 200, { ok: true }) },
    { methods: GET, path: /^\/images\/(?<projectId>[^/]+)\/(?<dataset>[^/]+)\/(?<file>[^/]+)(?:\/.*)?$/, access: 'anyone', handle: image(deps) },
    { methods: GET, path: /^\/files\/(?<projectId>[^/]+)\/(?<dataset>[^/]+)\/(?<file>[^/]+)(?:\/.*)?$/, access: 'anyone', handle: file(deps) },
    { methods: ['POST'], path: /^\/auth\/login$/, access: 'anyone', handle: login(deps) },
    { methods: ['POST'], path: /^\/auth\/logout$/, access: 'anyone', handle: logout(deps) },
    { methods: ['GET'], path: /^\/auth\/me$/, access: 'signedIn', handle: me() },
    { methods: ['GET'], path: /^\/auth\/config$/, access: 'anyone', handle: signInConfig(deps) },
    // People (server/http/people.ts): who may sign in, and with which role. Admins only.
    { methods: ['GET'], path: /^\/auth\/users$/, access: 'admin', handle: listPeople(deps) },
    { methods: ['POST'], path: /^\/auth\/users$/, access: 'admin', handle: addPerson(deps) },
    { methods: ['PATCH'], path: /^\/auth\/users\/(?<id>[^/]+)$/, access: 'admin', handle: changeRole(deps) },
    { methods: ['DELETE'], path: /^\/auth\/users\/(?<id>[^/]+)$/, access: 'admin', handle: removePerson(deps) },
    { methods: ['PUT'], path: /^\/auth\/users\/(?<id>[^/]+)\/password$/, access: 'admin', handle: resetPassword(deps) },
    { methods: ['DELETE'], path: /^\/auth\/users\/(?<id>[^/]+)\/sessions$/, access: 'admin', handle: endSessions(deps) },
    // Feeds and search engines (server/feeds): published content only, like the pages.
    { methods: GET, path: /^\/rss\.xml$/, access: 'anyone', handle: paperRss(deps) },
    { methods: GET, path: /^\/topic\/(?<slug>[^/]+)\/rss\.xml$/, access: 'anyone', handle: categoryRss(deps, 'topic') },
    { methods: GET, path: /^\/author\/(?<slug>[^/]+)\/rss\.xml$/, access: 'anyone', handle: authorRss(deps) },
    { methods: GET, path: /^\/article\/(?<slug>[^/]+)\/rss\.xml$/, access: 'anyone', handle: liveBlogRss(deps) },
    { methods: GET, path: /^\/(?<slug>[^/]+)\/rss\.xml$/, access: 'anyone', handle: categoryRss(deps, 'section') },
    { methods: GET, path: /^\/sitemap\.xml$/, access: 'anyone', handle: sitemapIndexXml(deps) },
    { methods: GET, path: /^\/sitemaps\/pages\.xml$/, access: 'anyone', handle: pagesSitemapXml(deps) },
    { methods: GET, path: /^\/sitemaps\/news\.xml$/, access: 'anyone', handle: newsSitemapXml(deps) },
    { methods: GET, path: /^\/sitemaps\/articles-(?<month>\d{4}-\d{2})\.xml$/, access: 'anyone', handle: monthSitemapXml(deps) },
    { methods: GET, path: /^\/robots\.txt$/, access: 'anyone', handle: robots(deps) },
    // The reader forms (server/readers): open to anyone, rate limited per address. A GET of the same
    // path is the form's page.
    { methods: ['POST'], path: /^\/contact$/, access: 'anyone', page: true, handle: contactForm(deps) },
    { methods: ['POST'], path: /^\/subscribe$/, access: 'anyone', page: true, handle: subscribeForm(deps) },
    { methods: ['POST'], path: /^\/subscribe\/confirm$/, access: 'anyone', page: true, handle: confirmSubscription(deps) },
    { methods: ['POST'], path: /^\/unsubscribe$/, access: 'anyone', page: true, handle: unsubscribe(deps) },
    // A reader's choice of newsletters, by the signed link in every newsletter: the page (private, with
    // their choice filled in) and its JSON.
    { methods: GET, path: /^\/newsletters$/, access: 'anyone', page: true, handle: preferencesPage(deps) },
    { methods: GET, path: /^\/newsletters\/preferences$/, access: 'anyone', handle: newsletterPreferences(deps) },
    { methods: ['POST'], path: /^\/newsletters\/preferences$/, access: 'anyone', handle: saveNewsletterPreferences(deps) },
    // What readers sent, for the newsroom: personal data, so writers only, never a viewer or a reader.
    { methods: GET, path: /^\/newsroom\/inbox$/, access: 'writer', permission: read, handle: inbox(deps) },
    { methods: ['POST'], path: /^\/newsroom\/inbox\/(?<id>[^/]+)$/, access: 'writer', permission: async () => 'update', handle: markMessage(deps) },
    { methods: GET, path: /^\/newsroom\/subscribers$/, access: 'writer', permission: read, handle: subscribers(deps) },
    { methods: GET, path: /^\/newsroom\/subscribers\.csv$/, access: 'writer', permission: read, handle: subscribersCsv(deps) },
    { methods: GET, path: /^\/newsroom\/outbox$/, access: 'writer', permission: read, handle: outbox(deps) },
    // Newsletter editions (server/http/newsletters.ts): editors and admins, like the rest of reader mail.
    ...newsletterRoutes(deps),
    // Webhooks (server/webhooks): admins only. Each handler refuses editors and viewers with 403
    // (adminOnly in webhooks.ts), and the signedIn access here anonymous requests with 401.
    { methods: GET, path: /^\/newsroom\/webhooks$/, access: 'signedIn', handle: listWebhooks(deps.webhooks) },
    { methods: ['POST'], path: /^\/newsroom\/webhooks$/, access: 'signedIn', handle: addWebhook(deps.webhooks) },
    { methods: ['PATCH'], path: /^\/newsroom\/webhooks\/(?<id>[^/]+)$/, access: 'signedIn', handle: changeWebhook(deps.webhooks) },
    { methods: ['DELETE'], path: /^\/newsroom\/webhooks\/(?<id>[^/]+)$/, access: 'signedIn', handle: deleteWebhook(deps.webhooks) },
    { methods: GET, path: /^\/newsroom\/webhooks\/(?<id>[^/]+)\/deliveries$/, access: 'signedIn', handle: webhookDeliveries(deps.webhooks) },
    // The read beacon of reader pages (server/http/reads.ts): anyone, bounded, limited per address.
    ...(deps.reads ? [{ methods: ['POST'], path: /^\/reads$/, access: 'anyone' as const, early: true, handle: reads(deps.reads) }] : []),
    { methods: GET, path: /^\/health$/, access: 'anyone', handle: async ({ res }) => sendJson(res, 200, { ok: true, datasets: deps.store.datasetNames() }) },
  ]
}

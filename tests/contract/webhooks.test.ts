// Webhooks end to end against a real service and a real HTTP receiver: what a publish sends (body,
// Sanity's headers, a signature @sanity/webhook accepts), which changes fire a hook (triggers,
// filter, drafts) and what its projection sends, retries after 500s, the delivery log, a delivery
// that survives a restart, the content command's webhook commands, and who may manage hooks.
/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are arbitrary JSON */

import { isValidSignature } from '@sanity/webhook'
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { raw, type RawResponse } from './helpers.ts'
import { startReceiver, type Receiver } from './webhooks.receiver.ts'
import { startTestService, type TestService } from '../support/service.ts'
import { testArticle } from '../support/articles.ts'

const run = promisify(execFile)
// Retries come quickly here; the defaults wait from 30 s to an hour.
const fastRetries = { WEBHOOK_RETRY_BASE_MS: '20', WEBHOOK_RETRY_MAX_MS: '80', WEBHOOK_MAX_ATTEMPTS: '4' }

async function call(service: TestService, method: string, path: string, body?: unknown, token?: string | null): Promise<RawResponse> {
  const headers: Record<string, string> = { accept: 'application/json' }
  const bearer = token === undefined ? await service.adminToken() : token
  if (bearer) headers.authorization = `Bearer ${bearer}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  return raw(`${service.url}/newsroom/webhooks${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
}

async function createHook(service: TestService, hook: Record<string, unknown>): Promise<any> {
  const res = await call(service, 'POST', '', { dataset: 'production', triggers: ['create', 'update', 'delete'], secret: 'a shared secret', ...hook })
  expect(res.status, res.text).toBe(201)
  return res.json.result
}

async function log(service: TestService, hookId: string): Promise<any> {
  const res = await call(service, 'GET', `/${hookId}/deliveries`)
  expect(res.status, res.text).toBe(200)
  return res.json.result
}

/** Waits until every committed transaction has been matched and nothing due is left unsent. */
async function settled(service: TestService): Promise<void> {
  await service.webhooks.matched()
  await service.webhooks.queue.idle()
}

describe('webhooks', () => {
  let service: TestService
  let receiver: Receiver

  beforeAll(async () => {
    receiver = await startReceiver()
    service = await startTestService(fastRetries)
  })
  afterAll(async () => {
    await service.stop()
    await receiver.close()
  })

  it('POSTs a published document with Sanity’s headers, signed with the hook’s secret', async () => {
    const hook = await createHook(service, { name: 'Publish', url: `${receiver.url}/publish`, filter: '_type == "article"' })
    expect(hook).toMatchObject({ name: 'Publish', url: `${receiver.url}/publish`, dataset: 'production', triggers: ['create', 'update', 'delete'], enabled: true })
    expect(hook).not.toHaveProperty('secret')
    const client = service.client({ token: await service.adminToken() })
    const tx = await client.transaction().createOrReplace(testArticle('budget', 5)).commit()

    const request = await receiver.nth('/publish', 1)
    expect(request.method).toBe('POST')
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'sanity-transaction-id': tx.transactionId,
      'sanity-operation': 'create',
      'sanity-document-id': 'budget',
      'sanity-dataset': 'production',
      'sanity-project-id': service.config.projectId,
      'sanity-webhook-id': hook.id,
    })
    expect(request.headers['idempotency-key']).toEqual(expect.any(String))
    expect(Date.parse(String(request.headers['sanity-transaction-time']))).not.toBeNaN()
    expect(await isValidSignature(request.body, String(request.headers['sanity-webhook-signature']), 'a shared secret')).toBe(true)
    expect(await isValidSignature(request.body, String(request.headers['sanity-webhook-signature']), 'another secret')).toBe(false)
    const sent = JSON.parse(request.body)
    expect(sent).toMatchObject({ _id: 'budget', _type: 'article', title: 'Story budget', _rev: tx.transactionId })

    await settled(service)
    const { deliveries, total } = await log(service, hook.id)
    expect(total).toBe(1)
    expect(deliveries[0]).toMatchObject({ documentId: 'budget', operation: 'create', transactionId: tx.transactionId, status: 'delivered', attempts: 1, lastStatus: 200, lastError: null, nextAttemptAt: null })
    expect(deliveries[0].id).toBe(request.headers['idempotency-key'])
    await call(service, 'DELETE', `/${hook.id}`)
  })

  it('fires on its triggers only: create, update and delete each as they are chosen', async () => {
    const updates = await createHook(service, { url: `${receiver.url}/updates`, filter: '_type == "article"', triggers: ['update'] })
    const deletes = await createHook(service, { url: `${receiver.url}/deletes`, filter: '_type == "article"', triggers: ['delete'] })
    const client = service.client({ token: await service.adminToken() })
    await client.create(testArticle('triggers', 5))
    await client.patch('triggers').set({ title: 'Triggers, updated' }).commit()
    await client.delete('triggers')
    await settled(service)

    expect(receiver.at('/updates').map((r) => r.headers['sanity-operation'])).toEqual(['update'])
    expect(JSON.parse(receiver.at('/updates')[0]!.body).title).toBe('Triggers, updated')
    expect(receiver.at('/deletes').map((r) => r.headers['sanity-operation'])).toEqual(['delete'])
    // A delete sends the document as it was.
    expect(JSON.parse(receiver.at('/deletes')[0]!.body)).toMatchObject({ _id: 'triggers', title: 'Triggers, updated' })
    expect((await log(service, updates.id)).total).toBe(1)
    await call(service, 'DELETE', `/${updates.id}`)
    await call(service, 'DELETE', `/${deletes.id}`)
  })

  it('sends only what the filter matches, shaped by the projection, and leaves drafts out', async () => {
    const hook = await createHook(service, {
      url: `${receiver.url}/projected`,
      filter: '_type == "article" && section == "uk"',
      projection: '{_id, title, "operation": delta::operation(), "wasTitled": before().title, "project": sanity::projectId()}',
    })
    const client = service.client({ token: await service.adminToken() })
    await client.create({ ...testArticle('world-story', 5), section: 'world' })
    await client.create({ _id: 'an-author', _type: 'author', name: 'Sam Reed' })
    await client.create({ ...testArticle('drafts.uk-story', 5), section: 'uk' })
    await settled(service)
    expect(receiver.at('/projected')).toEqual([])

    await client.transaction().delete('drafts.uk-story').createOrReplace({ ...testArticle('uk-story', 5), section: 'uk' }).commit()
    await client.patch('uk-story').set({ title: 'Floods in Kent' }).commit()
    await settled(service)
    expect(receiver.at('/projected').map((r) => JSON.parse(r.body))).toEqual([
      { _id: 'uk-story', title: 'Story uk-story', operation: 'create', wasTitled: null, project: service.config.projectId },
      { _id: 'uk-story', title: 'Floods in Kent', operation: 'update', wasTitled: 'Story uk-story', project: service.config.projectId },
    ])

    const withDrafts = await createHook(service, { url: `${receiver.url}/drafts`, filter: '_type == "article"', includeDrafts: true, projection: '{_id}' })
    expect(withDrafts.includeDrafts).toBe(true)
    await client.create({ ...testArticle('drafts.next-story', 5) })
    await settled(service)
    expect(receiver.at('/drafts').map((r) => JSON.parse(r.body))).toEqual([{ _id: 'drafts.next-story' }])
    await call(service, 'DELETE', `/${hook.id}`)
    await call(service, 'DELETE', `/${withDrafts.id}`)
  })

  it('tries again after 500s, with the same idempotency key, and logs each attempt until it is delivered', async () => {
    receiver.answer('/flaky', 500, 503, 200)
    const hook = await createHook(service, { url: `${receiver.url}/flaky`, filter: '_id == "flaky-story"' })
    await service.client({ token: await service.adminToken() }).create(testArticle('flaky-story', 5))
    const third = await receiver.nth('/flaky', 3)
    const keys = receiver.at('/flaky').map((r) => r.headers['idempotency-key'])
    expect(new Set(keys).size).toBe(1)
    expect(await isValidSignature(third.body, String(third.headers['sanity-webhook-signature']), 'a shared secret')).toBe(true)
    await vi.waitFor(async () => expect((await log(service, hook.id)).deliveries[0].status).toBe('delivered'), { timeout: 15_000 })
    expect((await log(service, hook.id)).deliveries[0]).toMatchObject({ status: 'delivered', attempts: 3, lastStatus: 200, lastError: null })
    await call(service, 'DELETE', `/${hook.id}`)
  })

  it('logs a delivery that failed: for good after a 4xx, after its last attempt for 500s', async () => {
    receiver.answer('/gone', 410)
    receiver.answer('/down', 500)
    const gone = await createHook(service, { url: `${receiver.url}/gone`, filter: '_id == "failing-story"' })
    const down = await createHook(service, { url: `${receiver.url}/down`, filter: '_id == "failing-story"' })
    await service.client({ token: await service.adminToken() }).create(testArticle('failing-story', 5))
    await vi.waitFor(async () => expect((await log(service, down.id)).deliveries[0]?.status).toBe('failed'), { timeout: 15_000 })
    expect((await log(service, gone.id)).deliveries[0]).toMatchObject({ status: 'failed', attempts: 1, lastStatus: 410, lastError: 'The receiver answered 410: refused with 410' })
    expect((await log(service, down.id)).deliveries[0]).toMatchObject({ status: 'failed', attempts: 4, lastStatus: 500, lastError: 'The receiver answered 500: refused with 500 (gave up after 4 attempts)' })
    const listed = (await call(service, 'GET', '')).json.result.webhooks.find((h: any) => h.id === down.id)
    expect(listed).toMatchObject({ pending: 0, failed: 1 })
    await call(service, 'DELETE', `/${gone.id}`)
    await call(service, 'DELETE', `/${down.id}`)
  })

  it('does not follow redirects', async () => {
    receiver.answer('/moved', 301)
    const hook = await createHook(service, { url: `${receiver.url}/moved`, filter: '_id == "moved-story"' })
    await service.client({ token: await service.adminToken() }).create(testArticle('moved-story', 5))
    await vi.waitFor(async () => expect((await log(service, hook.id)).deliveries[0]?.status).toBe('failed'), { timeout: 15_000 })
    expect((await log(service, hook.id)).deliveries[0].lastError).toMatch(/^Redirected \(301\)/)
    expect(receiver.at('/moved')).toHaveLength(1)
    await call(service, 'DELETE', `/${hook.id}`)
  })

  it('refuses a hook with a bad URL or a filter that does not parse, saying which and why', async () => {
    const res = await call(service, 'POST', '', { url: 'ftp://files.example/x', filter: '_type ==', projection: '{_id', triggers: [], secret: '' })
    expect(res.status).toBe(400)
    expect(res.json.error.type).toBe('validationError')
    expect(res.json.error.fields).toMatchObject({
      url: 'The URL must start with http:// or https://.',
      filter: expect.stringMatching(/^The filter is not valid GROQ: /),
      projection: expect.stringMatching(/^The projection is not valid GROQ: /),
      triggers: 'Choose at least one of create, update and delete.',
      secret: 'Enter a secret: each delivery is signed with it.',
    })
    expect((await call(service, 'GET', '')).json.result.webhooks).toEqual([])
  })

  it('lets an admin disable a hook, which then sends nothing', async () => {
    const hook = await createHook(service, { url: `${receiver.url}/disabled`, filter: '' })
    const off = await call(service, 'PATCH', `/${hook.id}`, { enabled: false })
    expect(off.json.result.enabled).toBe(false)
    await service.client({ token: await service.adminToken() }).create({ _id: 'quiet', _type: 'author', name: 'Quiet' })
    await settled(service)
    expect(receiver.at('/disabled')).toEqual([])
    expect((await call(service, 'DELETE', `/${hook.id}`)).json.result).toEqual({ id: hook.id, deleted: true })
    expect((await call(service, 'DELETE', `/${hook.id}`)).status).toBe(404)
    expect((await call(service, 'GET', `/${hook.id}/deliveries`)).status).toBe(404)
  })

  it('is for admins only: editors and viewers get 403, anonymous requests 401', async () => {
    const editor = service.auth.createRobotToken('editor', 'webhooks test', 600)
    const viewer = service.auth.createRobotToken('viewer', 'webhooks test', 600)
    const hook = await createHook(service, { url: `${receiver.url}/guarded`, filter: '' })
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', ''],
      ['POST', '', { url: `${receiver.url}/x`, filter: '', triggers: ['create'], secret: 's' }],
      ['PATCH', `/${hook.id}`, { enabled: false }],
      ['DELETE', `/${hook.id}`],
      ['GET', `/${hook.id}/deliveries`],
    ]
    for (const [method, path, body] of attempts) {
      for (const token of [editor, viewer]) {
        const res = await call(service, method, path, body, token)
        expect(res.status, `${method} ${path}`).toBe(403)
        expect(res.json.message).toBe('Only an admin may manage webhooks')
      }
      expect((await call(service, method, path, body, null)).status, `${method} ${path}`).toBe(401)
    }
    expect((await call(service, 'GET', '')).json.result.webhooks.map((h: any) => h.id)).toEqual([hook.id])
    await call(service, 'DELETE', `/${hook.id}`)
  })
})

describe('a delivery waiting when the service stops', () => {
  it('is sent after the next start', async () => {
    const receiver = await startReceiver()
    const dataDir = mkdtempSync(join(tmpdir(), 'resonance-webhooks-'))
    try {
      receiver.answer('/restart', 'hang')
      const first = await startTestService({ ...fastRetries, DATA_DIR: dataDir })
      const hook = await createHook(first, { url: `${receiver.url}/restart`, filter: '_type == "article"' })
      await first.client({ token: await first.adminToken() }).create(testArticle('before-restart', 5))
      const hung = await receiver.nth('/restart', 1)
      await first.stop()

      receiver.answer('/restart', 200)
      const second = await startTestService({ ...fastRetries, DATA_DIR: dataDir })
      try {
        const resent = await receiver.nth('/restart', 2)
        expect(resent.headers['idempotency-key']).toBe(hung.headers['idempotency-key'])
        expect(resent.body).toBe(hung.body)
        await vi.waitFor(async () => expect((await log(second, hook.id)).deliveries[0].status).toBe('delivered'), { timeout: 15_000 })
        // The attempt cut short by the stop was never answered, so it is not counted.
        expect((await log(second, hook.id)).deliveries[0]).toMatchObject({ attempts: 1, lastStatus: 200 })
      } finally {
        await second.stop()
      }
    } finally {
      await receiver.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('npm run content -- webhook', () => {
  it('creates, lists and deletes hooks on the DATA_DIR a running service reads', { timeout: 90_000 }, async () => {
    const receiver = await startReceiver()
    const service = await startTestService(fastRetries)
    // tsx's loader in node itself: npx would add seconds to each of the five runs.
    const content = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { env: { ...process.env, DATA_DIR: service.dataDir }, cwd: process.cwd() })
    try {
      const created = await content('webhook', 'create', '--url', `${receiver.url}/from-cli`, '--filter', '_type == "article"', '--projection', '{_id, title}', '--on', 'create,delete', '--secret', 'cli secret', '--name', 'From the terminal')
      const id = /Created webhook (\S+) "From the terminal": create, delete in "production"/.exec(created.stdout)?.[1]
      expect(id, created.stdout).toBeDefined()

      const listed = await content('webhook', 'list')
      expect(listed.stdout).toContain(`${id}\tFrom the terminal\t${receiver.url}/from-cli\tproduction\tcreate,delete\t_type == "article"\tenabled`)

      await service.client({ token: await service.adminToken() }).create(testArticle('cli-story', 5))
      const request = await receiver.nth('/from-cli', 1)
      expect(JSON.parse(request.body)).toEqual({ _id: 'cli-story', title: 'Story cli-story' })
      expect(await isValidSignature(request.body, String(request.headers['sanity-webhook-signature']), 'cli secret')).toBe(true)

      const refused = await content('webhook', 'create', '--url', 'javascript:alert(1)', '--filter', '_type ==', '--secret', 's').catch((error: { code: number; stderr: string }) => error)
      expect(refused).toMatchObject({ code: 2 })
      expect((refused as { stderr: string }).stderr).toContain('--url: The URL must start with http:// or https://.')
      expect((refused as { stderr: string }).stderr).toContain('--filter: The filter is not valid GROQ')

      expect((await content('webhook', 'delete', id!)).stdout).toContain(`Deleted webhook ${id}`)
      expect((await content('webhook', 'list')).stdout.trim()).toBe('No webhooks')
    } finally {
      await service.stop()
      await receiver.close()
    }
  })
})

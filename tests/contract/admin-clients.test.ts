// The admin's People and Webhooks clients against a real service: answers read field by field, and
// refusals read through serviceCall.ts like every other client's, with the service's status and
// words (and, for a refused webhook, what is wrong with each field).

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPeopleClient } from '../../src/content/clients/people.ts'
import { createWebhooksClient, WebhookError } from '../../src/content/clients/webhooks.ts'
import { startTestService, testAdmin, type TestService } from '../support/service.ts'
import { rejection } from './helpers.ts'

let service: TestService
let admin: string
let editor: string

beforeAll(async () => {
  service = await startTestService()
  admin = await service.adminToken()
  editor = service.auth.createRobotToken('editor', 'clients test', null)
})

afterAll(async () => {
  await service?.stop()
})

describe('the People client', () => {
  it('lists people for an admin, and reads an editor\'s refusal and an unreachable service as sentences with their status', async () => {
    const people = await createPeopleClient(admin, service.url).list()
    expect(people.map((p) => [p.email, p.role])).toContainEqual([testAdmin.email, 'admin'])
    const refused = await rejection(createPeopleClient(editor, service.url).list())
    expect([refused.statusCode, refused.message]).toEqual([403, 'Only an admin may manage people'])
    const unreachable = await rejection(createPeopleClient(admin, 'http://127.0.0.1:9').list())
    expect([unreachable.statusCode, unreachable.message]).toEqual([null, 'Could not reach the content service.'])
  })
})

describe('the Webhooks client', () => {
  it('creates and lists hooks, and a refused create says what is wrong with each field', async () => {
    const client = createWebhooksClient(admin, service.url)
    const input = { name: 'Search index', url: 'https://hooks.example/search', dataset: 'production', filter: '_type == "article"', projection: '', triggers: ['create' as const], includeDrafts: false, secret: 'correct horse battery staple 2026' }
    const made = await client.create(input)
    expect((await client.list()).map((h) => h.name)).toContain('Search index')
    expect(made.url).toBe('https://hooks.example/search')
    const refused = await rejection(client.create({ ...input, url: 'ftp://files.example/x' }))
    expect(refused).toBeInstanceOf(WebhookError)
    expect([refused.statusCode, refused.message, refused.fields]).toEqual([400, 'The URL must start with http:// or https://.', { url: 'The URL must start with http:// or https://.' }])
    const editors = await rejection(createWebhooksClient(editor, service.url).list())
    expect([editors.statusCode, editors.message]).toEqual([403, 'Only an admin may manage webhooks'])
  })
})

// Scheduled publishing in Chromium against a real content service (docs/decisions/011-scheduling.md):
// an editor schedules a draft from the article form, which then says when it goes live on London's
// clock and the article list marks it Scheduled; a reader's homepage, open all along, shows nothing of
// it until the schedule runs and then receives the story live. The form schedules a time on the
// minute, so the test brings the schedule forward through the Scheduling API to run seconds later.
// Another schedule is cancelled from the form and leaves its draft unpublished. Axe checks the form.

import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonInputOf } from '../../src/content/admin/schedules.ts'
import { minutesAgo } from '../support/articles.ts'
import { gotoApp } from '../support/browser.ts'
import { testAdmin } from '../support/service.ts'
import { browserSuite } from '../support/suite.ts'
import { axeViolations } from '../support/axe.ts'
import { signedInContext } from '../support/signIn.ts'

const authorId = '7a2d3c0f-5b9e-4d2f-8c8b-3e4f5a6b7c8d'
const categoryId = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'

const titles = {
  buses: 'Night buses return',
  tube: 'Night Tube returns on Fridays',
  ferry: 'River ferry timetable changes',
}

const story = (id: string, title: string, minutes: number) => ({
  _id: id,
  _type: 'article',
  title,
  slug: { _type: 'slug', current: id.replace(/^drafts\./, '') },
  publishedAt: minutesAgo(minutes),
  excerpt: `${title}.`,
  author: { _type: 'reference', _ref: authorId },
  categories: [{ _type: 'reference', _ref: categoryId, _key: 'c' }],
  body: [{ _type: 'block', _key: 'b', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text: 'Services run every twenty minutes through the night.', marks: [] }] }],
  isLatestUpdate: true,
})

const suite = browserSuite({
  documents: [
    { _id: authorId, _type: 'author', name: 'Tom Whitcombe', slug: { _type: 'slug', current: 'tom' } },
    { _id: categoryId, _type: 'category', title: 'UK', slug: { _type: 'slug', current: 'uk' }, kind: 'section' },
    story('buses', titles.buses, 60),
    // Drafts only: readers see neither until a schedule publishes it.
    story('drafts.night-tube', titles.tube, 5),
    story('drafts.river-ferry', titles.ferry, 5),
  ],
  viewport: { width: 1280, height: 2000 },
})

async function axe(page: Page): Promise<string[]> {
  return axeViolations(page)
}

async function signedIn(): Promise<BrowserContext> {
  return signedInContext(suite, testAdmin)
}

/** Opens the draft's form, turns Published on and schedules it ten minutes ahead on London's clock. */
async function scheduleFromForm(context: BrowserContext, id: string): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${suite.service.url}/admin/edit/articles/${id}`)
  await page.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor()
  await page.getByLabel('Title').waitFor()
  expect(await page.getByRole('radio', { name: 'Schedule for' }).count()).toBe(0)
  await page.getByRole('switch', { name: 'Published' }).check()
  await page.getByRole('radio', { name: 'Schedule for' }).check()
  const at = page.getByLabel('Date and time (London time)')
  await at.fill(londonInputOf(new Date(Date.now() + 10 * 60_000)))
  await page.getByRole('button', { name: 'Schedule Article' }).click()
  await page.getByText(/^Scheduled for /).waitFor()
  return page
}

const schedulesOf = async (documentId: string, state: string) =>
  (
    await suite.service
      .client({ token: suite.token, apiVersion: '2022-04-01' })
      .request<{ schedules: Array<{ id: string; executeAt: string; state: string }> }>({ uri: '/schedules/resonance/production', query: { state, documentIds: documentId } })
  ).schedules

describe('scheduled publishing', () => {
  let admin: BrowserContext

  beforeAll(async () => {
    admin = await signedIn()
  })

  afterAll(async () => {
    await admin?.close()
  })

  it('a draft scheduled from the form reaches a reader’s open homepage live when its schedule runs', async () => {
    const reader = await suite.newPage()
    await gotoApp(reader, `${suite.service.url}/`)
    const latest = reader.getByRole('region', { name: 'Latest Updates' })
    await latest.getByText(titles.buses).waitFor()
    expect(await reader.getByText(titles.tube).count()).toBe(0)

    const form = await scheduleFromForm(admin, 'night-tube')
    const [schedule] = await schedulesOf('night-tube', 'scheduled')
    expect(schedule).toBeDefined()
    // The form says the schedule's time on London's clock, as the service stored it in UTC.
    const said = await form.getByRole('status').filter({ hasText: 'Scheduled for' }).textContent()
    expect(said).toContain(`${new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(schedule!.executeAt))} London time`)
    expect(await form.getByRole('button', { name: 'Cancel schedule' }).isVisible()).toBe(true)
    expect(await axe(form)).toEqual([])

    const list = await admin.newPage()
    await list.goto(`${suite.service.url}/admin/articles`)
    const row = list.getByRole('row').filter({ has: list.getByRole('rowheader', { name: titles.tube }) })
    await row.getByText('Scheduled', { exact: true }).waitFor()

    // Still nothing for readers; then the schedule is brought forward and runs by itself.
    expect(await reader.getByText(titles.tube).count()).toBe(0)
    await suite.service
      .client({ token: suite.token, apiVersion: '2022-04-01' })
      .request({ uri: `/schedules/resonance/production/${schedule!.id}`, method: 'PATCH', body: { executeAt: new Date(Date.now() + 2000).toISOString() } })
    await latest.getByText(titles.tube).waitFor({ timeout: 30_000 })
    expect(await schedulesOf('night-tube', 'succeeded')).toHaveLength(1)
  })

  it('a schedule cancelled from the form leaves the draft unpublished', async () => {
    const form = await scheduleFromForm(admin, 'river-ferry')
    await form.getByRole('button', { name: 'Cancel schedule' }).click()
    await form.getByText(/^Scheduled for /).waitFor({ state: 'detached' })
    await form.getByText('The article stays a draft.', { exact: true }).waitFor()
    expect(await schedulesOf('river-ferry', 'scheduled')).toEqual([])
    expect(await schedulesOf('river-ferry', 'cancelled')).toHaveLength(1)
    expect(await suite.service.client().getDocument('river-ferry')).toBeUndefined()
    expect(await axe(form)).toEqual([])
  })
})

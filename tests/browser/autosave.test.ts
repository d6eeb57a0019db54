// Autosave in Chromium against a real content service: an editor changes a published lead story and
// pauses; the form says "Saving draft..." then "Draft saved at HH:MM" (London time), the change is in
// `drafts.{id}` only (readers still get the published text, the other lead story keeps its flag),
// leaving asks nothing since the draft holds every change, and reopening the form shows the draft.
// Someone else saving the draft meanwhile stops autosave with the form's conflict message. Axe checks
// the form with its status line.

import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../src/content/admin/articleForm/messages.ts'
import { minutesAgo } from '../support/articles.ts'
import { testAdmin } from '../support/service.ts'
import { browserSuite } from '../support/suite.ts'
import { axeViolations } from '../support/axe.ts'
import { signedInContext } from '../support/signIn.ts'

const authorId = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a'
const categoryId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'

const story = (id: string, title: string, flags: Record<string, boolean> = {}) => ({
  _id: id,
  _type: 'article',
  title,
  slug: { _type: 'slug', current: id },
  publishedAt: minutesAgo(30),
  excerpt: `${title}.`,
  author: { _type: 'reference', _ref: authorId },
  categories: [{ _type: 'reference', _ref: categoryId, _key: 'c' }],
  body: [{ _type: 'block', _key: 'b', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text: 'Crossings reopen to walkers and cyclists this weekend.', marks: [] }] }],
  ...flags,
})

const suite = browserSuite({
  documents: [
    { _id: authorId, _type: 'author', name: 'Ada Okafor', slug: { _type: 'slug', current: 'ada' } },
    { _id: categoryId, _type: 'category', title: 'London', slug: { _type: 'slug', current: 'london' }, kind: 'section' },
    story('hammersmith-bridge', 'Hammersmith Bridge reopens'),
    story('tower-bridge', 'Tower Bridge lifts tonight', { isLeadStory: true }),
    story('albert-bridge', 'Albert Bridge repainted'),
  ],
  viewport: { width: 1280, height: 1400 },
})

let context: BrowserContext

beforeAll(async () => {
  context = await signedInContext(suite, testAdmin)
})

async function openForm(id: string): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${suite.service.url}/admin/edit/articles/${id}`)
  await page.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor()
  await page.getByRole('textbox', { name: 'Content' }).waitFor()
  return page
}

const draftLine = (page: Page) => page.locator('.autosave-status[role="status"]')
const raw = () => suite.service.client({ token: suite.token, perspective: 'raw' })

describe('autosave', () => {
  it('keeps a paused edit as the draft only, says when, and leaves without asking', async () => {
    const page = await openForm('hammersmith-bridge')
    await page.getByLabel('Title').fill('Hammersmith Bridge reopens to buses')
    await page.getByRole('switch', { name: 'Lead Story' }).check()
    await page.getByText(/^Draft saved at \d\d:\d\d$/).waitFor()
    expect(await draftLine(page).getAttribute('aria-live')).toBe('polite')
    const london = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hourCycle: 'h23', hour: '2-digit', minute: '2-digit' })
    const said = (await draftLine(page).textContent())!.replace('Draft saved at ', '')
    const now = Date.now()
    expect([london.format(now), london.format(now - 60_000)]).toContain(said)

    const [published, draft, tower] = await Promise.all([
      raw().getDocument('hammersmith-bridge'),
      raw().getDocument('drafts.hammersmith-bridge'),
      raw().getDocument('tower-bridge'),
    ])
    // Readers' article is as it was; the draft has the change; the other lead story keeps its slot.
    expect(published?.title).toBe('Hammersmith Bridge reopens')
    expect(published?.isLeadStory).not.toBe(true)
    expect(draft?.title).toBe('Hammersmith Bridge reopens to buses')
    expect(draft?.isLeadStory).toBe(true)
    expect(tower?.isLeadStory).toBe(true)

    expect(await axeViolations(page, { include: 'main' })).toEqual([])

    // Every change is in the draft: nothing to lose by leaving.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Articles', exact: true }).click()
    await page.waitForURL('**/admin/articles')
    expect(await page.getByRole('dialog', { name: 'Unsaved changes' }).count()).toBe(0)
    await page.close()

    const again = await openForm('hammersmith-bridge')
    expect(await again.getByLabel('Title').inputValue()).toBe('Hammersmith Bridge reopens to buses')
    await again.close()
  })

  it('stops with the conflict message when someone else saved the draft meanwhile', async () => {
    const page = await openForm('albert-bridge')
    await page.getByLabel('Title').fill('Albert Bridge repainted pink')
    await page.getByText(/^Draft saved at /).waitFor()
    // Another editor's save of the same draft.
    await raw().patch('drafts.albert-bridge').set({ title: 'Albert Bridge repainted, their version' }).commit()
    await page.getByLabel('Title').fill('Albert Bridge repainted pink and white')
    await page.getByRole('alert').filter({ hasText: messages.conflict }).waitFor()
    expect(await page.getByLabel('Title').inputValue()).toBe('Albert Bridge repainted pink and white')
    expect((await raw().getDocument('drafts.albert-bridge'))?.title).toBe('Albert Bridge repainted, their version')
    expect(await page.getByRole('button', { name: 'Reload their version' }).isVisible()).toBe(true)
    await page.close()
  })
})

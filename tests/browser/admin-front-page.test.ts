// The front page's picks in Chromium against a real content service: the dashboard shows what the
// homepage shows and marks the flagged stories readers do not see; the article form says which
// story Breaking News and the Lead Story pass from, and its save leaves one story in each slot, so
// the homepage reports no rule violation and unflagging the new lead brings no old story back. And
// the first click on Save counts when it leaves an invalid Slug field at a person's speed. Axe
// checks the dashboard and the form.

import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { minutesAgo } from '../support/articles.ts'
import { gotoApp } from '../support/browser.ts'
import { testAdmin } from '../support/service.ts'
import { browserSuite } from '../support/suite.ts'
import { axeViolations } from '../support/axe.ts'
import { signedInContext } from '../support/signIn.ts'

const authorId = '7a2d3c0f-5b9e-4d2f-8c8b-3e4f5a6b7c8d'
const categoryId = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'

const story = (id: string, title: string, minutes: number, flags: Record<string, boolean> = {}) => ({
  _id: id,
  _type: 'article',
  title,
  slug: { _type: 'slug', current: id },
  publishedAt: minutesAgo(minutes),
  excerpt: `${title}.`,
  author: { _type: 'reference', _ref: authorId },
  categories: [{ _type: 'reference', _ref: categoryId, _key: 'c' }],
  body: [{ _type: 'block', _key: 'b', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text: 'Services run every twenty minutes.', marks: [] }] }],
  ...flags,
})

const titles = {
  lead: 'Leaders agree energy package',
  testLead: 'Test lead story, please ignore',
  breaking: 'Storm surge closes the Thames Barrier',
  buses: 'Night buses return',
}

const suite = browserSuite({
  documents: [
    { _id: authorId, _type: 'author', name: 'Tom Whitcombe', slug: { _type: 'slug', current: 'tom' } },
    { _id: categoryId, _type: 'category', title: 'UK', slug: { _type: 'slug', current: 'uk' }, kind: 'section' },
    // Today's lead and an old test story still flagged lead: the homepage keeps the newer.
    story('summit', titles.lead, 30, { isLeadStory: true, isFeatured: true }),
    story('test-lead', titles.testLead, 900, { isLeadStory: true }),
    story('storm', titles.breaking, 20, { isBreakingNews: true }),
    story('buses', titles.buses, 60, { isLatestUpdate: true }),
    // In no section: the homepage warns of it each time it applies its rules, which tells the test they ran.
    story('letters', 'Letters: on the new cycle lanes', 120),
  ],
  // Tall enough that the whole form is on screen, as on the editor's monitor: nothing scrolls.
  viewport: { width: 1280, height: 2000 },
})

async function axe(page: Page): Promise<string[]> {
  return axeViolations(page)
}

async function signedIn(): Promise<BrowserContext> {
  return signedInContext(suite, testAdmin)
}

async function openDashboard(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${suite.service.url}/admin/dashboard`)
  await page.getByRole('list', { name: 'Trending Now on the homepage' }).or(page.getByRole('region', { name: 'Trending Now' }).getByText('No articles in this section.')).waitFor()
  return page
}

async function openForm(context: BrowserContext, path: string, heading: string): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${suite.service.url}${path}`)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  await page.getByLabel('Title').waitFor()
  return page
}

/** The titles a dashboard list shows. */
const listed = (page: Page, name: string) => page.getByRole('list', { name, exact: true }).locator('.admin-dashboard__item-title').allTextContents()

/**
 * The homepage's console errors once its rules have run. The live feed reports the rules' violations
 * and then their warnings, together; the unplaced story makes sure there is a warning to wait for.
 */
async function homepageErrors(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  const reported = page.waitForEvent('console', { predicate: (message) => message.text().startsWith('WARNING: '), timeout: 20_000 })
  await gotoApp(page, `${suite.service.url}/`)
  await page.getByRole('region', { name: 'Lead Story' }).waitFor()
  await reported
  return { page, errors }
}

describe('the front page’s picks', () => {
  let admin: BrowserContext

  beforeAll(async () => {
    admin = await signedIn()
  })

  afterAll(async () => {
    await admin?.close()
  })

  it('the dashboard shows the homepage’s sections and marks the flagged story readers do not see', async () => {
    const readers = await suite.newContext()
    const { errors } = await homepageErrors(readers)
    expect(errors).toContain('RULE VIOLATION: 2 lead stories found. Only 1 allowed.')

    const page = await openDashboard(admin)
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Breaking News', 'Lead Story', 'Featured Stories', 'Latest Updates', 'Trending Now', 'Manage sections'])
    expect(await listed(page, 'Breaking News on the homepage')).toEqual([titles.breaking])
    expect(await listed(page, 'Lead Story on the homepage')).toEqual([titles.lead])
    const lead = page.getByRole('region', { name: 'Lead Story' })
    const hidden = lead.getByRole('list', { name: 'Flagged, not shown here' }).getByRole('listitem')
    expect(await hidden.count()).toBe(1)
    expect(await hidden.locator('.admin-dashboard__item-title').textContent()).toBe(titles.testLead)
    expect(await hidden.getByText('Not on the homepage', { exact: true }).isVisible()).toBe(true)
    // The lead is featured too, and the homepage shows it once, as the lead.
    expect(await page.getByRole('region', { name: 'Featured Stories' }).getByText('No articles in this section.').isVisible()).toBe(true)
    expect(await listed(page, 'Latest Updates on the homepage')).toEqual([titles.buses])
    expect(await axe(page)).toEqual([])
    await page.close()
  })

  it('the form names the stories a save replaces, and the save leaves one story in each slot', async () => {
    const page = await openForm(admin, '/admin/edit/articles/buses', 'Edit Article')
    const replaces = (text: string) => page.getByText(`Replaces: ${text}`, { exact: true })
    expect(await page.getByText(/^Replaces:/).count()).toBe(0)
    await page.getByRole('switch', { name: 'Lead Story' }).check()
    await replaces(titles.lead).waitFor()
    await page.getByRole('switch', { name: 'Breaking News' }).check()
    await replaces(titles.breaking).waitFor()
    expect(await page.getByRole('switch', { name: 'Lead Story' }).getAttribute('aria-describedby')).toContain('article-is-lead-story-slot')
    expect(await axe(page)).toEqual([])

    await page.getByRole('button', { name: 'Save Article' }).click()
    await page.getByText('Article updated successfully.', { exact: true }).first().waitFor({ timeout: 10_000 })
    await page.getByRole('heading', { level: 1, name: 'Content Dashboard' }).waitFor()
    await page.getByRole('list', { name: 'Lead Story on the homepage' }).getByText(titles.buses).waitFor()
    expect(await listed(page, 'Breaking News on the homepage')).toEqual([titles.buses])
    expect(await page.getByText('Not on the homepage', { exact: true }).count()).toBe(0)
    await page.close()

    // The old lead is still published, with only its flag changed; readers see one lead and no violation.
    const reader = suite.service.client()
    expect(await reader.fetch('*[_type == "article" && isLeadStory == true]._id')).toEqual(['buses'])
    expect(await reader.fetch('*[_id == "summit"][0]{title, isFeatured}')).toEqual({ title: titles.lead, isFeatured: true })
    const readers = await suite.newContext()
    const home = await homepageErrors(readers)
    expect(await home.page.getByRole('region', { name: 'Lead Story' }).getByRole('heading', { level: 3 }).textContent()).toBe(titles.buses)
    expect(home.errors.filter((text) => text.startsWith('RULE VIOLATION'))).toEqual([])
  })

  it('unflagging the new lead brings no old story back', async () => {
    const page = await openForm(admin, '/admin/edit/articles/buses', 'Edit Article')
    await page.getByText('On the homepage now.').first().waitFor()
    await page.getByRole('switch', { name: 'Lead Story' }).uncheck()
    await page.getByRole('button', { name: 'Save Article' }).click()
    await page.getByRole('heading', { level: 1, name: 'Content Dashboard' }).waitFor()
    await page.getByRole('region', { name: 'Lead Story' }).getByText('No articles in this section.').waitFor()
    expect(await suite.service.client().fetch('*[_type == "article" && isLeadStory == true]._id')).toEqual([])
    await page.close()
  })
})

describe('the Save button', () => {
  it('takes the first click that leaves an invalid Slug field, pressed and released at a person’s speed', async () => {
    const context = await signedIn()
    const page = await openForm(context, '/admin/edit/articles/new', 'Create New Article')
    await page.getByLabel('Title').fill('Tower Bridge stuck open')
    await page.getByRole('textbox', { name: 'Content' }).click()
    await page.keyboard.type('Traffic is diverted along the Embankment.')
    await page.getByLabel('Author').selectOption({ label: 'Tom Whitcombe' })
    await page.getByRole('checkbox', { name: 'UK', exact: true }).check()
    await page.getByLabel('Slug').fill('Tower Bridge')

    const save = page.getByRole('button', { name: 'Save Article' })
    const before = (await save.boundingBox())!
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2)
    await page.mouse.down()
    // A person's press lasts a moment: long enough for the page to react to the Slug field's blur.
    await page.waitForTimeout(150)
    const pressed = (await save.boundingBox())!
    await page.mouse.up()
    expect(pressed.y).toBe(before.y)

    // The click arrived: the form was checked, says what is wrong and goes back to the slug.
    await page.getByText('Slug can only contain lowercase letters, numbers, and hyphens.').waitFor()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('article-slug')
    expect(await axe(page)).toEqual([])

    // Fixed, the same press saves at once.
    await page.getByLabel('Slug').fill('tower-bridge-stuck-open')
    const again = (await save.boundingBox())!
    await page.mouse.move(again.x + again.width / 2, again.y + again.height / 2)
    await page.mouse.down()
    await page.waitForTimeout(150)
    await page.mouse.up()
    await page.getByText('Article created successfully.', { exact: true }).first().waitFor({ timeout: 10_000 })
    expect(await suite.service.client({ token: suite.token, perspective: 'raw' }).fetch('*[slug.current == "tower-bridge-stuck-open"]._id')).toHaveLength(1)
    await context.close()
  })
})

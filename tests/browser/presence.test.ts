// Presence in Chromium against a real content service: the admin and an editor, each signed in in a
// browser context of their own, open the same article; each sees the other named above the form
// within seconds, with role and since when, and the warning that saving may conflict. When one leaves
// (a link away, then closing the tab), the other's line goes away. Axe checks the form with the line
// at 1280 and 390 px.

import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { minutesAgo } from '../support/articles.ts'
import { axeViolations } from '../support/axe.ts'
import { testAdmin } from '../support/service.ts'
import { browserSuite } from '../support/suite.ts'
import { signedInContext } from '../support/signIn.ts'

const authorId = '3f1c2b9e-7a44-4d0e-9b61-5c2d8e7f1a20'
const categoryId = '8e2d4c6a-1b3f-4e5d-9a7c-0f1e2d3c4b5a'
const editor = { email: 'jane.reed@resonance.test', password: 'presence browser test' }

const suite = browserSuite({
  documents: [
    { _id: authorId, _type: 'author', name: 'Ada Okafor', slug: { _type: 'slug', current: 'ada' } },
    { _id: categoryId, _type: 'category', title: 'London', slug: { _type: 'slug', current: 'london' }, kind: 'section' },
    {
      _id: 'thames-barrier',
      _type: 'article',
      title: 'Thames Barrier closes twice in a week',
      slug: { _type: 'slug', current: 'thames-barrier' },
      publishedAt: minutesAgo(30),
      excerpt: 'High tides and a surge from the North Sea.',
      author: { _type: 'reference', _ref: authorId },
      categories: [{ _type: 'reference', _ref: categoryId, _key: 'c' }],
      body: [{ _type: 'block', _key: 'b', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text: 'The barrier closed on Monday and again on Thursday.', marks: [] }] }],
    },
    {
      _id: 'barrier-at-dawn',
      _type: 'imageGallery',
      title: 'The barrier at dawn',
      slug: { _type: 'slug', current: 'barrier-at-dawn' },
      publishedAt: minutesAgo(60),
      photographer: { _type: 'reference', _ref: authorId },
      images: [],
    },
  ],
  seed: ({ service }) => service.auth.upsertUser(editor.email, editor.password, 'editor'),
  viewport: { width: 1280, height: 1000 },
})

const contexts: Record<'admin' | 'editor', BrowserContext | null> = { admin: null, editor: null }

beforeAll(async () => {
  contexts.admin = await signedInContext(suite, testAdmin)
  contexts.editor = await signedInContext(suite, editor)
})

async function openForm(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${suite.service.url}/admin/edit/articles/thames-barrier`)
  await page.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor()
  await page.getByLabel('Title').waitFor()
  return page
}

/** The line above the form: the polite status that names the other editors. */
const presenceLine = (page: Page) => page.locator('.editors-present[role="status"]')
const london = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hourCycle: 'h23', hour: '2-digit', minute: '2-digit' })

async function expectAxeClean(page: Page): Promise<void> {
  expect(await axeViolations(page, { include: 'main' })).toEqual([])
}

describe('presence', () => {
  it('two editors on one article each see the other, and the line goes when one leaves', async () => {
    const adminPage = await openForm(contexts.admin!)
    // Alone: the live region is in the page, empty.
    expect(await presenceLine(adminPage).getAttribute('aria-live')).toBe('polite')
    expect(await presenceLine(adminPage).textContent()).toBe('')

    const opened = Date.now()
    const editorPage = await openForm(contexts.editor!)
    const sinceWord = /since (\d\d:\d\d)\./
    await adminPage.getByText(`Also editing: ${editor.email} (editor), since`).waitFor({ timeout: 10_000 })
    await editorPage.getByText(`Also editing: ${testAdmin.email} (admin), since`).waitFor({ timeout: 10_000 })
    const seenByAdmin = (await presenceLine(adminPage).textContent())!
    expect(seenByAdmin).toMatch(/^Also editing: jane\.reed@resonance\.test \(editor\), since \d\d:\d\d\. Saving may conflict with their changes\.$/)
    expect([london.format(opened), london.format(opened + 60_000)]).toContain(sinceWord.exec(seenByAdmin)![1])
    expect(await presenceLine(editorPage).textContent()).toMatch(/^Also editing: admin@resonance\.test \(admin\), since \d\d:\d\d\. Saving may conflict with their changes\.$/)

    await expectAxeClean(adminPage)
    await editorPage.setViewportSize({ width: 390, height: 844 })
    await editorPage.getByText(`Also editing: ${testAdmin.email}`).waitFor()
    await expectAxeClean(editorPage)
    // The line fits a phone: it wraps rather than widen the page.
    expect(await editorPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    // The editor follows a link away (nothing unsaved, so nothing asks): the admin's line goes.
    await editorPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Articles', exact: true }).click()
    await editorPage.waitForURL('**/admin/articles')
    await expect.poll(() => presenceLine(adminPage).textContent(), { timeout: 10_000 }).toBe('')

    // Back again, then the tab is closed: the leave outlives the page.
    await editorPage.goto(`${suite.service.url}/admin/edit/articles/thames-barrier`)
    await adminPage.getByText(`Also editing: ${editor.email} (editor)`).waitFor({ timeout: 10_000 })
    await editorPage.close({ runBeforeUnload: true })
    await expect.poll(() => presenceLine(adminPage).textContent(), { timeout: 10_000 }).toBe('')
    await adminPage.close()
  })

  it('a photo essay’s edit form says who else has it open too', async () => {
    const open = async (context: BrowserContext) => {
      const page = await context.newPage()
      await page.goto(`${suite.service.url}/admin/photo-essays/barrier-at-dawn`)
      await page.getByRole('heading', { level: 1, name: 'Edit Photo Essay' }).waitFor()
      return page
    }
    const adminPage = await open(contexts.admin!)
    const editorPage = await open(contexts.editor!)
    await adminPage.getByText(`Also editing: ${editor.email} (editor), since`).waitFor({ timeout: 10_000 })
    await editorPage.getByText(`Also editing: ${testAdmin.email} (admin), since`).waitFor({ timeout: 10_000 })
    await expectAxeClean(adminPage)
    await editorPage.close({ runBeforeUnload: true })
    await expect.poll(() => presenceLine(adminPage).textContent(), { timeout: 10_000 }).toBe('')
    await adminPage.close()
  })
})

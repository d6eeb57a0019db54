// Leaving the article form with edits not saved, in Chromium against a real content service: a link in
// the admin's side navigation asks first ('You have unsaved changes. Leave this page and lose them?');
// Stay keeps the editor's text, Leave goes where the link pointed. Closing the tab with edits gets the
// browser's own prompt (beforeunload). A form opened and left untouched, or just saved, asks nothing.
// Axe checks the question.

import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { minutesAgo } from '../support/articles.ts'
import { testAdmin } from '../support/service.ts'
import { browserSuite } from '../support/suite.ts'
import { axeViolations } from '../support/axe.ts'
import { signedInContext } from '../support/signIn.ts'

const authorId = '5c1e9a7b-2d3f-4e6a-9b8c-7d6e5f4a3b2c'
const categoryId = '3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d'
const articleId = 'thames-path-reopens'
const title = 'Thames Path reopens at Putney'

const suite = browserSuite({
  documents: [
    { _id: authorId, _type: 'author', name: 'Ada Okafor', slug: { _type: 'slug', current: 'ada' } },
    { _id: categoryId, _type: 'category', title: 'London', slug: { _type: 'slug', current: 'london' }, kind: 'section' },
    {
      _id: articleId,
      _type: 'article',
      title,
      slug: { _type: 'slug', current: articleId },
      publishedAt: minutesAgo(30),
      excerpt: 'Walkers can use the riverside again.',
      author: { _type: 'reference', _ref: authorId },
      categories: [{ _type: 'reference', _ref: categoryId, _key: 'c' }],
      body: [{ _type: 'block', _key: 'b', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text: 'The towpath reopened this morning after flood repairs.', marks: [] }] }],
    },
  ],
  viewport: { width: 1280, height: 1400 },
})

let context: BrowserContext

beforeAll(async () => {
  context = await signedInContext(suite, testAdmin)
})

async function openForm(): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${suite.service.url}/admin/edit/articles/${articleId}`)
  await page.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor()
  await page.getByRole('textbox', { name: 'Content' }).waitFor()
  return page
}

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true })
const question = (page: Page) => page.getByRole('dialog', { name: 'Unsaved changes' })

describe('leaving the article form', () => {
  it('asks before a link leaves unsaved edits: Stay keeps the text, Leave follows the link', async () => {
    const page = await openForm()
    await page.getByLabel('Title').fill(`${title} after repairs`)
    await nav(page, 'Articles').click()
    await question(page).waitFor()
    expect(await question(page).getByText('You have unsaved changes. Leave this page and lose them?').isVisible()).toBe(true)
    // Focus starts on the safe answer.
    expect(await page.getByRole('button', { name: 'Stay' }).evaluate((button) => button === document.activeElement)).toBe(true)
    expect(await axeViolations(page, { include: 'dialog' })).toEqual([])

    await page.getByRole('button', { name: 'Stay' }).click()
    await question(page).waitFor({ state: 'hidden' })
    expect(new URL(page.url()).pathname).toBe(`/admin/edit/articles/${articleId}`)
    expect(await page.getByLabel('Title').inputValue()).toBe(`${title} after repairs`)

    await nav(page, 'Articles').click()
    await question(page).waitFor()
    await page.getByRole('button', { name: 'Leave' }).click()
    await page.waitForURL('**/admin/articles')
    await page.getByRole('heading', { level: 1, name: 'Articles' }).waitFor()
    await page.close()
  })

  it('lets the browser ask before the tab closes with unsaved edits', async () => {
    const page = await openForm()
    // Typed keys, as the browser offers its prompt only on a page the user has interacted with.
    await page.getByLabel('Title').click()
    await page.keyboard.type(' tonight')
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type())
        void dialog.dismiss()
      }),
    )
    await page.close({ runBeforeUnload: true })
    expect(await asked).toBe('beforeunload')
    // Dismissed, the prompt keeps the page open with the text.
    expect(await page.getByLabel('Title').inputValue()).toBe(`${title} tonight`)
    await page.close()
  })

  it('asks nothing when the form was not changed, or was just saved', async () => {
    const untouched = await openForm()
    await nav(untouched, 'Articles').click()
    await untouched.waitForURL('**/admin/articles')
    expect(await question(untouched).count()).toBe(0)
    await untouched.close()

    const page = await openForm()
    await page.getByLabel('Title').fill(`${title} for walkers`)
    await page.getByRole('button', { name: 'Save Article' }).click()
    await page.waitForURL('**/admin/dashboard')
    expect(await question(page).count()).toBe(0)
    await page.close()
  })

  it('does not ask when the tab closes right after a save, while the dashboard is still loading', async () => {
    const page = await openForm()
    const before = await page.getByLabel('Title').inputValue()
    await page.getByLabel('Title').click()
    await page.keyboard.type(' again')
    // Once the save is sent, the dashboard's reads are held: the form stays on screen under the
    // dashboard's address, as it does on a slow connection.
    let saved = false
    page.on('request', (request) => {
      if (request.url().includes('/data/mutate/')) saved = true
    })
    await page.route('**/data/query/**', (route) => (saved ? undefined : route.continue()))
    await page.getByRole('button', { name: 'Save Article' }).click()
    await page.waitForURL('**/admin/dashboard')
    expect(await page.getByLabel('Title').inputValue()).toBe(`${before} again`)
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type())
      void dialog.accept()
    })
    const closed = page.waitForEvent('close')
    await page.close({ runBeforeUnload: true })
    await closed
    expect(dialogs).toEqual([])
  })
})

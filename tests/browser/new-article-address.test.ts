// A new article's address in Chromium against a real content service: once the form has kept the
// article as a draft (an autosave, or a schedule), the address bar shows /admin/edit/articles/{id}
// in place of /admin/edit/articles/new (the history entry replaced, Back leaves the form), the
// editor's typing carries on in the same form without a break, and reloading that address, or
// opening it in another tab, shows the same draft in the edit form. Axe checks the form at 1280
// and 390 px.

import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { testAdmin } from '../support/service.ts'
import { browserSuite } from '../support/suite.ts'
import { axeViolations } from '../support/axe.ts'
import { signedInContext } from '../support/signIn.ts'

const authorId = '4b3a2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d'
const categoryId = '5c4b3a2d-1e0f-4b9a-8d7c-6f5e4d3c2b1a'
const uuidAddress = /\/admin\/edit\/articles\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const suite = browserSuite({
  documents: [
    { _id: authorId, _type: 'author', name: 'Ada Okafor', slug: { _type: 'slug', current: 'ada' } },
    { _id: categoryId, _type: 'category', title: 'London', slug: { _type: 'slug', current: 'london' }, kind: 'section' },
  ],
  viewport: { width: 1280, height: 1400 },
})

let context: BrowserContext

beforeAll(async () => {
  context = await signedInContext(suite, testAdmin)
})

/** The create form, opened from the dashboard so Back has somewhere to go. */
async function openNewForm(): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${suite.service.url}/admin/dashboard`)
  await page.goto(`${suite.service.url}/admin/edit/articles/new`)
  await page.getByRole('heading', { level: 1, name: 'Create New Article' }).waitFor()
  await page.getByRole('textbox', { name: 'Content' }).waitFor()
  return page
}

const raw = () => suite.service.client({ token: suite.token, perspective: 'raw' })

async function axeClean(page: Page): Promise<void> {
  expect(await axeViolations(page, { include: 'main' })).toEqual([])
}

describe('a new article’s address', () => {
  it('becomes the draft’s edit address once autosaved, while the editor goes on typing in the same form', async () => {
    const page = await openNewForm()
    const title = page.getByLabel('Title')
    await title.click()
    await page.keyboard.type('Lambeth Bridge')
    await page.waitForURL(uuidAddress)
    const id = new URL(page.url()).pathname.split('/').at(-1)!
    expect((await raw().getDocument(`drafts.${id}`))?.title).toBe('Lambeth Bridge')
    // The same form: still the create form, the caret still in the title, and typing carries on.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Create New Article')
    expect(await title.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.keyboard.type(' closes for repairs')
    expect(await title.inputValue()).toBe('Lambeth Bridge closes for repairs')
    await page.getByText(/^Draft saved at \d\d:\d\d$/).waitFor()
    await expect.poll(async () => (await raw().getDocument(`drafts.${id}`))?.title, { timeout: 10_000 }).toBe('Lambeth Bridge closes for repairs')
    expect(page.url()).toMatch(uuidAddress)
    await axeClean(page)

    // A reload of the address opens the draft in the edit form.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor()
    expect(page.url()).toBe(`${suite.service.url}/admin/edit/articles/${id}`)
    await page.getByRole('textbox', { name: 'Content' }).waitFor()
    expect(await page.getByLabel('Title').inputValue()).toBe('Lambeth Bridge closes for repairs')
    await page.setViewportSize({ width: 390, height: 844 })
    await axeClean(page)

    // Shared with a colleague: the same address opens the same draft.
    const shared = await context.newPage()
    await shared.goto(`${suite.service.url}/admin/edit/articles/${id}`)
    await shared.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor()
    expect(await shared.getByLabel('Title').inputValue()).toBe('Lambeth Bridge closes for repairs')
    await shared.close()
    await page.close()
  })

  it('replaces the /new entry in the history: Back leaves the form', async () => {
    const page = await openNewForm()
    await page.getByLabel('Title').fill('Chelsea Bridge lit blue')
    await page.waitForURL(uuidAddress)
    await page.getByText(/^Draft saved at \d\d:\d\d$/).waitFor()
    await page.goBack()
    await page.waitForURL('**/admin/dashboard')
    await page.close()
  })
})

// The article form in Chromium against a real content service with the demo newspaper: the spec's
// validation messages, creating an article with rich text (seen live on an open homepage and on its
// article page), editing it, a revision conflict between two tabs, unpublishing, and the spec's
// "disabled" messages when the service refuses a user's writes. Axe checks each form state.

import type { BrowserContext, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoAdmin } from '../../server/config.ts'
import { browserSuite } from '../support/suite.ts'
import { axeViolations } from '../support/axe.ts'

const sixMessages = [
  'Title must be at least 3 characters long.',
  'Slug must be at least 3 characters long.',
  'Slug can only contain lowercase letters, numbers, and hyphens.',
  'Content is too short.',
  'Please select an author.',
  'Please select a category.',
]
const conflictMessage = 'Someone else saved this article while you were editing. Your text is kept: copy what you need, then reload to see their version.'

const title = 'Night buses return to the Northern line'
const slug = 'night-buses-return-to-the-northern-line'
const editor = { email: 'editor@resonance.test', password: 'editor-password-1' }

const suite = browserSuite({
  // The demo admin's credentials, so the sign-in page prefills them as it does for `npm start`.
  env: { SEED: 'demo', ADMIN_EMAIL: demoAdmin.email, ADMIN_PASSWORD: demoAdmin.password },
  seed: ({ service }) => service.auth.upsertUser(editor.email, editor.password, 'editor'),
})

async function axe(page: Page): Promise<string[]> {
  return axeViolations(page)
}

/** A browser context signed in through the sign-in page (the demo admin's prefilled credentials by default). */
async function signedIn(credentials?: { email: string; password: string }): Promise<BrowserContext> {
  const context = await suite.browser.newContext()
  const page = await context.newPage()
  await page.goto(`${suite.service.url}/admin/login`)
  const email = page.getByLabel('Email')
  await email.waitFor()
  if (credentials) {
    await email.fill(credentials.email)
    await page.getByLabel('Password').fill(credentials.password)
  } else {
    // Prefilled: the service runs the demo with its default admin.
    await page.waitForFunction(() => (document.querySelector('#login-email') as HTMLInputElement | null)?.value !== '')
    expect(await email.inputValue()).toBe(demoAdmin.email)
  }
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL('**/admin/dashboard')
  await page.close()
  return context
}

async function openForm(context: BrowserContext, path: string, heading: string): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${suite.service.url}${path}`)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  await page.getByLabel('Title').waitFor()
  return page
}

const content = (page: Page) => page.getByRole('textbox', { name: 'Content' })

/** The editor has the caret back (toolbar buttons return it on the next frame). */
async function caretInEditor(page: Page): Promise<void> {
  await page.waitForFunction(() => document.activeElement?.id === 'article-content')
}

async function fieldMessages(page: Page): Promise<string[]> {
  return page.locator('.article-form__error p').allTextContents()
}

async function articleId(articleSlug: string): Promise<string> {
  const id = await suite.service.client().fetch<string | null>('*[_type == "article" && slug.current == $slug][0]._id', { slug: articleSlug })
  if (!id) throw new Error(`No published article ${articleSlug}`)
  return id
}

async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 10_000 })
}

describe('the create form', () => {
  it('shows each of the spec’s validation messages, and is accessible empty and with errors', async () => {
    const context = await signedIn()
    const page = await openForm(context, '/admin/edit/articles/new', 'Create New Article')
    expect(await page.getByLabel('Title').getAttribute('placeholder')).toBe('Enter article title')
    expect(await page.getByLabel('Slug').getAttribute('placeholder')).toBe('unique-article-slug')
    expect(await page.getByLabel('Author').locator('option').first().textContent()).toBe('Select an author')
    expect(await page.getByRole('group', { name: 'Categories' }).getByText('None chosen yet.').isVisible()).toBe(true)
    for (const name of ['Published', 'Lead Story', 'Featured Story']) expect(await page.getByRole('switch', { name }).isChecked()).toBe(false)
    expect(await axe(page)).toEqual([])

    await page.getByRole('button', { name: 'Save Article' }).click()
    await page.getByText('Please select a category.').waitFor()
    expect(await fieldMessages(page)).toEqual(sixMessages)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('article-title')
    expect(await axe(page)).toEqual([])

    await page.getByLabel('Slug').fill('Night Buses!')
    await page.getByLabel('Slug').blur()
    await page.waitForFunction(() => !document.body.textContent?.includes('Slug must be at least 3 characters long.'))
    expect((await fieldMessages(page)).filter((m) => m.startsWith('Slug'))).toEqual(['Slug can only contain lowercase letters, numbers, and hyphens.'])
    await context.close()
  })
})

describe('an article’s life in the form', () => {
  let admin: BrowserContext

  beforeAll(async () => {
    admin = await signedIn()
  })

  afterAll(async () => {
    await admin?.close()
  })

  it('creates a published lead story with a heading, bold text, a link, a list and an image; readers see it live', async () => {
    const readers = await suite.browser.newContext()
    const home = await readers.newPage()
    await home.goto(`${suite.service.url}/`)
    await home.getByRole('region', { name: 'Lead Story' }).waitFor()
    await home.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 15_000 })

    const page = await openForm(admin, '/admin/edit/articles/new', 'Create New Article')
    await page.getByLabel('Title').fill(title)
    await page.getByRole('button', { name: 'Generate from title' }).click()
    expect(await page.getByLabel('Slug').inputValue()).toBe(slug)
    await page.getByLabel('Excerpt').fill('Services every twenty minutes on Friday and Saturday nights.')

    await content(page).click()
    await page.getByRole('button', { name: 'Heading 2' }).click()
    await caretInEditor(page)
    await page.keyboard.type('What changes')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Trains run ')
    await page.getByRole('button', { name: 'Bold' }).click()
    await caretInEditor(page)
    await page.keyboard.type('every twenty minutes')
    await page.getByRole('button', { name: 'Bold' }).click()
    await caretInEditor(page)
    await page.keyboard.type(' through the night. See the timetable')
    for (let i = 0; i < 'timetable'.length; i++) await page.keyboard.press('Shift+ArrowLeft')
    await page.getByRole('button', { name: 'Link' }).click()
    const address = page.getByRole('textbox', { name: 'Link address' })
    await address.fill('javascript:alert(1)')
    await address.press('Enter')
    await page.getByText('Use an address starting with http://, https://, mailto: or tel:.').waitFor()
    await address.fill('https://tfl.example/night')
    await address.press('Enter')
    await caretInEditor(page)
    expect(await content(page).locator('a[href="https://tfl.example/night"]').textContent()).toBe('timetable')
    await page.keyboard.type('.')
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Bullet list' }).click()
    await caretInEditor(page)
    await page.keyboard.type('Fridays from 00:30')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Saturdays from 00:30')
    expect(await page.getByRole('button', { name: 'Bullet list' }).getAttribute('aria-pressed')).toBe('true')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')

    // An image for the body, sent slowly enough to see the upload's progress.
    const picture = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1d3557', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer()
    const cdp = await admin.newCDPSession(page)
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1024 * 1024 })
    await page.getByRole('button', { name: 'Insert image' }).click()
    await page.getByLabel('Image file').setInputFiles({ name: 'night-bus.png', mimeType: 'image/png', buffer: picture })
    await page.getByRole('textbox', { name: 'Alt text' }).fill('A night bus on Oxford Street')
    await page.getByRole('button', { name: 'Upload and insert' }).click()
    await page.getByText(/Uploading night-bus\.png… ([1-9]\d?)%/).waitFor({ timeout: 15_000 })
    await content(page).locator('img[alt="A night bus on Oxford Street"]').waitFor({ timeout: 30_000 })
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
    expect(await content(page).locator('img').getAttribute('src')).toMatch(/^\/images\/resonance\/production\/[a-f0-9]+-1600x900\.png/)

    await page.getByLabel('Author').selectOption({ label: 'Tom Whitcombe' })
    await page.getByRole('checkbox', { name: 'UK', exact: true }).check()
    await page.getByRole('switch', { name: 'Published' }).check()
    await page.getByRole('switch', { name: 'Lead Story' }).check()
    await page.getByRole('button', { name: 'Save Article' }).click()
    await toast(page, 'Article created successfully.')
    await page.waitForURL('**/admin/dashboard')

    // The open homepage shows it as the lead story without a reload.
    await home.getByRole('region', { name: 'Lead Story' }).getByRole('link', { name: title }).first().waitFor({ timeout: 15_000 })

    const article = await readers.newPage()
    await article.goto(`${suite.service.url}/article/${slug}`)
    await article.getByRole('heading', { level: 1, name: title }).waitFor()
    const body = article.locator('.pt-body')
    expect(await body.getByRole('heading', { name: 'What changes' }).count()).toBe(1)
    expect(await body.locator('strong').textContent()).toBe('every twenty minutes')
    expect(await body.getByRole('link', { name: /timetable/ }).getAttribute('href')).toBe('https://tfl.example/night')
    expect(await body.getByRole('listitem').allTextContents()).toEqual(['Fridays from 00:30', 'Saturdays from 00:30'])
    expect(await body.getByRole('img', { name: 'A night bus on Oxford Street' }).count()).toBe(1)
    await readers.close()
  })

  it('edits it, and the edit form is accessible', async () => {
    const id = await articleId(slug)
    const page = await openForm(admin, `/admin/edit/articles/${id}`, 'Edit Article')
    expect(await page.getByLabel('Title').inputValue()).toBe(title)
    expect(await content(page).locator('h2').textContent()).toBe('What changes')
    expect(await page.getByRole('switch', { name: 'Published' }).isChecked()).toBe(true)
    expect(await page.getByRole('switch', { name: 'Lead Story' }).isChecked()).toBe(true)
    expect(await axe(page)).toEqual([])
    await page.getByLabel('Title').fill(`${title}, from Friday`)
    await page.getByRole('button', { name: 'Save Article' }).click()
    await toast(page, 'Article updated successfully.')
    await page.waitForURL('**/admin/dashboard')
    expect(await suite.service.client().fetch('*[_id == $id][0].title', { id })).toBe(`${title}, from Friday`)
    await page.close()
  })

  it('tells the second of two tabs that someone else saved, keeping its text', async () => {
    const id = await articleId(slug)
    const tabA = await openForm(admin, `/admin/edit/articles/${id}`, 'Edit Article')
    const tabB = await openForm(admin, `/admin/edit/articles/${id}`, 'Edit Article')
    await content(tabB).locator('p').first().waitFor()

    await tabA.getByLabel('Title').fill(`${title}: tab A`)
    await tabA.getByRole('button', { name: 'Save Article' }).click()
    await toast(tabA, 'Article updated successfully.')

    await tabB.getByLabel('Title').fill(`${title}: tab B`)
    await content(tabB).locator('p').first().click()
    await tabB.keyboard.press('End')
    await tabB.keyboard.type(' Words only tab B has.')
    await tabB.getByRole('button', { name: 'Save Article' }).click()
    await tabB.getByRole('alert').filter({ hasText: conflictMessage }).waitFor()
    expect(await tabB.getByLabel('Title').inputValue()).toBe(`${title}: tab B`)
    expect(await content(tabB).textContent()).toContain('Words only tab B has.')
    expect(await suite.service.client().fetch('*[_id == $id][0].title', { id })).toBe(`${title}: tab A`)

    // Reloading shows tab A's version.
    await tabB.getByRole('button', { name: 'Reload their version' }).click()
    await tabB.waitForFunction((expected) => (document.querySelector('#article-title') as HTMLInputElement | null)?.value === expected, `${title}: tab A`)
    await tabA.close()
    await tabB.close()
  })

  it('unpublishes it: readers no longer find it', async () => {
    const id = await articleId(slug)
    const page = await openForm(admin, `/admin/edit/articles/${id}`, 'Edit Article')
    await page.getByRole('switch', { name: 'Published' }).uncheck()
    await page.getByRole('button', { name: 'Save Article' }).click()
    await toast(page, 'Article updated successfully.')
    const reader = await suite.browser.newContext()
    const articlePage = await reader.newPage()
    await articlePage.goto(`${suite.service.url}/article/${slug}`)
    await articlePage.getByText('Article not found.').waitFor()
    await reader.close()
    // The editor still has it, as a draft.
    const form = await openForm(admin, `/admin/edit/articles/${id}`, 'Edit Article')
    expect(await form.getByLabel('Title').inputValue()).toBe(`${title}: tab A`)
    expect(await form.getByRole('switch', { name: 'Published' }).isChecked()).toBe(false)
    await page.close()
    await form.close()
  })
})

describe('a user whose writes the service refuses', () => {
  it('sees “Insert disabled” on create and “Update disabled” on edit', async () => {
    // Signed in as an editor; then the account is made a viewer while the form is open, so the
    // service answers the save with 403.
    const context = await signedIn(editor)
    const page = await openForm(context, '/admin/edit/articles/new', 'Create New Article')
    await page.getByLabel('Title').fill('A story that will not be saved')
    await page.getByRole('button', { name: 'Generate from title' }).click()
    await content(page).click()
    await page.keyboard.type('Enough words to pass the length check.')
    await page.getByLabel('Author').selectOption({ index: 1 })
    await page.getByRole('group', { name: 'Categories' }).getByRole('checkbox').first().check()
    await suite.service.auth.upsertUser(editor.email, editor.password, 'viewer')
    await page.getByRole('button', { name: 'Save Article' }).click()
    await page.getByRole('alert').filter({ hasText: 'Insert disabled - using a hosted content service as backend' }).waitFor()
    await toast(page, 'Error')

    await suite.service.auth.upsertUser(editor.email, editor.password, 'editor')
    const demoSlug = await suite.service.client().fetch<string>('*[_type == "article"] | order(publishedAt desc)[3].slug.current')
    const edit = await openForm(context, `/admin/edit/articles/${await articleId(demoSlug)}`, 'Edit Article')
    await suite.service.auth.upsertUser(editor.email, editor.password, 'viewer')
    await edit.getByRole('button', { name: 'Save Article' }).click()
    await edit.getByRole('alert').filter({ hasText: 'Update disabled - using a hosted content service as backend' }).waitFor()
    await context.close()
  })
})

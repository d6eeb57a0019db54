// The History panel and Recently deleted in Chromium against a real service with the demo newspaper:
// an article edited twice in the form, its first revision viewed with what changed since and
// restored (the content back in the form, a new revision on top of the list); an article deleted
// and brought back as a draft from Recently deleted. Axe checks the panel and the list.

import type { BrowserContext, Page } from 'playwright-core'
import type { SanityClient } from '@sanity/client'
import { describe, expect, it } from 'vitest'
import { demoAdmin } from '../../server/config.ts'
import { browserSuite } from '../support/suite.ts'
import { axeViolations } from '../support/axe.ts'
import { signedInContext } from '../support/signIn.ts'

const editor = { email: 'history-editor@resonance.test', password: 'history-password-1' }
const suite = browserSuite({
  env: { SEED: 'demo', ADMIN_EMAIL: demoAdmin.email, ADMIN_PASSWORD: demoAdmin.password },
  seed: ({ service }) => service.auth.upsertUser(editor.email, editor.password, 'editor'),
})

const block = (text: string) => ({ _type: 'block', _key: 'p1', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's1', text, marks: [] }] })

async function axe(page: Page): Promise<string[]> {
  return axeViolations(page)
}

async function signedIn(): Promise<BrowserContext> {
  return signedInContext(suite, editor)
}

/** An article of the demo paper's author and category, published, written through the API. */
async function writeArticle(client: SanityClient, id: string, title: string, slug: string): Promise<void> {
  const author = await client.fetch<string>('*[_type == "author" && name == "Tom Whitcombe"][0]._id')
  const category = await client.fetch<string>('*[_type == "category" && title == "UK"][0]._id')
  await client.create({
    _id: id,
    _type: 'article',
    title,
    slug: { _type: 'slug', current: slug },
    excerpt: 'The first excerpt.',
    author: { _type: 'reference', _ref: author },
    categories: [{ _type: 'reference', _ref: category, _key: 'c1' }],
    publishedAt: '2026-11-20T09:00:00.000Z',
    mediaType: 'article',
    body: [block('The tram extension opens to passengers on Sunday morning.')],
  })
}

async function editTitle(context: BrowserContext, id: string, title: string): Promise<void> {
  const page = await context.newPage()
  await page.goto(`${suite.service.url}/admin/edit/articles/${id}`)
  const field = page.getByLabel('Title')
  await field.waitFor()
  await page.waitForFunction(() => (document.querySelector('#article-title, input[name="title"]') as HTMLInputElement | null)?.value !== '')
  await field.fill(title)
  await page.getByRole('button', { name: 'Save Article' }).click()
  await page.waitForURL('**/admin/dashboard')
  await page.close()
}

describe('the History panel', () => {
  it('views the first revision’s changes, restores it, and the content comes back with a new revision on top', async () => {
    const admin = suite.service.client({ token: suite.service.auth.createRobotToken('admin', 'history-test', 600), apiVersion: '2025-02-19' })
    await writeArticle(admin, 'tram-story', 'Tram extension opens', 'tram-extension-opens')
    const context = await signedIn()
    await editTitle(context, 'tram-story', 'Tram extension opens on Sunday')
    await editTitle(context, 'tram-story', 'Tram extension opens to passengers on Sunday')

    const page = await context.newPage()
    await page.goto(`${suite.service.url}/admin/edit/articles/tram-story`)
    await page.getByLabel('Title').waitFor()
    await page.getByRole('button', { name: 'History' }).click()
    const list = page.getByRole('list', { name: 'Revisions, newest first' })
    await list.waitFor()
    const revisions = list.getByRole('button')
    expect(await revisions.count()).toBe(3)
    expect(await revisions.nth(0).textContent()).toContain(editor.email)
    expect(await revisions.nth(0).textContent()).toContain('Current version')
    expect(await revisions.nth(2).textContent()).toContain('API token')

    await revisions.nth(2).click()
    const viewed = page.locator('.history-panel__viewed')
    await viewed.getByText('What changed since').waitFor()
    expect(await viewed.locator('.history-panel__title').textContent()).toBe('Tram extension opens')
    const title = viewed.locator('.history-panel__change').filter({ hasText: 'Title' })
    expect(await title.locator('dt').textContent()).toBe('Title Changed since this version')
    expect(await title.locator('del').textContent()).toBe('Tram extension opens')
    expect(await title.locator('ins').textContent()).toBe('Tram extension opens to passengers on Sunday')
    expect(await axe(page)).toEqual([])

    await page.getByRole('button', { name: 'Restore this version' }).click()
    const dialog = page.getByRole('dialog', { name: 'Restore this version' })
    await dialog.getByRole('button', { name: 'Restore' }).click()
    await page.getByText(/The version of .* is restored\./).first().waitFor({ timeout: 10_000 })
    // The form loads the article afresh with the restored content.
    await page.waitForFunction(() => (document.querySelector('input[name="title"], #article-title') as HTMLInputElement | null)?.value === 'Tram extension opens')
    expect(await page.getByLabel('Title').inputValue()).toBe('Tram extension opens')
    await expect.poll(() => revisions.count()).toBe(4)
    expect(await revisions.nth(0).textContent()).toContain(editor.email)
    expect(await admin.fetch('*[_id == "tram-story"][0].title')).toBe('Tram extension opens')
    expect(await axe(page)).toEqual([])
    await page.close()
  })
})

describe('Recently deleted', () => {
  it('lists a deleted article and brings it back as a draft', async () => {
    const admin = suite.service.client({ token: suite.service.auth.createRobotToken('admin', 'history-test', 600), apiVersion: '2025-02-19' })
    await writeArticle(admin, 'ferry-story', 'River ferry timetable changes', 'river-ferry-timetable-changes')
    await admin.delete('ferry-story')
    const context = await signedIn()
    const page = await context.newPage()
    await page.goto(`${suite.service.url}/admin/dashboard`)
    await page.getByRole('link', { name: 'Recently deleted' }).click()
    await page.getByRole('heading', { level: 1, name: 'Recently deleted' }).waitFor()
    const item = page.getByRole('listitem').filter({ hasText: 'River ferry timetable changes' })
    await item.waitFor()
    expect(await item.textContent()).toContain('by API token')
    expect(await axe(page)).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await axe(page)).toEqual([])
    await page.setViewportSize({ width: 1280, height: 800 })

    await page.getByRole('button', { name: 'Restore River ferry timetable changes' }).click()
    await page.waitForURL('**/admin/edit/articles/ferry-story')
    await page.waitForFunction(() => (document.querySelector('input[name="title"], #article-title') as HTMLInputElement | null)?.value === 'River ferry timetable changes')
    expect(await page.getByRole('switch', { name: 'Published' }).isChecked()).toBe(false)
    expect(await admin.getDocument('drafts.ferry-story')).toMatchObject({ title: 'River ferry timetable changes' })
    expect(await suite.service.client().fetch('*[_id == "ferry-story"][0]')).toBeNull()

    await page.goto(`${suite.service.url}/admin/articles/deleted`)
    await page.getByRole('status').filter({ hasText: 'No articles were deleted in the last 30 days.' }).waitFor()
    await page.close()
  })
})

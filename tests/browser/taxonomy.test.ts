// Authors and categories in the admin, in Chromium against a real service with the demo paper: an
// editor adds an author with a picture and a category, a category in use cannot be deleted and says
// by how many articles, and an article is published with the new author and two categories. Axe
// clean at 1280 and 390 px.

import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { testAdmin } from '../support/service.ts'
import { browserSuite } from '../support/suite.ts'
import { axeViolations } from '../support/axe.ts'
import { signInToAdmin } from '../support/signIn.ts'

const suite = browserSuite({ env: { SEED: 'demo' }, adminToken: true })

const author = { name: 'Amara Okafor', slug: 'amara-okafor', bio: 'Amara covers the city after dark.' }
const category = { title: 'Night Economy', slug: 'night-economy', description: 'Bars, buses and the people who work while London sleeps.' }
const title = 'The night shift at Smithfield market'

async function axe(page: Page): Promise<string[]> {
  return axeViolations(page)
}

async function signedIn(): Promise<Page> {
  const page = await suite.newPage({ viewport: { width: 1280, height: 900 } })
  await signInToAdmin(page, suite.service.url, testAdmin)
  return page
}

async function narrowAndAudit(page: Page, heading: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(await axe(page)).toEqual([])
  await page.setViewportSize({ width: 1280, height: 900 })
}

describe('authors and categories', () => {
  it('an editor adds an author with a picture and a short bio', async () => {
    const page = await signedIn()
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Authors' }).click()
    await page.getByRole('heading', { level: 1, name: 'Authors' }).waitFor()
    await page.getByRole('list', { name: 'Authors' }).waitFor()
    expect(await axe(page)).toEqual([])

    await page.getByRole('button', { name: 'New author' }).click()
    await page.getByRole('heading', { level: 2, name: 'New author' }).waitFor()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('author-name')
    await page.getByLabel('Name').fill(author.name)
    // The slug follows the name until it is written by hand.
    expect(await page.getByLabel('Slug').inputValue()).toBe(author.slug)
    const picture = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#7a4b2a' } }).png().toBuffer()
    await page.getByLabel('Choose an image').setInputFiles({ name: 'amara.png', mimeType: 'image/png', buffer: picture })
    await page.getByLabel('Alt text').waitFor()
    expect(await page.getByLabel('Alt text').inputValue()).toBe(`Portrait of ${author.name}`)
    await page.getByLabel('Short bio').fill(author.bio)
    expect(await axe(page)).toEqual([])
    await narrowAndAudit(page, 'Authors')
    await page.getByRole('button', { name: 'Create author' }).click()
    await page.getByRole('heading', { level: 2, name: author.name }).waitFor()

    const saved = await suite.service.client().fetch<{ slug: string; bio: string; image: { alt: string; asset: { _ref: string } } } | null>(
      '*[_type == "author" && name == $name][0]{"slug": slug.current, bio, image}',
      { name: author.name },
    )
    expect(saved).toMatchObject({ slug: author.slug, bio: author.bio, image: { alt: `Portrait of ${author.name}` } })
    expect(saved?.image.asset._ref).toMatch(/^image-/)
  })

  it('an editor adds a category; one in use cannot be deleted and says by how many articles', async () => {
    const page = await signedIn()
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Categories' }).click()
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor()
    await page.getByRole('list', { name: 'Categories' }).waitFor()
    expect(await axe(page)).toEqual([])

    await page.getByRole('button', { name: 'New category' }).click()
    await page.getByLabel('Title').fill(category.title)
    await page.getByLabel('Kind').selectOption({ label: 'Topic' })
    await page.getByLabel('Description').fill(category.description)
    expect(await page.getByText(`Its page’s address: /topic/${category.slug}`).isVisible()).toBe(true)
    expect(await axe(page)).toEqual([])
    await page.getByRole('button', { name: 'Create category' }).click()
    await page.getByRole('heading', { level: 2, name: category.title }).waitFor()

    const used = await suite.service.client().fetch<number>('count(*[_type == "article" && references(*[_type == "category" && slug.current == "uk"][0]._id)])')
    expect(used).toBeGreaterThan(1)
    await page.getByRole('button', { name: 'Delete UK', exact: true }).click()
    const refusal = page.getByRole('alert').filter({ hasText: '“UK” is used by' })
    await refusal.waitFor()
    expect(await refusal.textContent()).toMatch(new RegExp(`is used by ${used} articles( and \\d+ other documents?)?\\. Take it off them first, then delete it\\.`))
    expect(await page.getByRole('dialog').count()).toBe(0)
    await narrowAndAudit(page, 'Categories')
  })

  it('an article is published with the new author and two categories', async () => {
    const page = await signedIn()
    await page.goto(`${suite.service.url}/admin/edit/articles/new`)
    await page.getByRole('heading', { level: 1, name: 'Create New Article' }).waitFor()
    await page.getByLabel('Title').fill(title)
    await page.getByRole('button', { name: 'Generate from title' }).click()
    await page.getByRole('textbox', { name: 'Content' }).click()
    await page.keyboard.type('Porters start before midnight and are done by seven.')
    await page.getByLabel('Author').selectOption({ label: author.name })
    const picker = page.getByRole('group', { name: 'Categories' })
    await picker.getByRole('searchbox', { name: 'Filter categories' }).fill('night')
    await picker.getByRole('checkbox', { name: category.title }).check()
    await picker.getByRole('searchbox', { name: 'Filter categories' }).fill('')
    await picker.getByRole('checkbox', { name: 'UK', exact: true }).check()
    expect(await picker.getByText('2 chosen. The first is the one article cards show.').isVisible()).toBe(true)
    await page.getByRole('switch', { name: 'Published' }).check()
    expect(await axe(page)).toEqual([])
    await page.getByRole('button', { name: 'Save Article' }).click()
    await page.waitForURL('**/admin/dashboard')

    const article = await suite.service.client().fetch<{ author: string; categories: string[] } | null>(
      '*[_type == "article" && title == $title][0]{"author": author->name, "categories": categories[]->title}',
      { title },
    )
    expect(article).toEqual({ author: author.name, categories: [category.title, 'UK'] })
  })
})

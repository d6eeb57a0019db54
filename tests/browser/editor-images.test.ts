// The article editor's images in Chromium against a real content service: typing right after an
// image inserted with "Upload and insert" goes below it (the image stays), and a body image's alt
// text and caption changed after insertion are what readers get on the article's page.

import type { BrowserContext, Page } from 'playwright-core'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { testAdmin } from '../support/service.ts'
import { browserSuite } from '../support/suite.ts'
import { signedInContext } from '../support/signIn.ts'

const authorId = '7a2d3c0f-5b9e-4d2f-8c8b-3e4f5a6b7c8d'
const categoryId = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'
const typedArticle = 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b'
const imageArticle = 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5c'

const paragraph = (key: string, text: string) => ({ _type: 'block', _key: key, style: 'normal', markDefs: [], children: [{ _type: 'span', _key: `${key}s`, text, marks: [] }] })
const article = (id: string, slug: string, title: string, body: unknown[]) => ({
  _id: id,
  _type: 'article',
  title,
  slug: { _type: 'slug', current: slug },
  publishedAt: '2026-11-21T08:30:00.000Z',
  author: { _type: 'reference', _ref: authorId },
  categories: [{ _type: 'reference', _ref: categoryId, _key: 'c' }],
  body,
})
const picture = (background: string) => sharp({ create: { width: 1600, height: 900, channels: 3, background } }).png().toBuffer()

const suite = browserSuite({
  documents: [
    { _id: authorId, _type: 'author', name: 'Tom Whitcombe', slug: { _type: 'slug', current: 'tom-whitcombe' } },
    { _id: categoryId, _type: 'category', title: 'UK', slug: { _type: 'slug', current: 'uk' }, kind: 'section' },
    article(typedArticle, 'night-buses-return', 'Night buses return', [paragraph('p', 'Services resume on Friday.')]),
  ],
  // An article whose body already has a picture, uploaded as editors upload them.
  seed: async ({ service, token }) => {
    const client = service.client({ token })
    const asset = await client.assets.upload('image', await picture('#2a9d8f'), { filename: 'barrier.png' })
    await client.create(
      article(imageArticle, 'barrier-raised', 'The barrier is raised', [
        paragraph('a', 'The gates rose at dawn.'),
        { _type: 'image', _key: 'img', asset: { _type: 'reference', _ref: asset._id }, alt: 'Gates' },
        paragraph('b', 'They stay up until the tide turns.'),
      ]),
    )
  },
})

let admin: BrowserContext

beforeAll(async () => {
  admin = await signedInContext(suite, testAdmin, { viewport: { width: 1280, height: 900 } })
})

async function openEditor(id: string): Promise<Page> {
  const page = await admin.newPage()
  await page.goto(`${suite.service.url}/admin/edit/articles/${id}`)
  await page.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor()
  await page.getByRole('textbox', { name: 'Content' }).locator('p').first().waitFor()
  return page
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save Article' }).click()
  await page.getByText('Article updated successfully.', { exact: true }).first().waitFor({ timeout: 15_000 })
}

/** The reader page's body, in order: each paragraph's words and each picture as `image: {alt} | {caption}`. */
async function readerBody(slug: string): Promise<string[]> {
  const page = await suite.newPage()
  await page.goto(`${suite.service.url}/article/${slug}`)
  await page.getByRole('heading', { level: 1 }).waitFor()
  // The story's body only: not the byline or the date above it.
  const body = page.locator('.pt-body p, .pt-body figure')
  const seen = await body.evaluateAll((nodes) =>
    nodes.map((node) => (node.tagName === 'FIGURE' ? `image: ${node.querySelector('img')?.getAttribute('alt') ?? ''} | ${node.querySelector('figcaption')?.textContent ?? ''}` : (node.textContent ?? ''))),
  )
  await page.close()
  return seen
}

describe('images in the article editor', () => {
  it('keeps typing after an image just inserted, below it, and readers get both', async () => {
    const page = await openEditor(typedArticle)
    const content = page.getByRole('textbox', { name: 'Content' })
    await content.locator('p').first().click()
    await page.keyboard.press('End')
    await page.getByRole('button', { name: 'Insert image' }).click()
    await page.getByLabel('Image file').setInputFiles({ name: 'night-bus.png', mimeType: 'image/png', buffer: await picture('#1d3557') })
    await page.getByRole('group', { name: 'Insert image' }).getByLabel('Alt text').fill('A night bus on Oxford Street')
    await page.getByRole('button', { name: 'Upload and insert' }).click()
    await content.locator('img[alt="A night bus on Oxford Street"]').waitFor({ timeout: 15_000 })
    await page.waitForFunction(() => document.activeElement?.id === 'article-content')
    await page.keyboard.type('Typed right after the picture.')
    expect(await content.locator('img').count()).toBe(1)
    await save(page)
    const body = await readerBody('night-buses-return')
    expect(body).toContain('Typed right after the picture.')
    const image = body.findIndex((line) => line.startsWith('image: A night bus on Oxford Street'))
    expect(image).toBeGreaterThan(body.indexOf('Services resume on Friday.'))
    expect(body.indexOf('Typed right after the picture.')).toBe(image + 1)
  })

  it('changes a body image’s alt text and caption after it was inserted, and readers get them', async () => {
    const page = await openEditor(imageArticle)
    const content = page.getByRole('textbox', { name: 'Content' })
    await content.locator('img[alt="Gates"]').click()
    await page.getByRole('status').filter({ hasText: 'Image selected.' }).waitFor()
    // By keyboard, from the selected image: Enter opens its details.
    await page.keyboard.press('Enter')
    const details = page.getByRole('group', { name: 'Edit image' })
    await details.getByLabel('Alt text').fill('The Thames Barrier’s gates raised at dawn')
    await details.getByLabel('Caption').fill('Woolwich, 6am')
    await details.getByRole('button', { name: 'Apply' }).click()
    await content.locator('figcaption', { hasText: 'Woolwich, 6am' }).waitFor()
    await save(page)
    expect(await readerBody('barrier-raised')).toEqual(['The gates rose at dawn.', 'image: The Thames Barrier’s gates raised at dawn | Woolwich, 6am', 'They stay up until the tide turns.'])
  })
})

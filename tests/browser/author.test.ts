// Author pages in Chromium against a real content service, as a reader meets them: a byline's name
// leads to the author's page (by mouse from a card, by keyboard from an article), which shows their
// picture, bio and published articles newest first, a page at a time, with its own title,
// description and feed; a later page, a page past the end and a page number that is not one behave
// as on every listing; an author nobody has (or only a draft has) is the not-found page with 404.
// Axe audits the page at a desktop's and a phone's width.

import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { minutesAgo } from '../support/articles.ts'
import { gotoApp } from '../support/browser.ts'
import { browserSuite } from '../support/suite.ts'
import { axeViolations } from '../support/axe.ts'

const SECRET = 'Embargoed profile of the mayor'
const bio =
  'Political editor. Priya has covered Westminster and City Hall for fifteen years, presents our weekly politics podcast and chairs the election-night coverage every May without fail.'
const ref = (id: string) => ({ _type: 'reference' as const, _ref: id })

/** Priya's fourteen articles, the first the newest; the lead story is hers too. */
const priyas = Array.from({ length: 14 }, (_, i) => ({
  _id: `priya-${i}`,
  _type: 'article',
  title: `Priya's story ${i}`,
  slug: { _type: 'slug', current: `priya-story-${i}` },
  publishedAt: minutesAgo(10 + i * 60),
  excerpt: `Excerpt of story ${i}.`,
  author: ref('author-priya'),
  categories: [{ ...ref('cat-uk'), _key: 'uk' }],
  ...(i === 0 ? { isLeadStory: true } : {}),
}))

// The portrait is uploaded before the author who shows it, so a seed function, not a list.
const suite = browserSuite({
  adminToken: true,
  seed: async ({ service, token }) => {
    const admin = service.client({ token })
    const portrait = await admin.assets.upload('image', await sharp({ create: { width: 400, height: 400, channels: 3, background: '#557733' } }).jpeg().toBuffer(), {
      filename: 'portrait.jpg',
    })
    const tx = admin
      .transaction()
      .create({ _id: 'cat-uk', _type: 'category', title: 'UK', slug: { _type: 'slug', current: 'uk' }, kind: 'section' })
      .create({ _id: 'author-priya', _type: 'author', name: 'Priya Raman', slug: { _type: 'slug', current: 'priya-raman' }, bio, image: { _type: 'image', asset: ref(portrait._id) } })
      .create({ _id: 'author-felix', _type: 'author', name: 'Felix Armitage', slug: { _type: 'slug', current: 'felix-armitage' } })
      // An author nobody may see yet, and a draft of Priya's.
      .create({ _id: 'drafts.author-hidden', _type: 'author', name: SECRET, slug: { _type: 'slug', current: 'hidden-author' } })
      .create({ _id: 'drafts.priya-secret', _type: 'article', title: SECRET, slug: { _type: 'slug', current: 'priya-secret' }, publishedAt: minutesAgo(1), author: ref('author-priya') })
      .create({ _id: 'staff-story', _type: 'article', title: 'A story by the newsroom', slug: { _type: 'slug', current: 'staff-story' }, publishedAt: minutesAgo(5), isLatestUpdate: true })
    for (const article of priyas) tx.create(article)
    await tx.commit()
  },
})

async function open(page: Page, path: string, heading: string) {
  const response = await gotoApp(page, `${suite.service.url}${path}`)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  return response
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([])
}

const cards = (page: Page) => page.getByRole('main').getByRole('article')
const cardTitles = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()

describe("an author's page", () => {
  it('shows their picture, name and bio over their twelve newest published articles, with its own title, description and feed', async () => {
    const page = await suite.newPage({ viewport: { width: 1280, height: 900 } })
    const response = await open(page, '/author/priya-raman', 'Priya Raman')
    expect(response?.status()).toBe(200)
    const main = page.getByRole('main')
    expect(await main.getByText('Author', { exact: true }).isVisible()).toBe(true)
    expect(await main.getByText(bio).isVisible()).toBe(true)
    const portrait = main.locator('header img')
    expect(await portrait.getAttribute('width')).toBe('120')
    // decode() rejects when the picture cannot be loaded.
    await portrait.evaluate((img: HTMLImageElement) => img.decode())
    expect(await portrait.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    expect(await page.getByText('Page 1 of 2').isVisible()).toBe(true)
    expect(await cardTitles(page)).toEqual(priyas.slice(0, 12).map((a) => a.title))
    const bylines = await cards(page).getByRole('link', { name: 'Priya Raman' }).evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(bylines).toEqual(Array(12).fill('/author/priya-raman'))

    expect(await page.title()).toBe('Priya Raman | Resonance')
    const description = await page.locator('meta[name="description"]').getAttribute('content')
    expect(description!.length).toBeLessThanOrEqual(160)
    expect(description!.endsWith('…')).toBe(true)
    expect(bio.startsWith(description!.slice(0, -1))).toBe(true)
    expect(await page.locator('link[rel="alternate"][type="application/rss+xml"][href="/author/priya-raman/rss.xml"]').count()).toBe(1)
    const feed = await fetch(`${suite.service.url}/author/priya-raman/rss.xml`)
    expect(feed.status).toBe(200)

    expect(await page.content()).not.toContain(SECRET)
    await expectNoAxeViolations(page)
  })

  it('fits a phone: picture beside the heading, cards in one column, no sideways scrolling, axe clean', async () => {
    const page = await suite.newPage({ viewport: { width: 390, height: 844 } })
    await open(page, '/author/priya-raman', 'Priya Raman')
    const picture = await page.getByRole('main').locator('header img').boundingBox()
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox()
    expect(picture!.width).toBe(80)
    expect(picture!.x + picture!.width).toBeLessThanOrEqual(heading!.x)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await expectNoAxeViolations(page)
  })

  it('moves to page 2 and back; past the end it offers page 1; a page number that is not one is page 1', async () => {
    const page = await suite.newPage()
    await open(page, '/author/priya-raman', 'Priya Raman')
    await page.getByRole('navigation', { name: 'Priya Raman pages' }).getByRole('link', { name: 'Next' }).click()
    await page.getByText('Page 2 of 2').waitFor()
    expect(new URL(page.url()).search).toBe('?page=2')
    expect(await page.title()).toBe('Priya Raman, page 2 | Resonance')
    expect(await cardTitles(page)).toEqual(priyas.slice(12).map((a) => a.title))
    await page.getByRole('navigation', { name: 'Priya Raman pages' }).getByRole('link', { name: 'Previous' }).click()
    await page.getByText('Page 1 of 2').waitFor()
    expect(new URL(page.url()).search).toBe('')

    await open(page, '/author/priya-raman?page=9', 'Priya Raman')
    expect(await page.getByText('There is no page 9 of Priya Raman.').isVisible()).toBe(true)
    await page.getByRole('link', { name: 'Go to page 1' }).click()
    await page.getByText('Page 1 of 2').waitFor()
    for (const bad of ['banana', '0', '-2']) {
      await open(page, `/author/priya-raman?page=${bad}`, 'Priya Raman')
      await page.getByText('Page 1 of 2').waitFor()
      expect(await cards(page).count(), bad).toBe(12)
    }
  })

  it('says so when the author has no articles yet, without a picture they do not have', async () => {
    const page = await suite.newPage()
    await open(page, '/author/felix-armitage', 'Felix Armitage')
    expect(await page.getByText('No articles by Felix Armitage yet.').isVisible()).toBe(true)
    expect(await page.getByRole('main').locator('header img').count()).toBe(0)
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('The latest stories by Felix Armitage from Resonance.')
    await expectNoAxeViolations(page)
  })

  it('is the not-found page, with 404, for an author nobody has, one only a draft has, or a slug that cannot be one', async () => {
    const page = await suite.newPage()
    for (const slug of ['nobody', 'hidden-author', 'not%20a%20slug']) {
      const response = await gotoApp(page, `${suite.service.url}/author/${slug}`)
      expect(response?.status(), slug).toBe(404)
      await page.getByRole('heading', { level: 1, name: /Oops! Page not found/ }).waitFor()
      expect(await page.content(), slug).not.toContain(SECRET)
    }
  })
})

describe('bylines', () => {
  it("lead to the author's page from a card on the homepage, by mouse over the card's own link", async () => {
    const page = await suite.newPage()
    await gotoApp(page, `${suite.service.url}/`)
    const lead = page.getByRole('region', { name: 'Lead Story' })
    await lead.getByRole('link', { name: 'Priya Raman' }).click()
    await page.getByRole('heading', { level: 1, name: 'Priya Raman' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/author/priya-raman')
  })

  it("lead to the author's page from a listing's card and the archive, and by keyboard from the article page", async () => {
    const page = await suite.newPage()
    await open(page, '/uk', 'UK')
    // The name sits inside a card whose title link covers the whole card: the click must reach the name.
    await cards(page).first().getByRole('link', { name: 'Priya Raman' }).click()
    await page.getByRole('heading', { level: 1, name: 'Priya Raman' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/author/priya-raman')

    await open(page, '/archive', 'Archive')
    await page.getByRole('main').getByRole('link', { name: 'Priya Raman' }).first().click()
    await page.getByRole('heading', { level: 1, name: 'Priya Raman' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/author/priya-raman')

    await open(page, '/article/priya-story-3', "Priya's story 3")
    const name = page.getByRole('main').getByRole('link', { name: 'Priya Raman' })
    await name.focus()
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: 'Priya Raman' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/author/priya-raman')
  })

  it('say Staff, linking nowhere, for a story without an author', async () => {
    const page = await suite.newPage()
    await open(page, '/article/staff-story', 'A story by the newsroom')
    expect(await page.getByRole('main').getByText('Staff', { exact: true }).isVisible()).toBe(true)
    expect(await page.getByRole('main').locator('a[href^="/author/"]').count()).toBe(0)
  })
})

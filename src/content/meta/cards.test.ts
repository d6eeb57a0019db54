import { describe, expect, it } from 'vitest'
import { cardImage, homepageHead, modifiedTime, pageHead, pathWithSearch, profileHead, siteCardImage } from './cards.ts'
import { headJsonLd, headTags, previewTags } from './cards.testing.ts'
import { structuredDataProblems } from './structuredData.testing.ts'

const origin = 'https://resonance.example'
const image = { _type: 'image', asset: { _ref: 'image-54c77fed7a8265af421d311b368ef6f413ada44e-1600x900-jpg' }, alt: 'A bus on Westminster Bridge' }

describe('pageHead', () => {
  const head = pageHead(origin, { title: 'About Us', description: 'Who we are.', path: '/about' })
  const tags = headTags(head)

  it('gives the page one absolute canonical address, which is also its card’s', () => {
    expect(head.links).toEqual([{ rel: 'canonical', href: `${origin}/about` }])
    expect(tags['og:url']).toBe(`${origin}/about`)
  })

  it('has every tag a link preview reads for a large card', () => {
    for (const tag of previewTags) expect(tags[tag], tag).toBeTruthy()
    expect(tags).toMatchObject({
      title: 'About Us | Resonance',
      description: 'Who we are.',
      'og:site_name': 'Resonance',
      'og:locale': 'en_GB',
      'og:type': 'website',
      'og:title': 'About Us',
      'og:description': 'Who we are.',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'About Us',
      'twitter:description': 'Who we are.',
    })
  })

  it("shows the paper's own 1200x630 card when the page has no picture", () => {
    expect(tags).toMatchObject({
      'og:image': `${origin}/share-card.png`,
      'og:image:type': 'image/png',
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': 'Resonance, London Edition',
      'twitter:image': `${origin}/share-card.png`,
    })
  })

  it('dates an article and names its section, and only an article', () => {
    const article = { publishedTime: '2026-11-20T10:00:00.000Z', modifiedTime: '2026-11-20T11:00:00.000Z', section: 'UK', authorUrl: `${origin}/author/priya-raman` }
    const articleTags = headTags(pageHead(origin, { title: 'T', description: 'D', path: '/article/t', type: 'article', article }))
    expect(articleTags).toMatchObject({
      'og:type': 'article',
      'article:published_time': '2026-11-20T10:00:00.000Z',
      'article:modified_time': '2026-11-20T11:00:00.000Z',
      'article:section': 'UK',
      'article:author': `${origin}/author/priya-raman`,
    })
    expect(headTags(pageHead(origin, { title: 'T', description: 'D', path: '/uk', article }))).not.toHaveProperty('article:published_time')
  })

  it('writes each tag once, so the router keeps every one of them', () => {
    const keys = pageHead(origin, { title: 'T', description: 'D', path: '/t', robots: 'noindex' }).meta.map((m) => ('title' in m ? 'title' : 'property' in m ? m.property : m.name))
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('carries structured data only when given some', () => {
    expect(head.scripts).toBeUndefined()
  })
})

describe('cardImage', () => {
  it("is a 1200x630 JPEG crop of the page's picture, on the site, with its alt text", () => {
    const card = cardImage(origin, image)
    expect(card).toEqual({
      url: `${origin}/images/resonance/production/54c77fed7a8265af421d311b368ef6f413ada44e-1600x900.jpg?rect=0,30,1600,840&w=1200&h=630&fm=jpg&q=75&fit=crop`,
      type: 'image/jpeg',
      width: 1200,
      height: 630,
      alt: 'A bus on Westminster Bridge',
    })
  })

  it("is the paper's card without a usable picture", () => {
    expect(cardImage(origin, null)).toEqual(siteCardImage(origin))
    expect(cardImage(origin, { asset: { _ref: 'not-an-image' } })).toEqual(siteCardImage(origin))
  })
})

describe('homepageHead', () => {
  const head = homepageHead(origin)

  it('is the front page’s card at the site’s address', () => {
    expect(headTags(head)).toMatchObject({ title: 'Resonance | London Edition', canonical: `${origin}/`, 'og:url': `${origin}/`, 'og:type': 'website' })
  })

  it('describes the paper and its search box for search engines, with every required property', () => {
    const ld = headJsonLd(head)
    expect(ld.map((item) => (item as { '@type': string })['@type'])).toEqual(['Organization', 'WebSite'])
    for (const item of ld) expect(structuredDataProblems(item)).toEqual([])
  })
})

describe('profileHead', () => {
  const person = { name: 'Priya Raman', description: 'Political editor.', path: '/author/priya-raman', image: { asset: { _ref: 'image-54c77fed7a8265af421d311b368ef6f413ada44e-800x800-jpg' } } }

  it("is a profile card at the person's page, and a ProfilePage about them with a square portrait", () => {
    const head = profileHead(origin, person)
    expect(headTags(head)).toMatchObject({ title: 'Priya Raman | Resonance', 'og:type': 'profile', 'og:title': 'Priya Raman', canonical: `${origin}/author/priya-raman`, 'og:image': `${origin}/share-card.png` })
    const [ld] = headJsonLd(head) as Array<{ mainEntity: { image: string } }>
    expect(structuredDataProblems(ld)).toEqual([])
    expect(ld).toMatchObject({ '@type': 'ProfilePage', url: `${origin}/author/priya-raman`, mainEntity: { '@type': 'Person', name: 'Priya Raman', url: `${origin}/author/priya-raman`, description: 'Political editor.' } })
    expect(ld!.mainEntity.image).toMatch(/-800x800\.jpg\?.*w=400&h=400/)
  })

  it('gives a later page its own address, and the person the first page’s', () => {
    const head = profileHead(origin, { ...person, image: null }, 2)
    expect(headTags(head)).toMatchObject({ title: 'Priya Raman, page 2 | Resonance', canonical: `${origin}/author/priya-raman?page=2` })
    expect(headJsonLd(head)[0]).toMatchObject({ url: `${origin}/author/priya-raman`, mainEntity: { url: `${origin}/author/priya-raman` } })
    expect(headJsonLd(head)[0]).not.toHaveProperty('mainEntity.image')
  })
})

describe('pathWithSearch', () => {
  it('keeps what names a different page, and nothing else', () => {
    expect(pathWithSearch('/uk', { page: 1 })).toBe('/uk')
    expect(pathWithSearch('/uk', { page: 3 })).toBe('/uk?page=3')
    expect(pathWithSearch('/search', { q: 'bus & tram', page: undefined })).toBe('/search?q=bus+%26+tram')
    expect(pathWithSearch('/search', { q: '', page: 2 })).toBe('/search?page=2')
  })
})

describe('modifiedTime', () => {
  it('is the last edit, never before publication, and whichever date there is', () => {
    expect(modifiedTime('2026-11-20T10:00:00Z', '2026-11-21T08:00:00Z')).toBe('2026-11-21T08:00:00.000Z')
    // Written before its publication time (a story scheduled ahead): it changed when it appeared.
    expect(modifiedTime('2026-11-20T10:00:00Z', '2026-11-19T08:00:00Z')).toBe('2026-11-20T10:00:00.000Z')
    expect(modifiedTime(null, '2026-11-19T08:00:00Z')).toBe('2026-11-19T08:00:00.000Z')
    expect(modifiedTime('2026-11-20T10:00:00Z', 'not a date')).toBe('2026-11-20T10:00:00.000Z')
    expect(modifiedTime(null, undefined)).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { validateSearchParams } from '../search/params.ts'
import { jsonLdScript, newsArticleLd, organizationLd, profilePageLd, webSiteLd, type NewsArticleFacts } from './structuredData.ts'
import { structuredDataProblems } from './structuredData.testing.ts'

const origin = 'https://resonance.example'

const facts: NewsArticleFacts = {
  headline: 'Thames Barrier closes twice in a week',
  description: 'Spring tides meet a storm surge.',
  url: `${origin}/article/thames-barrier`,
  images: [`${origin}/images/a-1200x675.jpg`, `${origin}/images/a-1200x900.jpg`, `${origin}/images/a-1200x1200.jpg`],
  datePublished: '2026-11-20T10:00:00.000Z',
  dateModified: '2026-11-20T11:30:00.000Z',
  author: { name: 'Priya Raman', url: `${origin}/author/priya-raman` },
  section: 'UK',
}

describe('NewsArticle', () => {
  it('has every property a news article needs: headline, images, dates, author and publisher with its logo', () => {
    const ld = newsArticleLd(origin, facts)
    expect(structuredDataProblems(ld)).toEqual([])
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: facts.headline,
      image: facts.images,
      datePublished: facts.datePublished,
      dateModified: facts.dateModified,
      mainEntityOfPage: { '@type': 'WebPage', '@id': facts.url },
      author: { '@type': 'Person', name: 'Priya Raman', url: `${origin}/author/priya-raman` },
      publisher: { '@type': 'Organization', name: 'Resonance', url: `${origin}/`, logo: { '@type': 'ImageObject', url: `${origin}/logo.png`, width: 512, height: 512 } },
      articleSection: 'UK',
    })
  })

  it('names the paper as the author of a story without a writer', () => {
    const ld = newsArticleLd(origin, { ...facts, author: null })
    expect(ld.author).toEqual(ld.publisher)
    expect(structuredDataProblems(ld)).toEqual([])
  })

  it('leaves out dates it does not have, and the check says so', () => {
    const ld = newsArticleLd(origin, { ...facts, datePublished: null, dateModified: null })
    expect(ld).not.toHaveProperty('datePublished')
    expect(structuredDataProblems(ld)).toEqual(['NewsArticle (NewsArticle) has no datePublished', 'NewsArticle (NewsArticle) has no dateModified'])
  })
})

describe('the check of required properties', () => {
  it('finds a missing headline, a relative address, a date without a zone and a publisher without a logo', () => {
    const ld = { ...newsArticleLd(origin, facts), headline: '', url: '/article/thames-barrier', dateModified: '2026-11-20 11:30', publisher: { '@type': 'Organization', name: 'Resonance', url: `${origin}/` } }
    expect(structuredDataProblems(ld)).toEqual([
      'NewsArticle (NewsArticle) has no headline',
      'NewsArticle.url is not an absolute http(s) URL: "/article/thames-barrier"',
      'NewsArticle.publisher (Organization) has no logo',
      'NewsArticle.dateModified is not an ISO 8601 date-time with a time zone: "2026-11-20 11:30"',
      'NewsArticle.publisher is not an Organization with a logo',
    ])
  })

  it('finds a search box whose address has no place for the search', () => {
    const ld = webSiteLd(origin)
    const broken = { ...ld, potentialAction: { '@type': 'SearchAction', target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search` }, 'query-input': 'required name=q' } }
    expect(structuredDataProblems(broken)).toEqual([
      'WebSite.potentialAction.target has no {search_term_string} in its URL',
      'WebSite.potentialAction does not say its query is search_term_string',
    ])
  })
})

describe('the paper: Organization and WebSite', () => {
  it('describes the paper by name, address and logo', () => {
    const ld = organizationLd(origin)
    expect(structuredDataProblems(ld)).toEqual([])
    expect(ld).toMatchObject({ '@type': 'Organization', name: 'Resonance', url: `${origin}/`, logo: { url: `${origin}/logo.png` } })
  })

  it("offers the search page's own address as the site's search box", () => {
    const ld = webSiteLd(origin)
    expect(structuredDataProblems(ld)).toEqual([])
    expect(ld.potentialAction).toEqual({
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    })
    // The parameter the template fills is the one the search page reads.
    const query = new URL(`${origin}/search?q=tides`).searchParams
    expect(validateSearchParams(Object.fromEntries(query)).q).toBe('tides')
  })
})

describe('an author page', () => {
  it('is a ProfilePage about the person', () => {
    const ld = profilePageLd({ name: 'Priya Raman', url: `${origin}/author/priya-raman`, image: `${origin}/images/p.jpg`, description: 'Environment correspondent.' })
    expect(structuredDataProblems(ld)).toEqual([])
    expect(ld.mainEntity).toEqual({ '@type': 'Person', name: 'Priya Raman', url: `${origin}/author/priya-raman`, image: `${origin}/images/p.jpg`, description: 'Environment correspondent.' })
  })
})

describe('jsonLdScript', () => {
  const hostile = 'Mayor says </script><script>alert(1)</script> & <!-- \u2028 "no"'

  it('writes text that cannot end its script element', () => {
    const { type, children } = jsonLdScript(newsArticleLd(origin, { ...facts, headline: hostile }))
    expect(type).toBe('application/ld+json')
    expect(children).not.toMatch(/[<>&\u2028\u2029]/)
    expect(children).toContain('\\u003c/script\\u003e')
  })

  it('reads back as the data it was', () => {
    const ld = newsArticleLd(origin, { ...facts, headline: hostile })
    expect(JSON.parse(jsonLdScript(ld).children)).toEqual(ld)
  })
})

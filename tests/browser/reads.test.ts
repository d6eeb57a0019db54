// Counting reads in Chromium: a real view of an article sends the beacon and is counted once, a story
// opened from the paper's own pages is counted as such, and an open homepage's Trending (Most read)
// list takes the new counts without a reload, with one refetch for the fold.

import { describe, expect, it } from 'vitest'
import { AudienceStore, hourOf, openAudienceDb } from '../../server/audience/store.ts'
import { testArticle } from '../support/articles.ts'
import { gotoApp } from '../support/browser.ts'
import { browserSuite } from '../support/suite.ts'

// Five articles just over the threshold in the last day, and one on it, newer than them all: one
// more read puts it on the list, level with the least read, and as the newer it takes that place.
// The documents carry the counts the hourly aggregates add up to, as after a fold.
const lastDay: Record<string, number> = { 'popular-1': 101, 'popular-2': 102, 'popular-3': 103, 'popular-4': 104, 'popular-5': 105, rising: 100 }
const suite = browserSuite({
  documents: Object.entries(lastDay).map(([id, reads], n) => testArticle(id, id === 'rising' ? 5 : 60 + n, { readCount: reads, readsLastDay: reads })),
  seed: async (suite) => {
    const audience = new AudienceStore(suite.service.dataDir)
    audience.add(Object.entries(lastDay).map(([articleId, reads]) => ({ dataset: 'production', articleId, hour: hourOf(Date.now()), source: 'search' as const, reads })))
    audience.close()
  },
})

// Headless Chromium names itself HeadlessChrome, which the bot list rightly refuses: the readers
// here present the user agent of the Chrome they stand for.
const reader = { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' }

async function readsOf(id: string): Promise<{ readCount: number; readsLastDay: number }> {
  return suite.service.client().fetch('*[_id == $id][0]{readCount, readsLastDay}', { id })
}

function sourcesOf(id: string): Record<string, number> {
  const db = openAudienceDb(suite.service.dataDir, { readonly: true })
  try {
    const rows = db.prepare('SELECT source, SUM(reads) AS reads FROM reads_hourly WHERE article_id = ? GROUP BY source').all(id) as Array<{ source: string; reads: number }>
    return Object.fromEntries(rows.map((row) => [row.source, row.reads]))
  } finally {
    db.close()
  }
}

describe('a read', () => {
  it('is sent by a real page view, counted once, and moves an open homepage\'s Trending list with one refetch', async () => {
    const home = await suite.newPage(reader)
    // The homepage's own query (the listen stream is tagged homepage.live).
    const homepageQueries: string[] = []
    home.on('request', (request) => {
      if (/[?&]tag=homepage(&|$)/.test(request.url())) homepageQueries.push(request.url())
    })
    await gotoApp(home, `${suite.service.url}/`)
    const trending = home.getByRole('region', { name: 'Trending' }).getByRole('link')
    await expect.poll(() => trending.allTextContents()).toEqual(['Story popular-5', 'Story popular-4', 'Story popular-3', 'Story popular-2', 'Story popular-1'])

    const article = await suite.newPage(reader)
    const beaconSent = () => article.waitForResponse((response) => response.url() === `${suite.service.url}/reads` && response.request().method() === 'POST')
    // A story opened from the homepage is a read from the paper's own pages.
    await gotoApp(article, `${suite.service.url}/`)
    let beacon = beaconSent()
    await article.getByRole('region', { name: 'Trending' }).getByRole('link', { name: 'Story popular-5' }).click()
    await article.getByRole('heading', { level: 1, name: 'Story popular-5' }).waitFor()
    expect((await beacon).status()).toBe(204)

    beacon = beaconSent()
    await gotoApp(article, `${suite.service.url}/article/rising`)
    expect((await beacon).status()).toBe(204)
    // A reload is the same reader: still one read.
    beacon = beaconSent()
    await article.reload()
    await article.getByRole('heading', { level: 1, name: 'Story rising' }).waitFor()
    await beacon

    // The minute's fold, on demand: both reads were counted before their beacons were answered.
    const before = homepageQueries.length
    await suite.service.reads.fold()
    expect(await readsOf('rising')).toEqual({ readCount: 101, readsLastDay: 101 })
    expect(await readsOf('popular-5')).toEqual({ readCount: 106, readsLastDay: 106 })
    expect(sourcesOf('popular-5')).toEqual({ search: 105, internal: 1 })
    expect(sourcesOf('rising')).toEqual({ search: 100, direct: 1 })

    await expect.poll(() => trending.allTextContents()).toEqual(['Story popular-5', 'Story popular-4', 'Story popular-3', 'Story popular-2', 'Story rising'])
    // The fold changed two articles in one transaction: the open homepage asked for itself once.
    expect(homepageQueries.length - before).toBe(1)
  })
})

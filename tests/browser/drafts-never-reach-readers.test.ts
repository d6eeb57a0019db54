// An anonymous reader's open homepage, live, while an editor unpublishes a story and edits its
// draft in one save, then works on drafts: the page updates, and nothing the browser receives (the
// live stream's events, the queries it sends after them, the page) holds the draft.

import { describe, expect, it } from 'vitest'
import { testArticle } from '../support/articles.ts'
import { gotoApp } from '../support/browser.ts'
import { browserSuite } from '../support/suite.ts'

const SECRET = 'Embargoed until Friday'
const suite = browserSuite({
  documents: [
    testArticle('lead', 10, { isLeadStory: true }),
    ...[1, 2, 3].map((n) => testArticle(`featured-${n}`, 20 + n, { isFeatured: true })),
    ...[1, 2, 3].map((n) => testArticle(`update-${n}`, 30 + n, { isLatestUpdate: true })),
  ],
})

describe('an anonymous reader’s open homepage', () => {
  it('never receives a draft while an editor unpublishes and edits', async () => {
    const context = await suite.browser.newContext()
    const page = await context.newPage()
    const received: string[] = []
    // Every message of the live stream, as Chromium's network layer saw it.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    cdp.on('Network.eventSourceMessageReceived', (event) => received.push(`${event.eventName}: ${event.data}`))
    // And every query answer the page reads.
    const answers: Array<Promise<string>> = []
    page.on('response', (response) => {
      if (response.url().includes('/data/query/')) answers.push(response.text().catch(() => ''))
    })
    await gotoApp(page, `${suite.service.url}/`)
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor()
    const featured = page.getByRole('region', { name: 'Featured Stories' })
    await featured.getByRole('link', { name: 'Story featured-2' }).first().waitFor()

    const editor = suite.service.client({ token: suite.token })
    // Unpublish and edit in one save.
    await editor.transaction().delete('featured-2').createOrReplace({ ...testArticle('featured-2', 22, { isFeatured: true }), _id: 'drafts.featured-2', title: SECRET }).commit()
    await featured.getByRole('link', { name: 'Story featured-2' }).first().waitFor({ state: 'detached' })
    // Then more work on drafts, one beside a published change the reader should see.
    await editor.patch('drafts.featured-2').set({ excerpt: `${SECRET}: the excerpt` }).commit()
    await editor.transaction().createOrReplace({ ...testArticle('lead', 10, { isLeadStory: true }), _id: 'drafts.lead', title: `${SECRET}: new lead` }).patch('update-1', (p) => p.set({ title: 'Update one, corrected' })).commit()
    await page.getByRole('region', { name: 'Latest Updates' }).getByRole('link', { name: 'Update one, corrected' }).first().waitFor()

    const streamed = received.filter((m) => m.startsWith('mutation'))
    expect(streamed.length).toBeGreaterThanOrEqual(2)
    expect(streamed.some((m) => m.includes('"documentId":"featured-2"'))).toBe(true)
    for (const text of [...received, ...(await Promise.all(answers)), await page.content()]) {
      expect(text).not.toContain(SECRET)
      expect(text).not.toContain('drafts.')
    }
    await context.close()
  })
})

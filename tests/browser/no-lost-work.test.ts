// No save undoes another (issue 19, decision 025), in two browsers against a real service: an editor
// and a contributor open the same live article; the contributor saves a draft with a new excerpt,
// then the editor publishes a new title. Opening the article again, the editor is told the draft was
// made from an older published version and how it differs from what readers see; publishing it as
// it is ends in a conflict the editor sees, both versions kept, and readers keep the new title. The
// dashboard lists the published title, marked "Draft differs from live". Axe checks the form with
// the comparison at 1280 and 390 px.

import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../src/content/admin/articleForm/messages.ts'
import { minutesAgo } from '../support/articles.ts'
import { axeViolations } from '../support/axe.ts'
import { gotoApp } from '../support/browser.ts'
import { signedInContext } from '../support/signIn.ts'
import { browserSuite } from '../support/suite.ts'

const editor = { email: 'editor@resonance.test', password: 'an editor password' }
const contributor = { email: 'stringer@resonance.test', password: 'a contributor password' }
const authorId = '4e3d2c1b-0a9f-4e8d-9c7b-6a5f4e3d2c1b'
const categoryId = '5f4e3d2c-1b0a-4f9e-8d7c-6b5a4f3e2d1c'
const id = 'southwark-bridge'
const oldTitle = 'Southwark Bridge closes for repairs'
const newTitle = 'Southwark Bridge reopens to traffic'
const staleMessage = messages.staleDraft

const suite = browserSuite({
  documents: [
    { _id: authorId, _type: 'author', name: 'Ada Okafor', slug: { _type: 'slug', current: 'ada' } },
    { _id: categoryId, _type: 'category', title: 'London', slug: { _type: 'slug', current: 'london' }, kind: 'section' },
    {
      _id: id,
      _type: 'article',
      title: oldTitle,
      slug: { _type: 'slug', current: id },
      publishedAt: minutesAgo(30),
      excerpt: 'The bridge shuts to cars for a month.',
      author: { _type: 'reference', _ref: authorId },
      categories: [{ _type: 'reference', _ref: categoryId, _key: 'c' }],
      body: [{ _type: 'block', _key: 'b', style: 'normal', markDefs: [], children: [{ _type: 'span', _key: 's', text: 'Engineers will replace the bearings under the central span.', marks: [] }] }],
      isLatestUpdate: true,
    },
  ],
  seed: async ({ service }) => {
    await service.auth.upsertUser(editor.email, editor.password, 'editor')
    await service.auth.upsertUser(contributor.email, contributor.password, 'contributor')
  },
  viewport: { width: 1280, height: 1000 },
})

let editors: BrowserContext
let contributors: BrowserContext

beforeAll(async () => {
  editors = await signedInContext(suite, editor)
  contributors = await signedInContext(suite, contributor)
})

async function openForm(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${suite.service.url}/admin/edit/articles/${id}`)
  await page.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor()
  await page.getByLabel('Title').waitFor()
  return page
}

const stored = (documentId: string) => suite.service.client({ token: suite.token }).fetch<{ title: string; excerpt: string } | null>('*[_id == $id][0]{title, excerpt}', { id: documentId })

describe('a contributor’s draft and an editor’s published change', () => {
  it('never lets the older draft undo the newer published title', async () => {
    const editing = await openForm(editors)
    const drafting = await openForm(contributors)
    await editing.getByLabel('Title').waitFor()

    await drafting.getByLabel('Excerpt').fill('The bridge reopens to cars on Monday.')
    await drafting.getByRole('button', { name: 'Save Draft' }).click()
    await expect.poll(() => stored(`drafts.${id}`)).toEqual({ title: oldTitle, excerpt: 'The bridge reopens to cars on Monday.' })
    await drafting.close()

    // Saved at once, before the form would autosave a draft of its own.
    await editing.getByLabel('Title').fill(newTitle)
    await editing.getByRole('button', { name: 'Save Article' }).click()
    await editing.getByText('Article updated successfully.', { exact: true }).first().waitFor()
    await editing.close()

    // Opening it again, the form says it edits a draft made from an older version, and how it differs.
    const page = await openForm(editors)
    const notice = page.getByRole('region', { name: 'Editing a draft' })
    await notice.waitFor()
    await notice.getByText('The published version changed after this draft was made.').waitFor()
    await notice.getByText('Readers see the published version, which differs in: Title, Excerpt.').waitFor()
    const comparison = notice.getByRole('group')
    expect(await comparison.getByText(newTitle, { exact: true }).count()).toBe(1)
    expect(await comparison.getByText(oldTitle, { exact: true }).count()).toBe(1)
    expect(await notice.getByRole('button', { name: 'Publish this draft' }).count()).toBe(0)
    expect(await axeViolations(page, { include: 'main' })).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await axeViolations(page, { include: 'main' })).toEqual([])
    await page.setViewportSize({ width: 1280, height: 1000 })

    // Publishing the stale draft as it is: a conflict the editor sees, both versions kept.
    await page.getByRole('button', { name: 'Save Article' }).click()
    await page.getByRole('alert').filter({ hasText: staleMessage }).waitFor()
    expect(await page.getByLabel('Title').inputValue()).toBe(oldTitle)
    expect(await stored(id)).toEqual({ title: newTitle, excerpt: 'The bridge shuts to cars for a month.' })
    expect(await stored(`drafts.${id}`)).toEqual({ title: oldTitle, excerpt: 'The bridge reopens to cars on Monday.' })
    // Nobody else saved: nothing to reload, and the draft's own choices are open without one.
    expect(await page.getByRole('button', { name: 'Reload their version' }).count()).toBe(0)
    expect(await notice.getByRole('button', { name: 'Discard draft' }).getAttribute('aria-disabled')).toBeNull()
    await page.close()

    const reader = await suite.newPage()
    await gotoApp(reader, `${suite.service.url}/article/${id}`)
    await reader.getByRole('heading', { level: 1, name: newTitle }).waitFor()
    expect(await reader.getByText(oldTitle).count()).toBe(0)
  })

  it('is listed on the dashboard by its published title, marked as having a draft that differs', async () => {
    const page = await editors.newPage()
    await page.goto(`${suite.service.url}/admin/dashboard`)
    const item = page.getByRole('listitem').filter({ hasText: newTitle }).first()
    await item.waitFor()
    expect(await item.getByText('Draft differs from live', { exact: true }).count()).toBe(1)
    expect(await page.getByRole('main').getByText(oldTitle).count()).toBe(0)
    await page.close()
  })
})

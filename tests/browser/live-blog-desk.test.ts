// The live blog desk in Chromium against a real service (docs/decisions/035-live-blog-desk.md): an
// editor starts live coverage beside the article's form and posts three updates (one a key event,
// one pinned), which a reader's page in another browser shows after a reload; a contributor's draft
// reaches the editor's desk by the listen stream and is not on the reader's page until the editor
// publishes it; an edit and a delete reach the reader; End live coverage, after its question, shows
// "This live blog has ended". Axe checks the desk at 1280 and 390 px.

import type { BrowserContext, Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { formArticle } from '../support/articles.ts'
import { axeViolations } from '../support/axe.ts'
import { testAdmin } from '../support/service.ts'
import { signedInContext } from '../support/signIn.ts'
import { browserSuite } from '../support/suite.ts'
import { authorId, categoryId } from '../../src/content/admin/articleForm/validArticle.fixtures.ts'

const contributor = { email: 'stringer@resonance.test', password: 'a contributor password' }

const suite = browserSuite({
  documents: [
    { _id: authorId, _type: 'author', name: 'Nadia Rahman', slug: { _type: 'slug', current: 'nadia' } },
    { _id: categoryId, _type: 'category', title: 'London', slug: { _type: 'slug', current: 'london' }, kind: 'section' },
    { ...formArticle('storm-desk', 'Storm Isolde crosses London', 60), excerpt: 'The latest as the storm passes.' },
  ],
  seed: ({ service }) => service.auth.upsertUser(contributor.email, contributor.password, 'contributor'),
  viewport: { width: 1280, height: 1000 },
})

let editor: BrowserContext
let stringer: BrowserContext
let reader: Page

beforeAll(async () => {
  editor = await signedInContext(suite, testAdmin)
  stringer = await signedInContext(suite, contributor)
  reader = await (await suite.newContext({ viewport: { width: 390, height: 844 } })).newPage()
})

const desk = (page: Page) => page.getByRole('region', { name: 'Live blog desk' })
const said = (page: Page, text: string) => desk(page).getByText(text, { exact: true }).waitFor()

async function openDesk(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${suite.service.url}/admin/edit/articles/storm-desk`)
  await desk(page).getByRole('heading', { name: 'Live blog desk' }).waitFor()
  return page
}

async function post(page: Page, text: string, options: { headline?: string; keyEvent?: boolean; pin?: boolean } = {}): Promise<void> {
  const composer = desk(page).getByRole('form', { name: /^(Post update|Save draft update)$/ })
  if (options.headline) await composer.getByRole('textbox', { name: 'Headline (optional)' }).fill(options.headline)
  await composer.getByRole('textbox', { name: 'Update', exact: true }).click()
  await page.keyboard.type(text)
  if (options.keyEvent) await composer.getByRole('switch', { name: 'Key event' }).check()
  if (options.pin) await composer.getByRole('switch', { name: 'Pin' }).check()
  await composer.getByRole('textbox', { name: 'Update', exact: true }).press('Control+Enter')
  await desk(page).getByRole('listitem').filter({ hasText: text }).waitFor()
}

const item = (page: Page, text: string): Locator => desk(page).getByRole('listitem').filter({ hasText: text })

async function readerPage(): Promise<string> {
  await reader.goto(`${suite.service.url}/article/storm-desk`)
  return reader.getByRole('main').innerText()
}

describe('the live blog desk', () => {
  it('runs a live blog from the article form, as readers then see it', async () => {
    const page = await openDesk(editor)
    await desk(page).getByRole('button', { name: 'Start live coverage' }).click()
    await said(page, 'Live coverage started: readers see this article as a live blog.')

    await post(page, 'The Met Office has raised its warning to amber.', { headline: 'Amber warning for wind', keyEvent: true })
    await post(page, 'Check before you travel and avoid the river paths.', { headline: 'Travel advice', pin: true })
    await post(page, 'Gusts of 68mph have been recorded at Canary Wharf.')
    await desk(page).getByRole('heading', { name: 'Updates (3)' }).waitFor()
    expect(await item(page, 'Amber warning for wind').innerText()).toContain('Key event')
    expect(await item(page, 'Travel advice').innerText()).toContain('Pinned')

    let read = await readerPage()
    expect(read).toContain('Amber warning for wind')
    expect(read).toContain('Gusts of 68mph have been recorded at Canary Wharf.')
    expect(await reader.getByRole('region', { name: 'Pinned' }).innerText()).toContain('Travel advice')
    expect(await reader.getByRole('navigation', { name: 'Key events' }).innerText()).toContain('Amber warning for wind')

    // A contributor's draft: on the editor's open desk by the listen stream, never on the reader's page until published.
    const theirs = await openDesk(stringer)
    await post(theirs, 'Trees are down on the South Circular near Catford.')
    await said(theirs, 'Draft update saved: an editor publishes it.')
    expect(await theirs.getByRole('button', { name: 'End live coverage' }).count()).toBe(0)
    const draft = item(page, 'Trees are down on the South Circular')
    await draft.getByText('Draft', { exact: true }).waitFor()
    expect(await readerPage()).not.toContain('Trees are down')
    await draft.getByRole('button', { name: /^Publish the draft update/ }).click()
    await said(page, 'Update published.')
    expect(await readerPage()).toContain('Trees are down on the South Circular near Catford.')

    // Edited in place, then deleted after the question.
    const gusts = item(page, 'Gusts of 68mph')
    await gusts.getByRole('button', { name: /^Edit the update/ }).click()
    const edit = desk(page).getByRole('form', { name: 'Save update' })
    await edit.getByRole('textbox', { name: 'Update', exact: true }).click()
    await page.keyboard.press('End')
    await page.keyboard.type(' The warning stays until 6am.')
    await edit.getByRole('button', { name: 'Save update' }).click()
    await said(page, 'Update saved.')
    read = await readerPage()
    expect(read).toContain('Gusts of 68mph have been recorded at Canary Wharf. The warning stays until 6am.')

    await item(page, 'Trees are down').getByRole('button', { name: /^Delete the update/ }).click()
    const question = page.getByRole('dialog', { name: 'Delete update' })
    await question.getByRole('button', { name: 'Delete' }).click()
    await said(page, 'Update deleted.')
    expect(await readerPage()).not.toContain('Trees are down')

    expect(await axeViolations(page, { include: '.live-desk' })).toEqual([])
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await axeViolations(page, { include: '.live-desk' })).toEqual([])
    await page.setViewportSize({ width: 1280, height: 1000 })

    await desk(page).getByRole('button', { name: 'End live coverage' }).click()
    await page.getByRole('dialog', { name: 'End live coverage' }).getByRole('button', { name: 'End live coverage' }).click()
    await said(page, 'Live coverage ended: readers see "This live blog has ended".')
    expect(await readerPage()).toContain('This live blog has ended')
    expect(await desk(page).getByRole('form', { name: 'Post update' }).count()).toBe(0)
  })
})

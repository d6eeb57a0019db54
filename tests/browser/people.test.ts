// The People page and the contributor role in Chromium against a real service with the demo paper:
// an admin adds a contributor, who signs in, writes a draft with no publishing offered, and whose
// forged publish the service refuses; the admin then signs them out everywhere. Axe clean at 1280
// and 390 px.

import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { testAdmin } from '../support/service.ts'
import { browserSuite } from '../support/suite.ts'
import { axeViolations } from '../support/axe.ts'
import { signInToAdmin } from '../support/signIn.ts'

const contributor = { email: 'new.writer@resonance.test', password: 'a first password' }
const title = 'Lamplighters return to Covent Garden'

const suite = browserSuite({ env: { SEED: 'demo' }, adminToken: true })

async function axe(page: Page): Promise<string[]> {
  return axeViolations(page)
}

async function signIn(credentials: { email: string; password: string }, viewport = { width: 1280, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.newContext({ viewport })
  const page = await context.newPage()
  await signInToAdmin(page, suite.service.url, credentials)
  return { context, page }
}

async function openPeople(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'People' }).click()
  await page.getByRole('heading', { level: 1, name: 'People' }).waitFor()
  await page.getByRole('list', { name: 'People who can sign in' }).waitFor()
}

const card = (page: Page, email: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: email }) })

describe('people and roles', () => {
  it('an admin adds a contributor on the People page, axe clean at 1280 and 390 px', async () => {
    const { page } = await signIn(testAdmin)
    await openPeople(page)
    expect(await card(page, testAdmin.email).getByText('(you)').isVisible()).toBe(true)
    expect(await axe(page)).toEqual([])

    // A short password is refused at the field before anything is sent.
    const add = page.getByRole('form', { name: 'Add a person' })
    await add.getByLabel('Email').fill(contributor.email)
    await add.getByLabel('Role').selectOption({ label: 'Contributor' })
    await add.getByLabel('First password').fill('too short')
    await add.getByRole('button', { name: 'Add person' }).click()
    await page.getByText('A password needs at least 12 characters.').waitFor()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('person-password')
    expect(await axe(page)).toEqual([])

    await add.getByLabel('First password').fill(contributor.password)
    await add.getByRole('button', { name: 'Add person' }).click()
    await page.getByText(`${contributor.email} can now sign in.`).waitFor()
    const added = card(page, contributor.email)
    await added.waitFor()
    expect(await added.locator('.people__facts').getByText('Contributor', { exact: true }).isVisible()).toBe(true)
    expect(await added.getByText('Never signed in').isVisible()).toBe(true)

    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('heading', { level: 1, name: 'People' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await axe(page)).toEqual([])
  })

  it('the contributor writes a draft with no publishing offered, and a forged publish is refused', async () => {
    const { page } = await signIn(contributor)
    const nav = page.getByRole('navigation', { name: 'Admin' })
    expect(await nav.getByRole('link', { name: 'People' }).count()).toBe(0)
    expect(await nav.getByRole('link', { name: 'Authors' }).count()).toBe(0)

    await nav.getByRole('link', { name: 'New Article' }).click()
    await page.getByRole('heading', { level: 1, name: 'Create New Article' }).waitFor()
    await page.getByLabel('Title').waitFor()
    expect(await page.getByRole('switch').count()).toBe(0)
    expect(await page.getByText('Saved as a draft.').isVisible()).toBe(true)
    expect(await axe(page)).toEqual([])

    await page.getByLabel('Title').fill(title)
    await page.getByRole('button', { name: 'Generate from title' }).click()
    await page.getByRole('textbox', { name: 'Content' }).click()
    await page.keyboard.type('The gas lamps of the market are lit by hand again each evening.')
    await page.getByLabel('Author').selectOption({ index: 1 })
    await page.getByRole('checkbox', { name: 'UK', exact: true }).check()
    await page.getByRole('button', { name: 'Save Draft' }).click()
    await page.waitForURL('**/admin/dashboard')

    const admin = suite.service.client({ token: suite.token })
    const saved = await admin.fetch<Array<{ _id: string }>>('*[_type == "article" && title == $title]{_id}', { title })
    expect(saved.map((doc) => doc._id.startsWith('drafts.'))).toEqual([true])
    const draftId = saved[0]!._id

    // The contributor's own token, as a script of theirs would hold it, cannot publish the draft.
    const token = await page.evaluate(() => {
      for (let i = 0; i < localStorage.length; i++) {
        const value = localStorage.getItem(localStorage.key(i)!) ?? ''
        const match = /"access_token":"([^"]+)"/.exec(value)
        if (match) return match[1]!
      }
      return null
    })
    expect(token).toBeTruthy()
    const forged = await page.evaluate(
      async ({ url, token, id }) => {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ mutations: [{ createOrReplace: { _id: id, _type: 'article', title: 'Published by a contributor' } }] }),
        })
        return { status: res.status, body: (await res.json()) as { error?: { items?: Array<{ error: { type: string } }> } } }
      },
      { url: `${suite.service.url}/v2023-05-03/data/mutate/production`, token, id: draftId.replace(/^drafts\./, '') },
    )
    expect(forged.status).toBe(403)
    expect(forged.body.error?.items?.[0]?.error.type).toBe('insufficientPermissionsError')
    expect(await suite.service.client().fetch('count(*[_type == "article" && title == $title])', { title })).toBe(0)
  })

  it('the admin signs the contributor out everywhere, and their next step is the sign-in page', async () => {
    const writer = await signIn(contributor)
    const { page } = await signIn(testAdmin)
    await openPeople(page)
    const person = card(page, contributor.email)
    await person.getByText('Signed in on', { exact: false }).waitFor()
    await person.getByRole('button', { name: `End sessions of ${contributor.email}` }).click()
    const dialog = page.getByRole('dialog', { name: 'End sessions' })
    await dialog.getByRole('button', { name: 'Sign out' }).click()
    await person.getByText('Not signed in now').waitFor()

    await writer.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Articles', exact: true }).click()
    await writer.page.waitForURL('**/admin/login**')
  })
})

// An editor's preview in Chromium against a real service with the demo newspaper (decision 014): the
// editor writes a draft in the form, presses Preview and reads the draft at its reader address under
// the "Preview: not published" banner; an anonymous reader at the same address gets "Article not
// found.", and the HTML the server sends holds no word of the draft. Axe checks the preview at
// 1280 and 390 pixels.

import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { demoAdmin } from '../../server/config.ts'
import { gotoApp } from '../support/browser.ts'
import { browserSuite } from '../support/suite.ts'
import { axeViolations } from '../support/axe.ts'
import { signedInContext } from '../support/signIn.ts'

const editor = { email: 'preview-editor@resonance.test', password: 'preview-password-1' }
const title = 'Lido reopens after a decade of campaigning'
const slug = 'lido-reopens-after-a-decade-of-campaigning'
const secret = 'The council will confirm the opening date on Monday.'

const suite = browserSuite({
  env: { SEED: 'demo', ADMIN_EMAIL: demoAdmin.email, ADMIN_PASSWORD: demoAdmin.password },
  seed: ({ service }) => service.auth.upsertUser(editor.email, editor.password, 'editor'),
})

async function axe(page: Page): Promise<string[]> {
  return axeViolations(page)
}

async function signedIn(): Promise<BrowserContext> {
  return signedInContext(suite, editor)
}

describe('preview', () => {
  let context: BrowserContext

  it('shows an editor the draft they wrote at its reader address, under the banner', async () => {
    context = await signedIn()
    const form = await context.newPage()
    await form.goto(`${suite.service.url}/admin/edit/articles/new`)
    await form.getByRole('heading', { level: 1, name: 'Create New Article' }).waitFor()
    await form.getByLabel('Title').fill(title)
    await form.getByRole('button', { name: 'Generate from title' }).click()
    expect(await form.getByLabel('Slug').inputValue()).toBe(slug)
    const content = form.getByRole('textbox', { name: 'Content' })
    await content.click()
    await form.keyboard.type(`The lido in the park reopens this summer after ten years closed. ${secret}`)
    await form.getByLabel('Author').selectOption({ label: 'Tom Whitcombe' })
    await form.getByRole('checkbox', { name: 'UK', exact: true }).check()
    expect(await form.getByRole('switch', { name: 'Published' }).isChecked()).toBe(false)
    await form.getByRole('button', { name: 'Save Article' }).click()
    await form.waitForURL('**/admin/dashboard')

    const admin = suite.service.client({ token: suite.service.auth.createRobotToken('admin', 'preview-test', 600) })
    const id = await admin.fetch<string>('*[_id in path("drafts.**") && slug.current == $slug][0]._id', { slug })
    expect(id).toMatch(/^drafts\./)
    await form.goto(`${suite.service.url}/admin/edit/articles/${id.slice('drafts.'.length)}`)
    const preview = form.getByRole('link', { name: 'Preview (opens in a new tab)' })
    expect(await preview.getAttribute('href')).toBe(`/article/${slug}?preview`)
    // The first render in the browser is the server's 404, so React takes the page over without a mismatch.
    const errors: string[] = []
    context.on('page', (opened) => opened.on('console', (message) => void (message.type() === 'error' && errors.push(message.text()))))
    const [tab] = await Promise.all([context.waitForEvent('page'), preview.click()])
    await tab!.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 15_000 })
    const banner = tab!.getByRole('region', { name: 'Preview' })
    expect(await banner.getByText('Preview: not published').count()).toBe(1)
    expect(await tab!.getByText(secret, { exact: false }).count()).toBe(1)
    expect(errors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([])
    expect(await axe(tab!)).toEqual([])
    await tab!.setViewportSize({ width: 390, height: 844 })
    expect(await banner.isVisible()).toBe(true)
    expect(await axe(tab!)).toEqual([])
  })

  it('gives an anonymous reader the 404 at the same address, and the server’s HTML never holds the draft', async () => {
    const reader = await suite.newPage()
    const response = await gotoApp(reader, `${suite.service.url}/article/${slug}?preview`)
    expect(response?.status()).toBe(404)
    await reader.getByRole('heading', { level: 1, name: 'Article not found.' }).waitFor()
    expect(await reader.getByRole('region', { name: 'Preview' }).count()).toBe(0)
    expect(await reader.getByText(secret, { exact: false }).count()).toBe(0)
    for (const path of [`/article/${slug}`, `/article/${slug}?preview`]) {
      const html = await (await fetch(`${suite.service.url}${path}`)).text()
      expect(html).not.toContain(secret)
      expect(html).not.toContain('Lido reopens')
    }
    // Even straight after the editor's own preview loaded the same address in this service.
    const editorTab = await context.newPage()
    await gotoApp(editorTab, `${suite.service.url}/article/${slug}`)
    await editorTab.getByText('Preview: not published').waitFor({ timeout: 15_000 })
    const again = await (await fetch(`${suite.service.url}/article/${slug}`)).text()
    expect(again).not.toContain(secret)
    expect(await axe(reader)).toEqual([])
  })
})

// The built app served by the content service, opened in Chromium: the page shows what the API
// holds, unknown paths show the not-found page, and both pass an axe audit.

import AxeBuilder from '@axe-core/playwright'
import { resolve } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../support/browser.ts'
import { startTestService, type TestService } from '../support/service.ts'

let service: TestService
let browser: Browser

beforeAll(async () => {
  service = await startTestService({ STATIC_DIR: resolve('dist') })
  const client = service.client({ token: await service.adminToken() })
  await client
    .transaction()
    .create({ _id: 'a1', _type: 'article', title: 'Thames Barrier closes twice in a week', slug: { _type: 'slug', current: 'thames-barrier' }, publishedAt: '2026-11-20T10:00:00Z' })
    .create({ _id: 'a2', _type: 'article', title: 'Council budget vote delayed', slug: { _type: 'slug', current: 'council-budget' }, publishedAt: '2026-11-21T08:00:00Z' })
    .create({ _id: 'drafts.a3', _type: 'article', title: 'An unpublished draft', slug: { _type: 'slug', current: 'draft' }, publishedAt: '2026-11-21T09:00:00Z' })
    .commit()
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await service?.stop()
})

describe('the app on the content service', () => {
  it('lists the published headlines, newest first, and never a draft', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${service.url}/`)
    await page.getByRole('heading', { name: 'Latest news' }).waitFor()
    const links = page.getByRole('main').getByRole('link')
    await links.first().waitFor()
    expect(await links.allTextContents()).toEqual(['Council budget vote delayed', 'Thames Barrier closes twice in a week'])
    expect(await page.getByRole('link', { name: 'Council budget vote delayed' }).getAttribute('href')).toBe('/article/council-budget')
    expect(await page.getByText('London Edition').isVisible()).toBe(true)
    const axe = await new AxeBuilder({ page }).analyze()
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
    await context.close()
  })

  it('shows the not-found page for an unknown path', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${service.url}/no/such/page`)
    await page.getByRole('heading', { name: /Oops! Page not found/ }).waitFor()
    expect(await page.getByText('404', { exact: true }).isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/')
    const axe = await new AxeBuilder({ page }).analyze()
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
    await context.close()
  })
})

// The photo essay editor in Chromium against a real content service: an editor makes an essay of
// three pictures, reorders them by keyboard, publishes it, and readers find it on /photo-essays and
// on its own page with the pictures in the new order, each with its words. Axe checks the form
// empty and full at desktop and phone widths.

import type { BrowserContext, Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { testAdmin } from '../support/service.ts'
import { browserSuite } from '../support/suite.ts'
import { axeViolations } from '../support/axe.ts'
import { signedInContext } from '../support/signIn.ts'

const photographerId = '7a2d3c0f-5b9e-4d2f-8c8b-3e4f5a6b7c8d'

const suite = browserSuite({
  documents: [{ _id: photographerId, _type: 'author', name: 'Amara Okafor', slug: { _type: 'slug', current: 'amara-okafor' } }],
})

async function axe(page: Page): Promise<string[]> {
  return axeViolations(page)
}

/** Axe at 1280 and at 390 pixels wide, then back to the desktop width; at each, the page must not scroll sideways. */
async function axeAtBothWidths(page: Page): Promise<string[]> {
  const found: string[] = []
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    found.push(...(await axe(page)).map((violation) => `${width}px ${violation}`))
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    if (sideways > 0) found.push(`${width}px scrolls sideways by ${sideways}px`)
  }
  return found
}

async function signedIn(): Promise<BrowserContext> {
  return signedInContext(suite, testAdmin, { viewport: { width: 1280, height: 900 } })
}

const picture = (background: string) => sharp({ create: { width: 1200, height: 800, channels: 3, background } }).jpeg().toBuffer()
const group = (page: Page, n: number, of: number) => page.getByRole('group', { name: `Picture ${n} of ${of}`, exact: true })

describe('a photo essay made in the admin', () => {
  it('is made of three pictures, reordered, published, and read in that order', async () => {
    const context = await signedIn()
    const page = await context.newPage()
    await page.goto(`${suite.service.url}/admin/content/images`)
    await page.getByRole('heading', { level: 1, name: 'Manage Image Galleries' }).waitFor()
    await page.getByRole('link', { name: 'New photo essay' }).click()
    await page.getByRole('heading', { level: 1, name: 'New Photo Essay' }).waitFor()
    await page.getByLabel('Title').waitFor()
    expect(await axeAtBothWidths(page)).toEqual([])

    await page.getByRole('button', { name: 'Save Photo Essay' }).click()
    await page.getByText('A photo essay needs at least one picture.').waitFor()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('essay-title')

    await page.getByLabel('Title').fill('Night shift on the river')
    await page.getByRole('button', { name: 'Generate from title' }).click()
    await page.getByLabel('Introduction').fill('The people who keep the Thames moving after dark.')
    await page.getByLabel('Photographer').selectOption({ label: 'Amara Okafor' })
    await page.getByLabel('Add pictures').setInputFiles([
      { name: 'tug.jpg', mimeType: 'image/jpeg', buffer: await picture('#1d3557') },
      { name: 'pilot.jpg', mimeType: 'image/jpeg', buffer: await picture('#e63946') },
      { name: 'barrier.jpg', mimeType: 'image/jpeg', buffer: await picture('#2a9d8f') },
    ])
    await group(page, 3, 3).waitFor({ timeout: 20_000 })
    for (const [n, alt, caption] of [
      [1, 'A tug pushing barges under Tower Bridge', 'Tower Bridge, 2am'],
      [2, 'A pilot climbing a rope ladder onto a tanker', 'Gravesend reach'],
      [3, 'The Thames Barrier’s gates raised at dawn', 'Woolwich, 6am'],
    ] as const) {
      await group(page, n, 3).getByLabel('Alt text').fill(alt)
      await group(page, n, 3).getByLabel('Caption').fill(caption)
    }
    await group(page, 3, 3).getByLabel('Credit').fill('Port of London Authority')

    // The barrier first, by keyboard: focus stays on the moved picture's button, and each move is said.
    await group(page, 3, 3).getByRole('button', { name: 'Move up' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('status').filter({ hasText: 'Picture moved to position 2 of 3.' }).waitFor()
    await page.keyboard.press('Enter')
    await page.getByRole('status').filter({ hasText: 'Picture moved to position 1 of 3.' }).waitFor()
    expect(await group(page, 1, 3).getByLabel('Alt text').inputValue()).toBe('The Thames Barrier’s gates raised at dawn')
    // At the top Move up is disabled: focus went to Move down of the same picture.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Move down')

    await page.getByRole('switch', { name: 'Published' }).check()
    expect(await axeAtBothWidths(page)).toEqual([])
    await page.getByRole('button', { name: 'Save Photo Essay' }).click()
    await page.getByText('Photo essay created successfully.', { exact: true }).first().waitFor({ timeout: 15_000 })
    await page.getByRole('heading', { level: 1, name: 'Manage Image Galleries' }).waitFor()
    await page.getByRole('link', { name: 'Edit “Night shift on the river”' }).waitFor()

    const reader = await suite.newPage()
    await reader.goto(`${suite.service.url}/photo-essays`)
    await reader.getByRole('link', { name: /Night shift on the river/ }).first().click()
    await reader.getByRole('heading', { level: 1, name: 'Night shift on the river' }).waitFor()
    expect(await reader.getByText('Photographs by Amara Okafor').count()).toBe(1)
    const figures = reader.getByRole('figure')
    expect(await figures.locator('img').evaluateAll((images) => images.map((img) => img.getAttribute('alt')))).toEqual([
      'The Thames Barrier’s gates raised at dawn',
      'A tug pushing barges under Tower Bridge',
      'A pilot climbing a rope ladder onto a tanker',
    ])
    expect(await figures.first().textContent()).toContain('Woolwich, 6am')
    expect(await figures.first().textContent()).toContain('Photograph: Port of London Authority')
    expect(await figures.nth(1).textContent()).toContain('Tower Bridge, 2am')
    await context.close()
  })
})

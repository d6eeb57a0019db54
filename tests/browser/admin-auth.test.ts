// Sign-in, the guard and sign-out in Chromium against a real content service.

import { resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { startTestService, testAdmin } from '../support/service.ts'
import { browserSuite } from '../support/suite.ts'
import { axeViolations } from '../support/axe.ts'

// An empty dataset: signing in needs only the admin the service creates on first start.
const suite = browserSuite()

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

describe('admin sign-in', () => {
  it('sends a visitor to sign-in, then back where they were going, replacing history', async () => {
    const context = await suite.browser.newContext()
    const page = await context.newPage()
    await page.goto(`${suite.service.url}/`)
    await page.goto(`${suite.service.url}/admin/articles?status=draft`)
    await page.getByRole('heading', { name: 'Admin Sign In' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/admin/login')
    expect(new URL(page.url()).searchParams.get('redirect')).toContain('/admin/articles')
    // Not the demo: nothing is prefilled.
    expect(await page.getByLabel('Email').inputValue()).toBe('')
    expect(await axeViolations(page)).toEqual([])
    await signIn(page, testAdmin.email, testAdmin.password)
    // Radix also announces the toast in a live region, so look for the toast itself.
    await page.locator('.toast__title', { hasText: 'Login Successful!' }).waitFor()
    await page.waitForURL((url) => url.pathname === '/admin/articles')
    expect(new URL(page.url()).searchParams.get('status')).toBe('draft')
    await page.getByText('Resonance Admin').waitFor()
    expect(await page.getByText(testAdmin.email).isVisible()).toBe(true)
    // The sign-in page was replaced: Back leaves the admin area.
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/')
    await context.close()
  })

  it('says why a wrong password failed, in the page and in a toast, and keeps the session across a reload', async () => {
    const context = await suite.browser.newContext()
    const page = await context.newPage()
    await page.goto(`${suite.service.url}/admin/login`)
    await signIn(page, testAdmin.email, 'not the password')
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor()
    await page.locator('.toast--error').filter({ hasText: 'Invalid credentials' }).waitFor()
    expect(await page.getByRole('button', { name: 'Sign In' }).isEnabled()).toBe(true)
    await signIn(page, testAdmin.email, testAdmin.password)
    await page.waitForURL((url) => url.pathname === '/admin/dashboard')
    // The failure was put right: its toast goes, and only the success is left beside Logout.
    await page.locator('.toast__title', { hasText: 'Login Successful!' }).waitFor()
    expect(await page.locator('.toast--error[data-state="open"]').count()).toBe(0)
    const toast = (await page.locator('.toast').first().boundingBox())!
    for (const button of [page.getByRole('button', { name: 'Logout' }), page.getByRole('link', { name: /Create Article/ })]) {
      const box = (await button.boundingBox())!
      const overlaps = box.x < toast.x + toast.width && toast.x < box.x + box.width && box.y < toast.y + toast.height && toast.y < box.y + box.height
      expect(overlaps, (await button.textContent()) ?? '').toBe(false)
    }
    await page.reload()
    await page.getByText('Resonance Admin').waitFor()
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard')
    await context.close()
  })

  it('logs out for real: the session is revoked on the server and the admin area is closed again', async () => {
    const context = await suite.browser.newContext()
    const page = await context.newPage()
    await page.goto(`${suite.service.url}/admin/login`)
    await signIn(page, testAdmin.email, testAdmin.password)
    await page.waitForURL((url) => url.pathname === '/admin/dashboard')
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('resonance.session') ?? 'null')?.access_token as string)
    expect(token).toMatch(/^sk/)
    await page.getByRole('button', { name: 'Logout' }).click()
    await page.getByRole('heading', { name: 'Admin Sign In' }).waitFor()
    expect(await page.evaluate(() => localStorage.getItem('resonance.session'))).toBeNull()
    const me = await fetch(`${suite.service.url}/auth/me`, { headers: { authorization: `Bearer ${token}` } })
    expect(me.status).toBe(401)
    await page.goto(`${suite.service.url}/admin/dashboard`)
    await page.getByRole('heading', { name: 'Admin Sign In' }).waitFor()
    await context.close()
  })

  it('drops a session the server no longer knows', async () => {
    const context = await suite.browser.newContext()
    const page = await context.newPage()
    await page.goto(`${suite.service.url}/admin/login`)
    await signIn(page, testAdmin.email, testAdmin.password)
    await page.waitForURL((url) => url.pathname === '/admin/dashboard')
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('resonance.session') ?? 'null')?.access_token as string)
    await fetch(`${suite.service.url}/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })
    await page.reload()
    await page.getByRole('heading', { name: 'Admin Sign In' }).waitFor()
    await context.close()
  })

  it('throttles repeated failures and says when to try again', async () => {
    const throttled = await startTestService({ STATIC_DIR: resolve('dist') })
    try {
      const context = await suite.browser.newContext()
      const page = await context.newPage()
      await page.goto(`${throttled.url}/admin/login`)
      for (let i = 0; i < 4; i++) {
        await signIn(page, testAdmin.email, `wrong ${i}`)
        await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor()
        await page.getByRole('button', { name: 'Sign In' }).waitFor()
      }
      await signIn(page, testAdmin.email, 'wrong again')
      await page.getByRole('alert').filter({ hasText: /Too many failed sign-in attempts\. Try again in \d+ seconds?\./ }).waitFor()
      // Even the right password waits now.
      await signIn(page, testAdmin.email, testAdmin.password)
      await page.getByRole('alert').filter({ hasText: /Too many failed sign-in attempts/ }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/admin/login')
      await context.close()
    } finally {
      await throttled.stop()
    }
  })
})

describe('demo sign-in', () => {
  it('prefills the demo credentials only when the service runs the demo', async () => {
    const demo = await startTestService({ STATIC_DIR: resolve('dist'), SEED: 'demo', ADMIN_EMAIL: 'admin@resonance.example', ADMIN_PASSWORD: 'resonance-demo' })
    try {
      const context = await suite.browser.newContext()
      const page = await context.newPage()
      await page.goto(`${demo.url}/admin/login`)
      await page.getByRole('heading', { name: 'Admin Sign In' }).waitFor()
      expect(await page.getByLabel('Email').inputValue()).toBe('admin@resonance.example')
      await page.getByRole('button', { name: 'Sign In' }).click()
      await page.waitForURL((url) => url.pathname === '/admin/dashboard')
      await context.close()
    } finally {
      await demo.stop()
    }
  })
})

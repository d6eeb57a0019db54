// Video in Chromium against a real content service with the demo newspaper: a demo video story's
// player is named, shows its picture as the poster, loads the clip the demo made when it seeded,
// plays it (Debian's Chromium decodes the H.264 the seed encodes) and is axe clean at desktop and
// phone widths; an editor uploads a new clip in the article form and readers then play that one.

import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { demoAdmin } from '../../server/config.ts'
import { renderClip } from '../../server/seed/video.ts'
import { gotoApp } from '../support/browser.ts'
import { browserSuite } from '../support/suite.ts'
import { axeViolations } from '../support/axe.ts'

const suite = browserSuite({ env: { SEED: 'demo', ADMIN_EMAIL: demoAdmin.email, ADMIN_PASSWORD: demoAdmin.password } })

interface VideoStory {
  _id: string
  title: string
  slug: string
  ref: string
}

/** The newest demo video story, as readers see it. */
async function videoStory(): Promise<VideoStory> {
  const story = await suite.service
    .client()
    .fetch<VideoStory | null>('*[_type == "article" && mediaType == "video" && defined(video.asset)] | order(publishedAt desc)[0]{_id, title, "slug": slug.current, "ref": video.asset._ref}')
  if (!story) throw new Error('The demo has no video story')
  return story
}

async function axe(page: Page): Promise<string[]> {
  return axeViolations(page)
}

/** What the page's player holds: its source, how far it has loaded and where it is. */
function playerState(page: Page) {
  return page.evaluate(() => {
    const video = document.querySelector('video')!
    return {
      src: video.currentSrc,
      readyState: video.readyState,
      duration: video.duration,
      currentTime: video.currentTime,
      paused: video.paused,
      error: video.error?.code ?? null,
    }
  })
}

async function openStory(page: Page, story: VideoStory): Promise<void> {
  await gotoApp(page, `${suite.service.url}/article/${story.slug}`)
  await page.getByRole('heading', { level: 1, name: story.title }).waitFor()
}

describe('a demo video story', () => {
  for (const width of [1280, 390]) {
    it(`plays its clip in a named player with its picture as the poster, axe clean at ${width} px`, async () => {
      const story = await videoStory()
      const page = await suite.newPage({ viewport: { width, height: 900 } })
      await openStory(page, story)
      const player = page.getByLabel(`Video: ${story.title}`)
      await player.waitFor()
      // The article is a document; its player is an island that hydrates on its own when on screen.
      await page.locator('resonance-island[data-island="VideoPlayer"][data-hydrated]').waitFor()
      expect(await player.evaluate((el) => el.tagName)).toBe('VIDEO')
      expect(await player.getAttribute('poster')).toMatch(/^\/images\/resonance\/production\/[a-f0-9]+-1600x900\.jpg\?/)
      expect(await player.getAttribute('preload')).toBe('metadata')
      // The demo's own clip, from this origin's file CDN.
      const sha1 = /^file-([a-f0-9]{40})-mp4$/.exec(story.ref)![1]
      expect(await player.locator('source').getAttribute('src')).toBe(`/files/resonance/production/${sha1}.mp4`)
      await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1)
      const loaded = await playerState(page)
      expect(loaded.error).toBeNull()
      expect(loaded.duration).toBeGreaterThan(1)
      expect(Number.isFinite(loaded.duration)).toBe(true)
      expect(await axe(page)).toEqual([])

      // A reader's click on the player starts it (the page allows no autoplay).
      await player.click()
      await page.evaluate(() => document.querySelector('video')!.play())
      await page.waitForFunction(() => {
        const video = document.querySelector('video')!
        return video.readyState >= 2 && video.currentTime > 0.5
      })
      const playing = await playerState(page)
      expect(playing.error).toBeNull()
      expect(playing.currentTime).toBeGreaterThan(0.5)
    })
  }
})

describe('uploading a clip in the article form', () => {
  async function signedIn(): Promise<BrowserContext> {
    const context = await suite.newContext()
    const page = await context.newPage()
    await page.goto(`${suite.service.url}/admin/login`)
    await page.getByLabel('Email').waitFor()
    await page.waitForFunction(() => (document.querySelector('#login-email') as HTMLInputElement | null)?.value !== '')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForURL('**/admin/dashboard')
    await page.close()
    return context
  }

  it('replaces a video story’s clip, and readers then play the new one', async () => {
    const story = await videoStory()
    const picture = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#2a6f4e' } }).jpeg().toBuffer()
    const clip = await renderClip({ picture, caption: 'A clip uploaded in the article form', seconds: 2 })
    const file = join(suite.service.dataDir, 'uploaded-clip.mp4')
    writeFileSync(file, clip)

    const admin = await signedIn()
    const form = await admin.newPage()
    await form.goto(`${suite.service.url}/admin/edit/articles/${story._id}`)
    await form.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor()
    const field = form.getByRole('group', { name: 'Video' })
    await field.waitFor()
    // The story's own clip plays back in the form before it is replaced.
    await field.locator('video').waitFor()
    await form.getByLabel('Replace video').setInputFiles(file)
    await form.getByLabel('Video: uploaded-clip.mp4').waitFor()
    expect(await axe(form)).toEqual([])
    await form.getByRole('button', { name: 'Save Article' }).click()
    await form.getByText('Article updated successfully.', { exact: true }).first().waitFor({ timeout: 10_000 })

    const saved = await suite.service.client().fetch<{ ref: string; type: string }>('*[_id == $id][0]{"ref": video.asset._ref, "type": video.asset->mimeType}', { id: story._id })
    expect(saved.type).toBe('video/mp4')
    expect(saved.ref).not.toBe(story.ref)
    const sha1 = /^file-([a-f0-9]{40})-mp4$/.exec(saved.ref)![1]

    const reader = await suite.newPage({ viewport: { width: 1280, height: 900 } })
    await openStory(reader, story)
    const player = reader.getByLabel(`Video: ${story.title}`)
    expect(await player.locator('source').getAttribute('src')).toBe(`/files/resonance/production/${sha1}.mp4`)
    await reader.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1)
    const state = await playerState(reader)
    expect(state.error).toBeNull()
    expect(state.duration).toBeGreaterThan(1.5)
    expect(state.duration).toBeLessThan(2.5)
  })
})

// Where a reader came from, from the referrer's domain alone (the rest of the referrer, and anything
// else about the reader, is never kept): a search engine, a social network, a newsletter (the
// paper's own links carry `?ref=newsletter`; a webmail's address says so too), another site, the
// paper's own pages (a move from the homepage or another story), or nowhere (typed, bookmarked, or a
// referrer the browser withheld).

import type { ReadSource } from './store.ts'

// Matched against the end of the host name, on a dot boundary ("news.google.co.uk" is Google).
const searchEngines = ['bing.com', 'duckduckgo.com', 'search.yahoo.com', 'yahoo.co.jp', 'baidu.com', 'yandex.ru', 'yandex.com', 'ecosia.org', 'qwant.com', 'search.brave.com', 'startpage.com', 'ask.com', 'naver.com', 'seznam.cz', 'kagi.com', 'perplexity.ai']
const socialNetworks = ['facebook.com', 'fb.me', 't.co', 'twitter.com', 'x.com', 'instagram.com', 'linkedin.com', 'lnkd.in', 'reddit.com', 'threads.net', 'bsky.app', 'mastodon.social', 'tiktok.com', 'youtube.com', 'pinterest.com', 'pinterest.co.uk', 'whatsapp.com', 't.me', 'telegram.org', 'news.ycombinator.com', 'flipboard.com', 'tumblr.com', 'snapchat.com', 'vk.com', 'weibo.com']
const mailClients = ['mail.google.com', 'outlook.live.com', 'outlook.office.com', 'outlook.office365.com', 'mail.yahoo.com', 'mail.proton.me', 'mail.protonmail.com', 'app.fastmail.com', 'mail.aol.com', 'mail.zoho.com', 'mail.yandex.ru', 'icloud.com']

/** Google answers from google.com, google.co.uk, google.de …: its label anywhere but the end counts. */
function isGoogle(host: string): boolean {
  return /(^|\.)google\.[a-z.]{2,10}$/.test(host)
}

function endsWith(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`)
}

function hostOf(referrer: string): string | null {
  if (!referrer) return null
  try {
    const url = new URL(referrer)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    return url.hostname.toLowerCase().replace(/^www\./, '').replace(/\.$/, '')
  } catch {
    return null
  }
}

/**
 * The source of a read. `landing` is the page's own address (its query may say
 * `ref=newsletter`, or `utm_medium=email`); `ownHost` is the paper's host, whose links are moves
 * within the site (`internal`).
 */
export function sourceOf(referrer: string, landing: URLSearchParams, ownHost: string | null): ReadSource {
  const ref = (landing.get('ref') ?? landing.get('utm_source') ?? '').toLowerCase()
  if (ref === 'newsletter' || (landing.get('utm_medium') ?? '').toLowerCase() === 'email') return 'newsletter'
  const host = hostOf(referrer)
  if (host === null) return 'direct'
  if (ownHost !== null && host === ownHost.toLowerCase().replace(/^www\./, '').replace(/\.$/, '')) return 'internal'
  // Webmail first: mail.google.com is Gmail, not a search.
  if (mailClients.some((domain) => endsWith(host, domain)) || /^(web)?mail\./.test(host)) return 'newsletter'
  if (isGoogle(host) || searchEngines.some((domain) => endsWith(host, domain))) return 'search'
  if (socialNetworks.some((domain) => endsWith(host, domain))) return 'social'
  return 'other'
}

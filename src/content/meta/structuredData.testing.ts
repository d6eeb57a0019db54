// What a search engine needs of each schema.org type the pages describe, as a check the unit tests
// (on the builders) and the browser tests (on the pages the service sends) both run. The required
// properties are the ones schema.org's types need to say anything, plus those search engines list
// as required for news articles and the site search box; each problem is a sentence naming where.

const required: Record<string, string[]> = {
  NewsArticle: ['headline', 'image', 'datePublished', 'dateModified', 'author', 'publisher', 'mainEntityOfPage', 'url'],
  Organization: ['name', 'url', 'logo'],
  Person: ['name', 'url'],
  ImageObject: ['url'],
  WebSite: ['name', 'url', 'potentialAction'],
  SearchAction: ['target', 'query-input'],
  EntryPoint: ['urlTemplate'],
  WebPage: ['@id'],
  ProfilePage: ['url', 'mainEntity'],
  CorrectionComment: ['text', 'datePublished'],
}

const urlProperties = new Set(['url', '@id', 'urlTemplate'])
const dateProperties = new Set(['datePublished', 'dateModified'])

function isAbsoluteUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function present(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false
  return !Array.isArray(value) || value.length > 0
}

function check(node: unknown, where: string, problems: string[]): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => check(item, `${where}[${i}]`, problems))
    return
  }
  if (!isObject(node)) return
  const type = node['@type']
  if (typeof type === 'string') {
    for (const property of required[type] ?? []) {
      if (!present(node[property])) problems.push(`${where} (${type}) has no ${property}`)
    }
    if (!(type in required)) problems.push(`${where} is a ${type}, a type these checks do not know`)
  }
  for (const [property, value] of Object.entries(node)) {
    const at = `${where}.${property}`
    if (urlProperties.has(property) && !(property === '@id' && typeof value === 'string' && value.startsWith('#')) && !isAbsoluteUrl(value)) {
      problems.push(`${at} is not an absolute http(s) URL: ${JSON.stringify(value)}`)
    }
    // A correction is dated by its day (ISO 8601's calendar date), as the notice on the page says it.
    const day = type === 'CorrectionComment' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
    if (dateProperties.has(property) && !day && (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value))) {
      problems.push(`${at} is not an ISO 8601 date-time with a time zone: ${JSON.stringify(value)}`)
    }
    check(value, at, problems)
  }
  if (type === 'NewsArticle') {
    const images = Array.isArray(node.image) ? node.image : [node.image]
    images.forEach((image, i) => {
      const url = isObject(image) ? image.url : image
      if (!isAbsoluteUrl(url)) problems.push(`${where}.image[${i}] is not an absolute http(s) URL`)
    })
    const publisher = node.publisher
    if (!isObject(publisher) || publisher['@type'] !== 'Organization' || !isObject(publisher.logo)) problems.push(`${where}.publisher is not an Organization with a logo`)
  }
  if (type === 'Organization' && node.logo !== undefined) {
    const logo = isObject(node.logo) ? node.logo.url : node.logo
    if (!isAbsoluteUrl(logo)) problems.push(`${where}.logo is not an absolute http(s) URL`)
  }
  if (type === 'SearchAction') {
    const template = isObject(node.target) ? node.target.urlTemplate : node.target
    if (typeof template !== 'string' || !template.includes('{search_term_string}')) problems.push(`${where}.target has no {search_term_string} in its URL`)
    if (node['query-input'] !== 'required name=search_term_string') problems.push(`${where} does not say its query is search_term_string`)
  }
}

/** Every way `ld` falls short of what its types require; empty when it has all of it. */
export function structuredDataProblems(ld: unknown): string[] {
  const problems: string[] = []
  if (!isObject(ld)) return ['the structured data is not an object']
  if (ld['@context'] !== 'https://schema.org') problems.push(`its @context is ${JSON.stringify(ld['@context'])}, not https://schema.org`)
  if (typeof ld['@type'] !== 'string') problems.push('it has no @type')
  check(ld, ld['@type'] as string, problems)
  return problems
}

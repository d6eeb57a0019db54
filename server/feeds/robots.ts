// robots.txt: crawlers may read the whole newspaper but not the admin area (which is a sign-in
// page to them anyway), and learn where the sitemap index is. The Sitemap line must be an
// absolute URL, so it is written with the site's public origin.

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Disallow: /admin', 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n')
}

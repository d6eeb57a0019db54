import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { adminClassesOn, adminOnlyClasses, readerStylesheet, withReaderStylesheet } from './readerStylesheet.ts'

const admin = ['.admin-table{display:grid}.admin-table__row:hover{color:red}.button{padding:0}', '.people-list{margin:0}']
const reader = ['.button{padding:1rem}.headline{font-size:2rem}']
const bundle =
  '.button{padding:0}.admin-table{display:grid}.headline{font-size:2rem}' +
  '@media (min-width:40rem){.admin-table__row:hover{color:red}}' +
  '@media print{.headline,.people-list{color:#000}}' +
  ':is(.admin-table,.headline) a{color:inherit}.admin-table:not(.headline){gap:1rem}' +
  '@keyframes pulse{0%{opacity:0}to{opacity:1}}body{margin:0}.button{padding:1rem}'

describe('the reader stylesheet', () => {
  const adminOnly = adminOnlyClasses(admin, reader)

  it("takes as admin-only the classes only the admin's stylesheets define", () => {
    expect([...adminOnly].sort()).toEqual(['admin-table', 'admin-table__row', 'people-list'])
  })

  it('leaves out the rules that can only match admin components, and keeps every other rule in its place', () => {
    expect(readerStylesheet(bundle, adminOnly)).toBe(
      '.button{padding:0}.headline{font-size:2rem}' +
        '@media print{.headline,.people-list{color:#000}}' +
        ':is(.admin-table,.headline) a{color:inherit}' +
        '@keyframes pulse{0%{opacity:0}to{opacity:1}}body{margin:0}.button{padding:1rem}',
    )
  })

  it("finds an admin-only class in a reader page's markup", () => {
    expect(adminClassesOn('<main id="main"><div class="headline people-list">x</div></main>', adminOnly)).toEqual(['people-list'])
    expect(adminClassesOn('<main id="main"><h1 class="headline">x</h1></main>', adminOnly)).toEqual([])
  })

  describe('in the build', () => {
    const root = mkdtempSync(join(tmpdir(), 'reader-stylesheet-'))
    afterAll(() => rmSync(root, { recursive: true, force: true }))
    const dist = join(root, 'dist')
    const src = join(root, 'src')
    mkdirSync(join(dist, 'assets'), { recursive: true })
    mkdirSync(join(src, 'components', 'admin'), { recursive: true })
    mkdirSync(join(src, 'components', 'home'), { recursive: true })
    writeFileSync(join(dist, 'assets', 'style-abc.css'), bundle)
    writeFileSync(join(src, 'components', 'admin', 'AdminTable.css'), admin[0]!)
    writeFileSync(join(src, 'components', 'admin', 'PeopleList.css'), admin[1]!)
    writeFileSync(join(src, 'components', 'home', 'Home.css'), reader[0]!)
    const index = '<head><link rel="stylesheet" crossorigin href="/assets/style-abc.css"></head><body><div id="root"></div></body>'

    it("writes the reader stylesheet beside the app's and points the reader pages at it", () => {
      const html = withReaderStylesheet(index, ['<main id="main"><h1 class="headline">x</h1></main>'], dist, src)
      const href = /href="\/(assets\/reader-[\w-]{8}\.css)"/.exec(html)?.[1]
      expect(href).toBeDefined()
      expect(readFileSync(join(dist, href!), 'utf8')).toBe(readerStylesheet(bundle, adminOnly))
      expect(readFileSync(join(dist, 'assets', 'style-abc.css'), 'utf8')).toBe(bundle)
    })

    it('stops the build when a reader page carries a class only the admin styles', () => {
      expect(() => withReaderStylesheet(index, ['<main id="main"><table class="admin-table"></table></main>'], dist, src)).toThrow(
        "Reader pages carry classes only the admin's stylesheets define: admin-table",
      )
    })
  })
})

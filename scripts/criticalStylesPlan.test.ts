// The inlined rules a document is sent: those its own markup can use, in their order, and nothing it
// could need for its first paint left out.
import { describe, expect, it } from 'vitest'
import { classNamesIn, stylesFor } from '../server/pages/criticalStyles.ts'
import { classesNeeded, criticalStylesPlan } from './criticalStylesPlan.ts'

const css =
  ':root{--ink:#111}body{margin:0}.card{padding:1rem}.card__title,.headline{font-weight:700}.home .card{margin:0}' +
  '.menu:not(.menu--open){display:none}.list :is(.a,.b){color:red}a[href$=".pdf"]{color:blue}.md\\:wide{width:100%}' +
  '@media (min-width:768px){.card{padding:2rem}.gallery{display:grid}}@supports (display:grid){@media print{.card{color:#000}}}' +
  '@keyframes pulse{0%{opacity:1}to{opacity:.5}}@font-face{font-family:X;src:url(/x.woff2)}'

const page = (html: string) => stylesFor(criticalStylesPlan(css), classNamesIn(html))

describe("a document's inlined styles", () => {
  it('are every rule when the markup has every class, exactly as inlined', () => {
    expect(page('<main class="home card card__title headline menu list md:wide gallery"></main>')).toBe(css)
  })

  it("keep the rules of the page's own classes, of its elements, and the at-rules kept whole, and drop the others", () => {
    const sent = page('<article class="card"><h2 class="headline">A</h2><a href="/x.pdf">PDF</a></article>')
    expect(sent).toBe(
      ':root{--ink:#111}body{margin:0}.card{padding:1rem}.card__title,.headline{font-weight:700}' +
        'a[href$=".pdf"]{color:blue}@media (min-width:768px){.card{padding:2rem}}@supports (display:grid){@media print{.card{color:#000}}}' +
        '@keyframes pulse{0%{opacity:1}to{opacity:.5}}@font-face{font-family:X;src:url(/x.woff2)}',
    )
  })

  it('keep a rule whose class is only negated or in a list of alternatives, and one with an escaped class', () => {
    const sent = page('<nav class="menu"><ul class="list"><li class="md:wide">x</li></ul></nav>')
    expect(sent).toContain('.menu:not(.menu--open){display:none}')
    expect(sent).toContain('.list :is(.a,.b){color:red}')
    expect(sent).toContain('.md\\:wide{width:100%}')
    expect(sent).not.toContain('.card')
    expect(sent).not.toContain('@media (min-width')
  })
})

describe('the classes a selector needs', () => {
  it('are those outside parentheses, brackets and strings', () => {
    expect(classesNeeded('.home .card:hover>.card__title::after')).toEqual(['home', 'card', 'card__title'])
    expect(classesNeeded('.menu:not(.open)')).toEqual(['menu'])
    expect(classesNeeded('a[href$=".pdf"]')).toEqual([])
    expect(classesNeeded('.sm\\:flex')).toEqual(['sm:flex'])
  })
})

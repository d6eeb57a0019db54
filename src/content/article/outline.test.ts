import { describe, expect, it } from 'vitest'
import { bodyHeadingLevels } from './outline.ts'

const body = (...styles: string[]) => styles.map((style) => ({ _type: 'block', style }))

describe('bodyHeadingLevels', () => {
  it('puts the body’s highest heading right below the page title', () => {
    expect(bodyHeadingLevels(body('normal', 'h1', 'h2', 'h3'))).toEqual({ h1: 2, h2: 3, h3: 4 })
    expect(bodyHeadingLevels(body('h2', 'normal', 'h2'))).toMatchObject({ h2: 2 })
    expect(bodyHeadingLevels(body('h3'))).toMatchObject({ h3: 2 })
  })

  it('closes the gap a skipped style would leave', () => {
    expect(bodyHeadingLevels(body('h1', 'h3'))).toMatchObject({ h1: 2, h3: 3 })
    expect(bodyHeadingLevels(body('h2', 'h3'))).toMatchObject({ h2: 2, h3: 3 })
  })

  it('ignores headings that are not blocks', () => {
    expect(bodyHeadingLevels([{ _type: 'image', style: 'h1' }, ...body('h2')])).toMatchObject({ h2: 2 })
  })
})

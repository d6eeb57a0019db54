// Where an article body's headings sit in the page's outline. The title is the page's only h1, so
// the body's highest heading becomes an h2 and each lower style the next level down, counting only
// the styles the body uses: a body written with "Heading 2" alone reads h1 then h2, and one with
// Heading 1 and Heading 3 reads h2 then h3, so a screen reader's list of headings never skips one.

export type BodyHeadingStyle = 'h1' | 'h2' | 'h3'
export type BodyHeadingLevel = 2 | 3 | 4

const headingStyles: readonly BodyHeadingStyle[] = ['h1', 'h2', 'h3']

/** The heading level each of the editor's heading styles takes on the page, for this body. */
export function bodyHeadingLevels(body: ReadonlyArray<{ _type?: unknown; style?: unknown }>): Record<BodyHeadingStyle, BodyHeadingLevel> {
  const used = headingStyles.filter((style) => body.some((node) => node._type === 'block' && node.style === style))
  const levels = {} as Record<BodyHeadingStyle, BodyHeadingLevel>
  for (const style of headingStyles) {
    // A style the body does not use takes the level it would have had after the ones above it.
    const rank = used.filter((other) => headingStyles.indexOf(other) < headingStyles.indexOf(style)).length
    levels[style] = (2 + rank) as BodyHeadingLevel
  }
  return levels
}

// How a picture's credit reads under it: after the caption, "Photograph: {credit}", the convention of
// British newspapers. Stored on the image (`credit`) as newsrooms store it. Pure: components may use it.

/** The credit line for an image, or null when it has no credit. Rendered as text, never as markup. */
export function creditLine(image: { credit?: unknown } | null | undefined): string | null {
  const credit = typeof image?.credit === 'string' ? image.credit.replace(/\s+/g, ' ').trim() : ''
  return credit === '' ? null : `Photograph: ${credit}`
}

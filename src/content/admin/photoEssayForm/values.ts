// What the photo essay form holds: the essay's title, slug, introduction, photographer, publishing
// and its pictures in order, each with the words that go with it. Admin code only.

/** One picture of the essay: its uploaded asset, and the words readers get with it. */
export interface EssayImageValue {
  /** The picture's `_key` in the essay's `images`, kept across saves (and React's key in the list). */
  key: string
  assetRef: string
  alt: string
  caption: string
  credit: string
}

export interface PhotoEssayFormValues {
  title: string
  slug: string
  /** The introduction readers see under the title. */
  description: string
  /** The photographer (an author), or '' for none. */
  photographer_id: string
  published: boolean
  /** `datetime-local` text, in the editor's own time zone; '' to date the essay when it first goes live. */
  published_at: string
  images: EssayImageValue[]
}

export function emptyPhotoEssayValues(): PhotoEssayFormValues {
  return { title: '', slug: '', description: '', photographer_id: '', published: false, published_at: '', images: [] }
}

/** The list with the picture at `from` moved to `to` (both kept inside the list). */
export function moveImage(images: readonly EssayImageValue[], from: number, to: number): EssayImageValue[] {
  const next = [...images]
  if (from < 0 || from >= next.length) return next
  const target = Math.max(0, Math.min(next.length - 1, to))
  const [moved] = next.splice(from, 1)
  next.splice(target, 0, moved!)
  return next
}

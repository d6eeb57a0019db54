// Photo essays as the form shows them, for its tests and stories.

import type { Option } from '../../content/admin/articleForm/values.ts'
import type { EssayImageValue, PhotoEssayFormValues } from '../../content/admin/photoEssayForm/values.ts'

export const essayAuthors: Option[] = [
  { id: '7a2d3c0f-5b9e-4d2f-8c8b-3e4f5a6b7c8d', name: 'Amara Okafor' },
  { id: '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9', name: 'Tom Whitcombe' },
]

const picture = (n: number, alt: string, caption = '', credit = ''): EssayImageValue => ({
  key: `p${n}`,
  assetRef: `image-${String(n).repeat(40).slice(0, 40)}-1600x1067-jpg`,
  alt,
  caption,
  credit,
})

export const essayPictures: EssayImageValue[] = [
  picture(1, 'A tug pushing barges under Tower Bridge', 'Tower Bridge, 2am', 'Amara Okafor'),
  picture(2, 'A pilot climbing a rope ladder onto a tanker', 'Gravesend reach', 'Amara Okafor'),
  picture(3, 'The Thames Barrier’s gates raised at dawn', '', 'Port of London Authority'),
]

/** Twelve pictures: a long essay. */
export const manyPictures: EssayImageValue[] = Array.from({ length: 12 }, (_, i) => picture(i + 1, `Picture ${i + 1} of the river at night`, i % 3 === 0 ? `Caption of picture ${i + 1}` : '', 'Amara Okafor'))

export const loadedEssay = (images: EssayImageValue[] = essayPictures): PhotoEssayFormValues => ({
  title: 'Night shift on the river',
  slug: 'night-shift-on-the-river',
  description: 'The people who keep the Thames moving after dark.',
  photographer_id: essayAuthors[0]!.id,
  published: true,
  published_at: '2026-11-21T08:30',
  images,
})

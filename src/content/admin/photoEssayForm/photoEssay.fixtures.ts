// A photo essay as the form would hold it for saving, and as the service stores it, for the form's tests.

import type { PhotoEssayFormValues } from './values.ts'

export const photographerId = '7a2d3c0f-5b9e-4d2f-8c8b-3e4f5a6b7c8d'
export const essayId = 'c0ffee00-0000-4000-8000-00000000e55a'
export const assetRefs = ['image-1111111111111111111111111111111111111111-1600x1067-jpg', 'image-2222222222222222222222222222222222222222-1600x1067-jpg', 'image-3333333333333333333333333333333333333333-1200x1600-jpg'] as const

export function validEssayValues(overrides: Partial<PhotoEssayFormValues> = {}): PhotoEssayFormValues {
  return {
    title: 'Night shift on the river',
    slug: 'night-shift-on-the-river',
    description: 'The people who keep the Thames moving after dark.',
    photographer_id: photographerId,
    published: true,
    published_at: '2026-11-21T08:30',
    images: [
      { key: 'k1', assetRef: assetRefs[0], alt: 'A tug pushing barges under Tower Bridge', caption: 'Tower Bridge, 2am', credit: 'Amara Okafor' },
      { key: 'k2', assetRef: assetRefs[1], alt: 'A pilot climbing a rope ladder', caption: '', credit: '' },
    ],
    ...overrides,
  }
}

export const storedEssay = {
  _id: essayId,
  _type: 'imageGallery',
  _rev: 'rev-1',
  _createdAt: '2026-11-01T00:00:00Z',
  _updatedAt: '2026-11-02T00:00:00Z',
  title: 'Night shift on the river',
  slug: { _type: 'slug', current: 'night-shift-on-the-river' },
  publishedAt: '2026-11-21T08:30:15.000Z',
  description: 'The people who keep the Thames moving after dark.',
  categories: [{ _type: 'reference', _ref: 'cat-1', _key: 'c1' }],
  photographer: { _type: 'reference', _ref: photographerId },
  images: [
    { _type: 'image', _key: 'k1', asset: { _type: 'reference', _ref: assetRefs[0] }, alt: 'A tug pushing barges under Tower Bridge', caption: 'Tower Bridge, 2am', credit: 'Amara Okafor', crop: { top: 0.1, bottom: 0, left: 0, right: 0 } },
    { _type: 'image', _key: 'k2', asset: { _type: 'reference', _ref: assetRefs[1] }, alt: 'A pilot climbing a rope ladder' },
  ],
}

import { describe, expect, it } from 'vitest'
import { toLocalInput } from '../articleForm/values.ts'
import { documentFromValues, valuesFromDocument } from './document.ts'
import { assetRefs, essayId, photographerId, storedEssay } from './photoEssay.fixtures.ts'
import { moveImage } from './values.ts'

describe('stored photo essay and form values', () => {
  it('reads a stored essay into the form, pictures in order with their words', () => {
    const values = valuesFromDocument(storedEssay, true)
    expect(values).toEqual({
      title: 'Night shift on the river',
      slug: 'night-shift-on-the-river',
      description: 'The people who keep the Thames moving after dark.',
      photographer_id: photographerId,
      published: true,
      published_at: toLocalInput(new Date('2026-11-21T08:30:15.000Z')),
      images: [
        { key: 'k1', assetRef: assetRefs[0], alt: 'A tug pushing barges under Tower Bridge', caption: 'Tower Bridge, 2am', credit: 'Amara Okafor' },
        { key: 'k2', assetRef: assetRefs[1], alt: 'A pilot climbing a rope ladder', caption: '', credit: '' },
      ],
    })
  })

  it('writes back what it read unchanged, keeping the categories, a crop and the publish time to the second', () => {
    const values = valuesFromDocument(storedEssay, true)
    const { _rev, _createdAt, _updatedAt, ...rest } = storedEssay
    expect(documentFromValues(values, essayId, storedEssay)).toEqual(rest)
    expect([_rev, _createdAt, _updatedAt]).toHaveLength(3)
  })

  it('writes the pictures in their new order, a new picture with its own key, and leaves out empty words', () => {
    const values = valuesFromDocument(storedEssay, false)
    values.images = moveImage([...values.images, { key: 'new1', assetRef: assetRefs[2], alt: ' A lock keeper ', caption: ' ', credit: ' Amara Okafor ' }], 2, 0)
    values.images[1] = { ...values.images[1]!, caption: '' }
    values.photographer_id = ''
    values.description = ' '
    const doc = documentFromValues(values, essayId, storedEssay)
    expect(doc.images).toEqual([
      { _type: 'image', _key: 'new1', asset: { _type: 'reference', _ref: assetRefs[2] }, alt: 'A lock keeper', credit: 'Amara Okafor' },
      { _type: 'image', _key: 'k1', asset: { _type: 'reference', _ref: assetRefs[0] }, alt: 'A tug pushing barges under Tower Bridge', credit: 'Amara Okafor', crop: { top: 0.1, bottom: 0, left: 0, right: 0 } },
      { _type: 'image', _key: 'k2', asset: { _type: 'reference', _ref: assetRefs[1] }, alt: 'A pilot climbing a rope ladder' },
    ])
    expect(doc).not.toHaveProperty('photographer')
    expect(doc).not.toHaveProperty('description')
  })

  it('drops a crop when the picture’s file was replaced', () => {
    const values = valuesFromDocument(storedEssay, true)
    values.images[0] = { ...values.images[0]!, assetRef: assetRefs[2] }
    expect(documentFromValues(values, essayId, storedEssay).images).toContainEqual({ _type: 'image', _key: 'k1', asset: { _type: 'reference', _ref: assetRefs[2] }, alt: 'A tug pushing barges under Tower Bridge', caption: 'Tower Bridge, 2am', credit: 'Amara Okafor' })
  })

  it('gives pictures stored without a key one, and leaves out pictures without a file', () => {
    const values = valuesFromDocument({ ...storedEssay, images: [{ _type: 'image', asset: { _type: 'reference', _ref: assetRefs[0] } }, { _type: 'image', alt: 'lost' }] }, true, () => 'made')
    expect(values.images).toEqual([{ key: 'made', assetRef: assetRefs[0], alt: '', caption: '', credit: '' }])
  })
})

describe('moveImage', () => {
  const images = ['a', 'b', 'c'].map((key) => ({ key, assetRef: key, alt: key, caption: '', credit: '' }))
  const keys = (list: typeof images) => list.map((image) => image.key)

  it('moves a picture up, down and to either end, never out of the list', () => {
    expect(keys(moveImage(images, 2, 1))).toEqual(['a', 'c', 'b'])
    expect(keys(moveImage(images, 0, 1))).toEqual(['b', 'a', 'c'])
    expect(keys(moveImage(images, 0, -1))).toEqual(['a', 'b', 'c'])
    expect(keys(moveImage(images, 2, 9))).toEqual(['a', 'b', 'c'])
    expect(keys(moveImage(images, 0, 2))).toEqual(['b', 'c', 'a'])
    expect(keys(images)).toEqual(['a', 'b', 'c'])
  })
})

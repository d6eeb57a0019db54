import { describe, expect, it } from 'vitest'
import { imageSource } from './image.ts'

const image = { _type: 'image', asset: { _ref: 'image-54c77fed7a8265af421d311b368ef6f413ada44e-1600x900-jpg' }, alt: 'A bus' }

describe('imageSource', () => {
  it('builds same-origin URLs at the spec sizes, cropped to the box, in the best format', () => {
    const source = imageSource(image, 'card')!
    expect(source.width).toBe(600)
    expect(source.height).toBe(400)
    expect(source.src).toBe('/images/resonance/production/54c77fed7a8265af421d311b368ef6f413ada44e-1600x900.jpg?rect=125,0,1350,900&w=600&h=400&q=75&fit=crop&auto=format')
    expect(source.srcSet.split(', ').map((s) => s.split(' ')[1])).toEqual(['300w', '600w', '1200w'])
  })

  it('keeps the proportions at 800 wide for body images, and never asks for more pixels than exist', () => {
    const source = imageSource(image, 'body')!
    expect([source.width, source.height]).toEqual([800, 450])
    expect(source.srcSet.split(', ').map((s) => s.split(' ')[1])).toEqual(['400w', '800w', '1600w'])
  })

  it('never asks for more pixels than the original has', () => {
    const small = { asset: { _ref: 'image-54c77fed7a8265af421d311b368ef6f413ada44e-700x400-jpg' } }
    expect(imageSource(small, 'body')!.srcSet.split(', ').map((s) => s.split(' ')[1])).toEqual(['400w', '800w'])
    expect(imageSource(small, 'card')!.srcSet.split(', ').map((s) => s.split(' ')[1])).toEqual(['300w', '600w'])
  })

  it('gives nothing for a missing or malformed asset', () => {
    expect(imageSource(null, 'card')).toBeNull()
    expect(imageSource({ asset: null }, 'card')).toBeNull()
    expect(imageSource({ asset: { _ref: 'not-an-image' } }, 'card')).toBeNull()
  })
})

import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ArticleBodyNode } from '../../content/article/article.ts'
import { PortableTextBody } from './PortableTextBody.tsx'

const span = (text: string, marks: string[] = []) => ({ _type: 'span', _key: text, text, marks })
const block = (style: string, text: string, extra: Record<string, unknown> = {}): ArticleBodyNode => ({
  _type: 'block',
  _key: text,
  style,
  markDefs: [],
  children: [span(text)],
  ...extra,
})

describe('PortableTextBody', () => {
  it('puts the editor’s headings one level below the page title', () => {
    render(<PortableTextBody value={[block('h1', 'Top'), block('h2', 'Middle'), block('h3', 'Bottom')]} />)
    expect(screen.getByRole('heading', { name: 'Top' }).tagName).toBe('H2')
    expect(screen.getByRole('heading', { name: 'Middle' }).tagName).toBe('H3')
    expect(screen.getByRole('heading', { name: 'Bottom' }).tagName).toBe('H4')
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull()
  })

  it('continues the outline from h2 when the editor used only the lower styles', () => {
    render(<PortableTextBody value={[block('h2', 'Section'), block('normal', 'Text'), block('h3', 'Subsection')]} />)
    expect(screen.getByRole('heading', { name: 'Section' }).tagName).toBe('H2')
    expect(screen.getByRole('heading', { name: 'Subsection' }).tagName).toBe('H3')
  })

  it('shows paragraphs, quotes, bold, italics and both kinds of list', () => {
    const { container } = render(
      <PortableTextBody
        value={[
          { _type: 'block', _key: 'p', style: 'normal', markDefs: [], children: [span('Plain '), span('bold', ['strong']), span(' and '), span('italic', ['em'])] },
          block('blockquote', 'A quotation'),
          block('normal', 'First bullet', { listItem: 'bullet', level: 1 }),
          block('normal', 'Second bullet', { listItem: 'bullet', level: 1 }),
          block('normal', 'Step one', { listItem: 'number', level: 1 }),
        ]}
      />,
    )
    expect(container.querySelector('p')?.textContent).toBe('Plain bold and italic')
    expect(container.querySelector('strong')?.textContent).toBe('bold')
    expect(container.querySelector('em')?.textContent).toBe('italic')
    expect(container.querySelector('blockquote')?.textContent).toBe('A quotation')
    const lists = screen.getAllByRole('list')
    expect(lists.map((l) => l.tagName)).toEqual(['UL', 'OL'])
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['First bullet', 'Second bullet', 'Step one'])
  })

  it('opens web, mail and phone links in a new tab, and never follows any other address', () => {
    const links = {
      web: 'https://www.tfl.gov.uk/',
      mail: 'mailto:news@resonance.example',
      phone: 'tel:+442079460000',
      script: 'javascript:alert(1)',
      data: 'data:text/html,<b>hi</b>',
    }
    render(
      <PortableTextBody
        value={[
          {
            _type: 'block',
            _key: 'links',
            style: 'normal',
            markDefs: Object.entries(links).map(([k, href]) => ({ _type: 'link', _key: k, href })),
            children: Object.keys(links).map((k) => span(`${k} link`, [k])),
          },
        ]}
      />,
    )
    for (const name of ['web', 'mail', 'phone']) {
      const link = screen.getByRole('link', { name: new RegExp(`^${name} link`) })
      expect(link.textContent).toBe(`${name} link (opens in a new tab)`)
      expect(link.getAttribute('href')).toBe(links[name as keyof typeof links])
      expect(link.getAttribute('target')).toBe('_blank')
      expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    }
    // The words of the refused links are still there, outside any link.
    expect(screen.getAllByRole('link')).toHaveLength(3)
    expect(screen.getByRole('paragraph').textContent).toContain('script linkdata link')
    expect(screen.getAllByRole('link').map((a) => a.textContent).join(' ')).not.toMatch(/script|data/)
  })

  it('shows body images 800 wide, lazily, with their alt text and caption', () => {
    render(
      <PortableTextBody
        value={[{ _type: 'image', _key: 'i', asset: { _type: 'reference', _ref: 'image-abc123-1600x900-jpg' }, alt: 'The barrier at dawn', caption: 'Woolwich, 6am' }]}
      />,
    )
    const img = screen.getByRole('img', { name: 'The barrier at dawn' })
    expect(img.getAttribute('width')).toBe('800')
    expect(img.getAttribute('height')).toBe('450')
    expect(img.getAttribute('loading')).toBe('lazy')
    expect(img.getAttribute('src')).toContain('w=800')
    expect(screen.getByText('Woolwich, 6am').tagName).toBe('FIGCAPTION')
  })

  it('credits a body image after its caption', () => {
    const { container } = render(
      <PortableTextBody
        value={[{ _type: 'image', _key: 'i', asset: { _type: 'reference', _ref: 'image-abc123-1600x900-jpg' }, alt: 'The barrier at dawn', caption: 'Woolwich, 6am', credit: 'Ruth Abara/Resonance' }]}
      />,
    )
    expect(container.querySelector('figcaption')?.textContent).toBe('Woolwich, 6am Photograph: Ruth Abara/Resonance')
  })

  it('renders nothing for block types it does not know, and no markup from the data', () => {
    const { container } = render(
      <PortableTextBody value={[{ _type: 'htmlEmbed', _key: 'x', html: '<script>alert(1)</script><b>injected</b>' }, block('normal', 'After')]} />,
    )
    expect(container.textContent).toBe('After')
    expect(container.querySelector('script, b')).toBeNull()
  })

  it('shows text containing markup as text', () => {
    render(<PortableTextBody value={[block('normal', '<img src=x onerror=alert(1)>')]} />)
    expect(screen.getByText('<img src=x onerror=alert(1)>').tagName).toBe('P')
    expect(screen.queryByRole('img')).toBeNull()
  })
})

import { PortableText, type PortableTextComponents, type PortableTextMarkComponentProps, type PortableTextTypeComponentProps } from '@portabletext/react'
import type { ArticleBodyNode, ArticleImage } from '../../content/article/article.ts'
import { imageSource } from '../../content/format/image.ts'
import { safeHref } from '../../content/article/links.ts'
import { bodyHeadingLevels, type BodyHeadingLevel } from '../../content/article/outline.ts'
import './PortableTextBody.css'
import { creditLine } from '../../content/article/credit.ts'

export interface PortableTextBodyProps {
  /** The article's Portable Text, as the content service holds it. */
  value: ArticleBodyNode[] | null | undefined
}

function BodyLink({ value, children }: PortableTextMarkComponentProps<{ _type: 'link'; href?: unknown }>) {
  const href = safeHref(value?.href)
  // An address with any other scheme (javascript:, data:, a relative path) is not followed at all:
  // the words stay, the link goes.
  if (!href) return <>{children}</>
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  )
}

function BodyImage({ value, isInline }: PortableTextTypeComponentProps<ArticleImage & { _type: 'image' }>) {
  const source = imageSource(value, 'body')
  // An image inside a line of text would break the paragraph; the schema never puts one there.
  if (!source || isInline) return null
  const caption = typeof value.caption === 'string' ? value.caption.trim() : ''
  const credit = creditLine(value)
  return (
    <figure className="pt-body__figure">
      <img
        src={source.src}
        srcSet={source.srcSet}
        sizes="(min-width: 52rem) 800px, 100vw"
        width={source.width}
        height={source.height}
        alt={typeof value.alt === 'string' ? value.alt : ''}
        loading="lazy"
        decoding="async"
      />
      {(caption !== '' || credit) && (
        <figcaption>
          {caption}
          {caption !== '' && credit ? ' ' : null}
          {credit && <span className="pt-body__credit">{credit}</span>}
        </figcaption>
      )}
    </figure>
  )
}

const nothing = () => null

const headingTags = { 2: 'h2', 3: 'h3', 4: 'h4' } as const satisfies Record<BodyHeadingLevel, string>

// Body headings sit below the page's own: the article title is the page's only h1, and the body's
// headings continue the outline from h2 without a gap (content/article/outline.ts). A second h1
// would tell screen reader users the article ends where the body begins. Each keeps a class of its
// own so the editor's styles still look distinct.
function componentsFor(levels: Record<'h1' | 'h2' | 'h3', BodyHeadingLevel>): PortableTextComponents {
  const H1 = headingTags[levels.h1]
  const H2 = headingTags[levels.h2]
  const H3 = headingTags[levels.h3]
  return {
    ...components,
    block: {
      ...(components.block as object),
      h1: ({ children }) => <H1 className="pt-body__h1">{children}</H1>,
      h2: ({ children }) => <H2 className="pt-body__h2">{children}</H2>,
      h3: ({ children }) => <H3 className="pt-body__h3">{children}</H3>,
    },
  }
}

const components: PortableTextComponents = {
  block: {
    normal: ({ children }) => <p>{children}</p>,
    blockquote: ({ children }) => <blockquote className="pt-body__quote">{children}</blockquote>,
  },
  list: {
    bullet: ({ children }) => <ul className="pt-body__list">{children}</ul>,
    number: ({ children }) => <ol className="pt-body__list">{children}</ol>,
  },
  listItem: {
    bullet: ({ children }) => <li>{children}</li>,
    number: ({ children }) => <li>{children}</li>,
  },
  marks: {
    strong: ({ children }) => <strong>{children}</strong>,
    em: ({ children }) => <em>{children}</em>,
    link: BodyLink,
  },
  types: {
    image: BodyImage,
  },
  // Whatever the editor's schema grows later is shown as plain words (styles, marks) or not at
  // all (block types): never as markup this page did not choose.
  unknownType: nothing,
  unknownMark: ({ children }) => <>{children}</>,
  unknownBlockStyle: ({ children }) => <p>{children}</p>,
  unknownList: ({ children }) => <ul className="pt-body__list">{children}</ul>,
  unknownListItem: ({ children }) => <li>{children}</li>,
}

/** The article's rich-text body: paragraphs, headings, quotes, lists, safe links and images. */
export function PortableTextBody({ value }: PortableTextBodyProps) {
  if (!value || value.length === 0) return null
  return (
    <div className="pt-body">
      <PortableText value={value} components={componentsFor(bodyHeadingLevels(value))} onMissingComponent={false} />
    </div>
  )
}

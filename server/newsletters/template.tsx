// The newsletter email, built from React Email's components (tables and inline styles, as mail
// programs need) and rendered to HTML and plain text by @react-email/render from the same article
// data. The personal links (unsubscribe, choose your newsletters) are placeholders here, filled in
// for each recipient when the message goes out (personalise), so an edition renders once, not once
// per subscriber.

import { Body } from '@react-email/body'
import { Column } from '@react-email/column'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Img } from '@react-email/img'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { render } from '@react-email/render'
import { Row } from '@react-email/row'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import type { EditionContent, EmailArticle } from './compose.ts'

/** Stand-ins for each recipient's own links; URL-safe, so escaping leaves them as they are. */
export const personalLinks = { unsubscribe: 'https://personal.invalid/unsubscribe', preferences: 'https://personal.invalid/preferences' } as const

export interface RenderedEdition {
  subject: string
  html: string
  text: string
}

const ink = '#1a1a1a'
const muted = '#555555'
const accent = '#b3001b'
const font = "Georgia, 'Times New Roman', serif"
const sans = 'Helvetica, Arial, sans-serif'

function Story({ article, lead }: { article: EmailArticle; lead: boolean }) {
  return (
    <Section style={{ padding: '0 0 24px' }}>
      {article.image ? (
        <Link href={article.url} className="picture">
          <Img src={article.image.src} alt={article.image.alt} width="600" height="338" style={{ width: '100%', maxWidth: '600px', height: 'auto', display: 'block', border: 0 }} />
        </Link>
      ) : null}
      {article.section ? <Text style={{ margin: '12px 0 0', fontFamily: sans, fontSize: '12px', fontWeight: 700, letterSpacing: '0.05em', textTransform: 'uppercase', color: accent }}>{article.section}</Text> : null}
      <Heading as="h3" style={{ margin: '6px 0 6px', fontFamily: font, fontSize: lead ? '26px' : '20px', lineHeight: 1.25, color: ink }}>
        <Link href={article.url} style={{ color: ink, textDecoration: 'none' }}>
          {article.title}
        </Link>
      </Heading>
      {article.excerpt ? <Text style={{ margin: '0 0 6px', fontFamily: font, fontSize: '16px', lineHeight: 1.5, color: ink }}>{article.excerpt}</Text> : null}
      <Text style={{ margin: 0, fontFamily: sans, fontSize: '13px', color: muted }}>
        {article.byline ? `By ${article.byline} · ` : ''}
        <Link href={article.url} style={{ color: accent }}>
          Read the story
        </Link>
      </Text>
    </Section>
  )
}

export function NewsletterEmail({ content }: { content: EditionContent }) {
  const first = content.sections[0]?.articles[0]
  return (
    <Html lang="en-GB">
      <Head>
        <meta name="color-scheme" content="light" />
        <title>{content.subject}</title>
      </Head>
      <Preview>{first ? `${content.intro} ${first.title}` : content.intro}</Preview>
      <Body style={{ margin: 0, padding: 0, backgroundColor: '#f4f1ea' }}>
        <Container style={{ maxWidth: '600px', width: '100%', margin: '0 auto', padding: '24px 16px', backgroundColor: '#ffffff' }}>
          <Section>
            <Row>
              <Column>
                <Link href={content.siteUrl} style={{ fontFamily: font, fontSize: '28px', fontWeight: 700, color: ink, textDecoration: 'none' }}>
                  Resonance
                </Link>
                <Text style={{ margin: '4px 0 0', fontFamily: sans, fontSize: '14px', color: muted }}>{content.name}</Text>
              </Column>
            </Row>
          </Section>
          <Hr style={{ borderColor: ink, margin: '16px 0' }} />
          {content.intro ? (
            <Section>
              {content.intro.split(/\n{2,}/).map((paragraph, index) => (
                <Text key={index} style={{ margin: '0 0 12px', fontFamily: font, fontSize: '17px', lineHeight: 1.5, color: ink }}>
                  {paragraph}
                </Text>
              ))}
            </Section>
          ) : null}
          {content.sections.map((section, sectionIndex) => (
            <Section key={section.title} style={{ padding: '8px 0 0' }}>
              <Heading as="h2" style={{ margin: '8px 0 12px', fontFamily: sans, fontSize: '14px', fontWeight: 700, letterSpacing: '0.08em', textTransform: 'uppercase', color: accent }}>
                {section.title}
              </Heading>
              {section.articles.map((article, index) => (
                <Story key={article.id} article={article} lead={sectionIndex === 0 && index === 0} />
              ))}
            </Section>
          ))}
          <Hr style={{ borderColor: '#dddddd', margin: '8px 0 16px' }} />
          <Section>
            <Text style={{ margin: '0 0 8px', fontFamily: sans, fontSize: '13px', lineHeight: 1.5, color: muted }}>
              You get {content.name} because you subscribed to it at Resonance.{' '}
              <Link href={personalLinks.preferences} style={{ color: muted, textDecoration: 'underline' }}>
                Choose your newsletters
              </Link>{' '}
              or{' '}
              <Link href={personalLinks.unsubscribe} style={{ color: muted, textDecoration: 'underline' }}>
                unsubscribe
              </Link>
              .
            </Text>
            <Text style={{ margin: 0, fontFamily: sans, fontSize: '13px', color: muted }}>Resonance · News, comment and culture from London</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  )
}

// The plain text reads as a letter: a picture's link says nothing without the picture, and
// headlines keep their case.
const plainText = {
  wordwrap: 78,
  selectors: [
    { selector: 'img', format: 'skip' },
    { selector: 'a.picture', format: 'skip' },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
  ],
}

/** The edition's HTML and plain text, with placeholders for each recipient's own links. */
export async function renderEdition(content: EditionContent): Promise<RenderedEdition> {
  const element = <NewsletterEmail content={content} />
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true, htmlToTextOptions: plainText })])
  return { subject: content.subject, html, text }
}

/** One recipient's copy: their own links in place of the placeholders. */
export function personalise(message: RenderedEdition, links: { unsubscribe: string; preferences: string }): RenderedEdition {
  const fill = (body: string) => body.replaceAll(personalLinks.unsubscribe, links.unsubscribe).replaceAll(personalLinks.preferences, links.preferences)
  return { subject: message.subject, html: fill(message.html), text: fill(message.text) }
}

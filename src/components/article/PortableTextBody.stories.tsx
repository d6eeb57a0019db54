import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ArticleBodyNode } from '../../content/article/article.ts'
import { PortableTextBody } from './PortableTextBody.tsx'

const meta = {
  title: 'Reader/PortableTextBody',
  component: PortableTextBody,
  // `everyBlockType` is data the article's stories share, not a story of its own.
  excludeStories: ['everyBlockType'],
} satisfies Meta<typeof PortableTextBody>

export default meta
type Story = StoryObj<typeof meta>

let key = 0
const span = (text: string, marks: string[] = []) => ({ _type: 'span', _key: `s${++key}`, text, marks })
const block = (style: string, children: ReturnType<typeof span>[], extra: Record<string, unknown> = {}): ArticleBodyNode => ({
  _type: 'block',
  _key: `b${++key}`,
  style,
  markDefs: [],
  children,
  ...extra,
})

// Asset ids of the demo newspaper: the pictures show when the demo service runs (`npm start`) and
// Storybook is started with VITE_SANITY_API_HOST=http://localhost:3000; otherwise only their frames.
export const everyBlockType: ArticleBodyNode[] = [
  block('h1', [span('How the barrier works')]),
  block('normal', [
    span('The Thames Barrier closed '),
    span('twice', ['strong']),
    span(' this week, and '),
    span('once', ['em']),
    span(' more is likely. See the '),
    span('Environment Agency', ['ea']),
    span(' for live updates, write to '),
    span('the newsdesk', ['mail']),
    span(', or call '),
    span('our tip line', ['tel']),
    span('.'),
  ], {
    markDefs: [
      { _type: 'link', _key: 'ea', href: 'https://www.gov.uk/government/organisations/environment-agency' },
      { _type: 'link', _key: 'mail', href: 'mailto:news@resonance.example' },
      { _type: 'link', _key: 'tel', href: 'tel:+442079460000' },
    ],
  }),
  block('normal', [span('A link with a script address stays plain text: '), span('do not click me', ['evil']), span('.')], {
    markDefs: [{ _type: 'link', _key: 'evil', href: 'javascript:alert(document.cookie)' }],
  }),
  block('h2', [span('What the engineers say')]),
  block('blockquote', [span('“We have closed it more times this winter than in the whole of the 1990s.”'), span(' — the barrier’s duty manager', ['em'])]),
  block('h3', [span('Closures by season')]),
  block('normal', [span('Autumn and winter tides')], { listItem: 'bullet', level: 1 }),
  block('normal', [span('Storm surges from the North Sea')], { listItem: 'bullet', level: 1 }),
  block('normal', [span('Heavy rain upstream')], { listItem: 'bullet', level: 1 }),
  block('normal', [span('Check the closure schedule')], { listItem: 'number', level: 1 }),
  block('normal', [span('Avoid the riverside paths at high tide')], { listItem: 'number', level: 1 }),
  {
    _type: 'image',
    _key: 'img1',
    asset: { _type: 'reference', _ref: 'image-bd6d2e42b605ffc608e64148b8ce0924f5f37f6a-1600x900-jpg' },
    alt: 'Illustration of a busy street with a red bus and street lamps on a clear day',
    caption: 'A bus route through the centre of town',
  },
  // A type this page does not know (an embed, say) renders nothing: never raw HTML.
  { _type: 'htmlEmbed', _key: 'raw', html: '<script>alert(1)</script><p>injected</p>' },
  block('normal', [span('The barrier will be tested again on Sunday.')]),
]

export const EveryBlockType: Story = { args: { value: everyBlockType } }
export const ParagraphsOnly: Story = {
  args: {
    value: [
      block('normal', [span('Councillors in Lewisham have delayed a vote on next year’s budget by a week.')]),
      block('normal', [span('The leader of the council said more time was needed to consult residents.')]),
    ],
  },
}
export const Empty: Story = { args: { value: [] } }

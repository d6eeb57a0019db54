import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { EditorToolbar, noFormatting } from './EditorToolbar.tsx'

const meta = {
  title: 'Admin/EditorToolbar',
  component: EditorToolbar,
  // The toolbar controls an editable area: a stand-in one, so the story is whole.
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '48rem', fontFamily: 'system-ui, sans-serif' }}>
        <Story />
        <div id="story-editor" role="textbox" aria-multiline="true" aria-label="Content" tabIndex={0} style={{ border: '1px solid #b9b9b9', minHeight: '6rem', padding: '0.75rem' }}>
          Night buses return to the Northern line.
        </div>
      </div>
    ),
  ],
  args: {
    controls: 'story-editor',
    active: noFormatting,
    onCommand: fn(),
    link: null,
    onLinkChange: fn(),
    onLinkApply: fn(),
    onLinkRemove: fn(),
    onLinkCancel: fn(),
    image: null,
    onImageFile: fn(),
    onImageAltChange: fn(),
    onImageInsert: fn(),
    onImageCancel: fn(),
    onImageDetailsChange: fn(),
    onImageDetailsApply: fn(),
    onImageDetailsCancel: fn(),
  },
} satisfies Meta<typeof EditorToolbar>

export default meta
type Story = StoryObj<typeof meta>

/** Nothing selected has any formatting: every toggle reads as not pressed. */
export const Empty: Story = {}

/** The selection is bold: Bold reads as pressed. */
export const BoldSelection: Story = { args: { active: { ...noFormatting, bold: true } } }

/** The caret is in a bold, linked word of a bulleted list under a second-level heading's section. */
export const SeveralPressed: Story = { args: { active: { ...noFormatting, bold: true, italic: true, link: true, bulletList: true } } }

export const HeadingSelected: Story = { args: { active: { ...noFormatting, h2: true } } }

/** Link pressed: the address field is open and has the caret. */
export const LinkDialogOpen: Story = { args: { active: { ...noFormatting, link: false }, link: { href: '', editing: false, error: null } } }

/** An address with another scheme is refused, and the field says why. */
export const LinkRefused: Story = { args: { link: { href: 'javascript:alert(1)', editing: false, error: 'Use an address starting with http://, https://, mailto: or tel:.' } } }

/** The selection already is a link: its address is shown, and it can be removed. */
export const EditingALink: Story = { args: { active: { ...noFormatting, link: true }, link: { href: 'https://tfl.example/night', editing: true, error: null } } }

export const InsertImage: Story = { args: { image: { alt: '', fileName: null, progress: null, error: null } } }

/** The chosen image is on its way to the content service. */
export const Uploading: Story = { args: { image: { alt: 'A night bus on Oxford Street', fileName: 'night-bus.jpg', progress: 42, error: null } } }

export const UploadFailed: Story = {
  args: { image: { alt: 'A night bus on Oxford Street', fileName: 'night-bus.jpg', progress: null, error: 'The image could not be uploaded: Insufficient permissions; permission "create" required' } },
}

/** An image in the text is selected: Edit image is offered, and the toolbar says how to reach it. */
export const ImageSelected: Story = { args: { imageSelected: true } }

/** The selected image's alt text and caption, open to change. */
export const EditingImageDetails: Story = { args: { imageSelected: true, imageDetails: { alt: 'A night bus on Oxford Street', caption: 'The N8 at midnight', credit: 'Mei Lin Ng/Resonance', error: null } } }

/** Apply with the alt text emptied: the field says what it needs. */
export const ImageDetailsMissingAlt: Story = { args: { imageSelected: true, imageDetails: { alt: '', caption: '', credit: '', error: 'Describe the image in its alt text.' } } }

/** Before the editor is ready. */
export const Disabled: Story = { args: { disabled: true } }

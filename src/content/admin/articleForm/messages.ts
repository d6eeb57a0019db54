// The article form's words (docs/product-spec.md §3, §5). The spec fixes each one exactly, so the
// form, its machine, its routes and their tests all read them from here and none can drift. The
// bounds' words are the service's too (shared/slug.ts), so form and service say the same.

import { boundMessages } from '../../../../shared/slug.ts'

export const messages = {
  title: 'Title must be at least 3 characters long.',
  slugLength: 'Slug must be at least 3 characters long.',
  slugPattern: boundMessages.slugPattern,
  slugHyphens: boundMessages.slugHyphens,
  slugLong: boundMessages.slugLong,
  titleLong: boundMessages.titleLong,
  excerptLong: boundMessages.excerptLong,
  content: 'Content is too short.',
  author: 'Please select an author.',
  category: 'Please select a category.',
  slugTaken: 'This slug is already used by another article.',
  publishedAt: 'Enter a publish date and time.',
  videoUrl: 'Enter the video’s address, starting with https://.',
  video: 'Upload the video for a video article.',
  mainImageAlt: 'Describe the main image for readers who cannot see it.',
  conflict: 'Someone else saved this article while you were editing. Your text is kept: copy what you need, then reload to see their version.',
  staleDraft: 'Nobody else saved: this draft was made from an older published version, so publishing it would undo the change made since. Nothing was published and both versions are kept: compare them above, then keep editing the draft or discard it.',
  created: 'Article created successfully.',
  updated: 'Article updated successfully.',
  insertDisabled: 'Insert disabled - using a hosted content service as backend',
  updateDisabled: 'Update disabled - using a hosted content service as backend',
} as const

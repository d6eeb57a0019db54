// The photo essay form's words. The title and slug rules are the article form's, in the spec's
// words (docs/product-spec.md §5); the rest say what a photo essay needs in the same style.

import { messages as articleMessages } from '../articleForm/messages.ts'

export const essayMessages = {
  title: articleMessages.title,
  slugLength: articleMessages.slugLength,
  slugPattern: articleMessages.slugPattern,
  publishedAt: articleMessages.publishedAt,
  images: 'A photo essay needs at least one picture.',
  alt: 'Describe this picture for readers who cannot see it.',
  slugTaken: 'This slug is already used by another photo essay.',
  conflict: 'Someone else saved this photo essay while you were editing. Your changes are kept: copy what you need, then reload to see their version.',
  staleDraft: 'Nobody else saved: this draft was made from an older published version, so publishing it would undo the change made since. Nothing was published and both versions are kept: compare them above, then keep editing the draft or discard it.',
  draftDiscarded: 'The form shows the published photo essay readers see.',
  created: 'Photo essay created successfully.',
  updated: 'Photo essay updated successfully.',
  insertDisabled: articleMessages.insertDisabled,
  updateDisabled: articleMessages.updateDisabled,
} as const

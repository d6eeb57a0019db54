// A reader's search as an FTS5 query. The reader's text never reaches FTS5: shared/search.ts reads
// it into words (letters, digits and marks only), and each word or phrase is written here as an FTS5
// string in double quotes, so AND, OR, NOT, NEAR, `*`, `-`, `^`, brackets and `column:` prefixes
// are only ever words to look for. docs/decisions/022-search-index.md.

import type { SearchTerm } from '../../shared/search.ts'

/** One term as an FTS5 string: the words in double quotes (a phrase when there are several). */
function quoted(term: SearchTerm): string {
  // The words hold no quote character (shared/search.ts); doubling one keeps the string closed regardless.
  return `"${term.words.join(' ').replace(/"/g, '""')}"`
}

/** Every term, in any column: the articles the search finds. Null when there is nothing to look for. */
export function matchExpression(terms: readonly SearchTerm[]): string | null {
  if (terms.length === 0) return null
  return terms.map(quoted).join(' AND ')
}

/**
 * The rows of one dataset (and, given category tokens, of any of those categories), as a filter on
 * the scope column. The tokens are written by the index in hex, never taken from a reader.
 */
export function scopeExpression(datasetToken: string, categoryTokens: readonly string[] | null): string {
  const dataset = `{scope} : "${datasetToken}"`
  if (categoryTokens === null) return dataset
  return `${dataset} AND {scope} : (${categoryTokens.map((token) => `"${token}"`).join(' OR ')})`
}

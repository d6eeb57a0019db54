// A page the server rendered carries the query results it was rendered with in a JSON script element
// of this id; the browser reads them back so its first render matches the HTML without a request.
export const pageDataElementId = 'resonance-page-data'

// A document's module scripts are listed, space-separated, in this attribute of the inline loader
// its body ends with (scripts/readerTemplate.ts), which adds them once the page has loaded.
export const moduleListAttribute = 'data-modules'

// The performance mark a page sets once it responds to the reader as it will: where the whole app
// runs, once its first render is committed (src/main.tsx); on a document, once its own script has
// run (src/islands/pageScript.ts), its Escape and relative times working. Tests wait for it.
export const interactiveMark = 'resonance:interactive'

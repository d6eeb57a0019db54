// A page the server rendered carries the query results it was rendered with in a JSON script element
// of this id; the browser reads them back so its first render matches the HTML without a request.
export const pageDataElementId = 'resonance-page-data'

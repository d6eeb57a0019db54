// jsdom lays nothing out, and ProseMirror asks where things are on screen (to scroll the caret into
// view, to map a click to a position). Tests of the editor give it empty answers; real layout is
// covered by the browser tests.

export function layoutStubsForEditor(): void {
  const noRects = () => Object.assign([] as unknown as DOMRectList, { item: () => null })
  const emptyRect = () => ({ x: 0, y: 0, width: 0, height: 0, top: 0, right: 0, bottom: 0, left: 0, toJSON: () => ({}) }) as DOMRect
  Range.prototype.getClientRects ??= noRects
  Range.prototype.getBoundingClientRect ??= emptyRect
  Element.prototype.getClientRects ??= noRects
  document.elementFromPoint ??= () => null
}

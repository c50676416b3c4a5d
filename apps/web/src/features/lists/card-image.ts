/**
 * Loading hints of a card's image. The first card of a list is at the top of a phone's screen and
 * its image is usually the page's largest paint: fetched at once, with high priority. The others
 * wait until they come near the viewport.
 */
export function cardImageLoading(first: boolean) {
  return first
    ? ({ loading: 'eager', fetchPriority: 'high' } as const)
    : ({ loading: 'lazy' } as const);
}

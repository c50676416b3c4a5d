/** An event's place names no address but a way of attending at a distance. */
const ONLINE_PLACE = /\b(en ligne|visio|webinaire|distanciel)/i;

/**
 * Where an event happens, as schema.org says it (the agenda's events, a post's event): a place
 * with its address (the place's text: a town or an address), or a virtual location for an online
 * event (at its link).
 */
export function eventLocationJsonLd(place: string | null, url: string | null) {
  if (!place) return {};
  if (ONLINE_PLACE.test(place)) {
    const online = { eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode' };
    // A virtual location is its address: none without one.
    return url ? { ...online, location: { '@type': 'VirtualLocation', name: place, url } } : online;
  }
  return {
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: place, address: place },
  };
}

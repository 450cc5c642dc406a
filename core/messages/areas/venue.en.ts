// The volunteers' pass desk (web/app/venue, web/features/venue).
// One area of the English catalogue (docs/decisions/115): a screen imports its area (core/messages/areas/venue.ts)
// and loads only its strings; t() finds them like every other key. Bengali: venue.bn.ts, same keys.
export const venueEn = {
  // venue pass collection (worker/services/collection.ts, web/features/venue, web/components/PassQr.tsx)
  'venue.title': 'Venue Pass Collection',
  'venue.scan': 'Scan pass QR',
  'venue.stopScan': 'Stop camera',
  'venue.searchLabel': 'Name, mobile or contribution id',
  'venue.search': 'Search',
  'venue.markCollected': 'Mark as Collected',
  'venue.stateCollected': 'COLLECTED',
  'venue.stateToCollect': 'NOT COLLECTED',
  'venue.stateNotPaid': 'NOT PAID',
  'venue.collectedBy': 'Collected at {time} by {volunteer}',
  'venue.syncNow': 'Sync now',
  'venue.localCopy': 'This phone holds {count} pass orders of {year}. Last synced: {time}',
  'venue.neverSynced': 'never',
  'venue.offline':
    "Offline: scanning and search use this phone's copy; collections upload when the connection returns.",
  'venue.noResults': 'No pass order found for "{q}".',
  'venue.qrUnknown': 'This QR code is not a pass of this festival year.',
  'venue.cameraUnavailable': 'The camera is not available here. Search by mobile or email instead.',
  'venue.savedOffline': 'Collected on this phone. It uploads when the connection returns.',
  'venue.uploaded': 'Uploaded {count} collections.',
  'venue.conflictsFound': '{count} of them were collected on another device too: the admins will see them.',
  'venue.searchShort': 'Please enter at least 3 characters.',
  'venue.conflictsTitle': 'Passes collected twice',
  'venue.noConflicts': 'No pass was collected twice.',

  // cancellations and refunds (issue 13, docs/decisions/080-081)
  'venue.stateRefunded': 'REFUNDED',

  // connectivity by evidence, name search and undo (docs/decisions/150-153)
  'venue.searchHint': 'A name many people share? Add digits of the mobile or the contribution id: "Ananya 4321".',
  'venue.moreResults': 'Showing the first {count}. Add digits of the mobile or the contribution id to narrow the list.',
  'venue.mobileMasked': 'mobile {mobile}',
  'venue.offlineSince': 'No connection since {time}.',
  'venue.waitingNone': 'Nothing waiting to upload.',
  'venue.waitingOne': '1 collection waiting to upload since {time}',
  'venue.waitingMany': '{count} collections waiting to upload since {time}',
  'venue.pendingUpload': 'waiting to upload',
  'venue.syncFailed': 'Nothing got through. This phone keeps its collections and tries again by itself.',
  'venue.undo': 'Undo',
  'venue.undone': 'Undone: {rcpt} is not collected.',
  'venue.undoFailed': 'Could not undo: {reason} The pass stays collected.',
} as const;

export type VenueKey = keyof typeof venueEn;

// The volunteers' pass desk (web/app/venue, web/features/venue).
// One area of the English catalogue (docs/decisions/115): a screen imports its area (core/messages/areas/venue.ts)
// and loads only its strings; t() finds them like every other key. Bengali: venue.bn.ts, same keys.
export const venueEn = {
  // venue pass collection (worker/services/venue/collection.ts, web/features/venue, web/components/PassQr.tsx)
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
  'venue.localCopyEmpty': 'This phone holds no pass orders yet. Last synced: {time}',
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

  // cancellations and refunds (docs/decisions/080-081)
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
  // gate sales (web/features/venue/GateSale.tsx)
  'gate.open': 'Sell passes at the gate',
  'gate.title': 'Gate sale',
  'gate.buyerName': "Buyer's name",
  'gate.buyerMobile': "Buyer's mobile",
  'gate.buyerEmail': 'Email (optional, for the receipt)',
  'gate.passes': 'Passes',
  'gate.total': 'Total: {amount}',
  'gate.mode': 'Paid by',
  'gate.modeCash': 'Cash',
  'gate.modeUpi': 'UPI',
  'gate.upiNote': 'Gate sale',
  'gate.utr': "UTR (12-digit UPI reference from the payer's app)",
  'gate.record': 'Record sale and hand over',
  'gate.close': 'Close',
  'gate.noProducts': 'No price list on this phone yet: connect once to load the passes for sale.',
  'gate.nameRequired': "Please enter the buyer's name.",
  'gate.mobileInvalid': 'Please enter a valid mobile number.',
  'gate.emailInvalid': 'Please enter a valid email, or leave it empty.',
  'gate.pickPasses': 'Choose at least one pass.',
  'gate.utrRequired': "Type the 12-digit UTR from the payer's UPI app.",
  'gate.utrInvalid': "This is not a UPI reference: type the 12-digit UTR from the payer's UPI app.",
  'gate.soldOffline':
    'Saved on this phone: hand over {qty} passes ({amount}). The sale uploads when the connection returns.',
  'gate.salesWaiting': 'Gate sales waiting to upload: {count}.',
  'gate.left': '{count} left',
  'gate.soldOutShort': 'sold out',
  'gate.salesProblem': 'One could not upload: {reason}',
} as const;

export type VenueKey = keyof typeof venueEn;

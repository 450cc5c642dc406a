// The volunteers' pass desk (web/app/venue, web/features/venue). Bengali, with exactly the keys of venue.en.ts (core/messages/catalogues.test.ts).
import type { VenueKey } from './venue.en';

export const venueBn: Record<VenueKey, string> = {
  // venue pass collection (worker/services/collection.ts, web/features/venue, web/components/PassQr.tsx)
  'venue.title': 'মণ্ডপে পাস বিতরণ',
  'venue.scan': 'পাসের QR স্ক্যান করুন',
  'venue.stopScan': 'ক্যামেরা বন্ধ করুন',
  'venue.searchLabel': 'নাম, মোবাইল বা অনুদানের আইডি',
  'venue.search': 'খুঁজুন',
  'venue.markCollected': 'পাস দেওয়া হয়েছে',
  'venue.stateCollected': 'নেওয়া হয়েছে',
  'venue.stateToCollect': 'নেওয়া হয়নি',
  'venue.stateNotPaid': 'টাকা দেওয়া হয়নি',
  'venue.collectedBy': '{time}-এ নেওয়া হয়েছে, {volunteer} দিয়েছেন',
  'venue.syncNow': 'এখনই সিঙ্ক করুন',
  'venue.localCopy': 'এই ফোনে {year}-এর {count}টি পাস অর্ডার রাখা আছে। শেষ সিঙ্ক: {time}',
  'venue.neverSynced': 'এখনও হয়নি',
  'venue.offline': 'অফলাইন: স্ক্যান আর খোঁজা এই ফোনের কপি থেকে হচ্ছে; সংযোগ ফিরলে পাস দেওয়ার তথ্য আপলোড হবে।',
  'venue.noResults': '"{q}"-এর কোনও পাস অর্ডার পাওয়া যায়নি।',
  'venue.qrUnknown': 'এই QR কোডটি এ বছরের উৎসবের কোনও পাসের নয়।',
  'venue.cameraUnavailable': 'এখানে ক্যামেরা চালু করা যাচ্ছে না। মোবাইল নম্বর বা ইমেল দিয়ে খুঁজুন।',
  'venue.savedOffline': 'এই ফোনে নথিভুক্ত হল। সংযোগ ফিরলে আপলোড হবে।',
  'venue.uploaded': '{count}টি পাস দেওয়ার তথ্য আপলোড হল।',
  'venue.conflictsFound': 'এর মধ্যে {count}টি অন্য ফোন থেকেও দেওয়া হয়েছে: অ্যাডমিনরা সেগুলি দেখতে পাবেন।',
  'venue.searchShort': 'অন্তত 3টি অক্ষর লিখুন।',
  'venue.conflictsTitle': 'যে পাস দু’বার দেওয়া হয়েছে',
  'venue.noConflicts': 'কোনও পাস দু’বার দেওয়া হয়নি।',

  // cancellations and refunds (issue 13, docs/decisions/080-081)
  'venue.stateRefunded': 'টাকা ফেরত',

  // connectivity by evidence, name search and undo (docs/decisions/150-153)
  'venue.searchHint': 'একই নাম অনেকের? মোবাইলের কয়েকটি সংখ্যা বা অনুদানের আইডি যোগ করুন: "Ananya 4321"।',
  'venue.moreResults': 'প্রথম {count}টি দেখানো হচ্ছে। তালিকা ছোট করতে মোবাইলের কয়েকটি সংখ্যা বা অনুদানের আইডি যোগ করুন।',
  'venue.mobileMasked': 'মোবাইল {mobile}',
  'venue.offlineSince': '{time} থেকে সংযোগ নেই।',
  'venue.waitingNone': 'আপলোডের অপেক্ষায় কিছু নেই।',
  'venue.waitingOne': '{time} থেকে 1টি পাস দেওয়ার তথ্য আপলোডের অপেক্ষায়',
  'venue.waitingMany': '{time} থেকে {count}টি পাস দেওয়ার তথ্য আপলোডের অপেক্ষায়',
  'venue.pendingUpload': 'আপলোডের অপেক্ষায়',
  'venue.syncFailed': 'কিছুই পৌঁছয়নি। এই ফোনে তথ্য রাখা আছে, নিজে থেকেই আবার চেষ্টা করবে।',
  'venue.undo': 'ফিরিয়ে নিন',
  'venue.undone': 'ফিরিয়ে নেওয়া হল: {rcpt}-এর পাস দেওয়া হয়নি।',
  'venue.undoFailed': 'ফিরিয়ে নেওয়া গেল না: {reason} পাস দেওয়া হয়েছে বলেই থাকছে।',
};

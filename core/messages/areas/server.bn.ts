// The Worker's own answers: errors, refusals and confirmations that services return as `desc`. Bengali, with exactly the keys of server.en.ts (core/messages/catalogues.test.ts).
import type { ServerKey } from './server.en';

export const serverBn: Record<ServerKey, string> = {
  // success toasts (SPEC.md section 8)
  'product.availabilityUpdated': 'প্রোডাক্টের প্রাপ্যতা বদলানো হয়েছে!',
  'product.sponsorshipUpdated': 'প্রোডাক্টের স্পনসরশিপের অবস্থা বদলানো হয়েছে!',
  'product.added': 'প্রোডাক্ট যোগ করা হয়েছে!',
  'order.approved': 'আপনি অনুদানটি অনুমোদন করেছেন!',
  'order.rejected': 'আপনি অনুদানটি বাতিল করেছেন!',
  'product.blocked': 'প্রোডাক্টটি সংরক্ষিত রাখা হল: {name} ({email})-এর জন্য',
  'signup.verifySent':
    'আপনার ইমেলে একটি যাচাইয়ের ইমেল পাঠানো হয়েছে। এখনই লগইন করতে পারেন; ইমেলের লিঙ্কটি খুলে আপনার ইমেল যাচাই করে নিন।',
  'verification.sent': 'যাচাইয়ের লিঙ্ক পাঠানো হয়েছে, আপনার মেল দেখুন!',
  'verification.done': 'ধন্যবাদ, আপনার ইমেল ঠিকানা যাচাই হয়ে গেছে।',

  // venue pass collection (worker/services/collection.ts, web/features/venue, web/components/PassQr.tsx)
  'venue.alreadyCollected': 'পাস আগেই নেওয়া হয়েছে, {time}-এ, {volunteer} দিয়েছেন',
  'venue.collected': '{rcpt}-এর পাস দেওয়া হল: মোট {qty}টি।',
  'venue.notFound': '{rcpt} নম্বরের কোনও অনুদান পাওয়া যায়নি।',
  'venue.emailMismatch': 'userEmail অনুদান {rcpt}-এর ইমেলের সঙ্গে মেলে না',
  'venue.noPasses': 'অনুদান {rcpt}-এ নেওয়ার মতো কোনও পাস নেই।',
  'venue.notPaid': 'অনুদান {rcpt}-এর টাকা দেওয়া হয়নি (অবস্থা: {status}), তাই এর পাস দেওয়া যাবে না।',

  // hardening (issue 11): refusals decided by the database
  'checkout.itemTakenMeanwhile': 'আপনার বেছে নেওয়া একটি জিনিসের পূর্ণ স্পনসরশিপ এইমাত্র অন্য কেউ শুরু করেছেন। আবার বেছে নিন।',
  'checkout.itemCoSponsoredMeanwhile':
    'আপনার বেছে নেওয়া একটি জিনিসে এইমাত্র অন্য কেউ সহ-স্পনসর হয়েছেন, তাই এর পূর্ণ স্পনসর আর হওয়া যাবে না। আপনি সহ-স্পনসর হতে পারেন।',
  'checkout.itemBlockedMeanwhile':
    'আপনার বেছে নেওয়া একটি জিনিস এইমাত্র কমিটি অন্য এক স্পনসরের জন্য সংরক্ষণ করেছে। আবার বেছে নিন।',
  'checkout.memberPriceUsed':
    'এই পাসগুলির UTSAV সদস্যের দাম আপনার অন্য একটি অনুদানে আগেই ব্যবহার হয়ে গেছে। আপনার বাছাই আর একবার মিলিয়ে নিন।',
  'checkout.holdLimit':
    'সরাসরি ট্রান্সফারে টাকা আসা পর্যন্ত একসঙ্গে সর্বোচ্চ {max}টি স্পনসরশিপ সংরক্ষিত থাকে। অনলাইনে দিন, অথবা আগে আপনার আগের অনুদানগুলির ট্রান্সফারের তথ্য দিন।',
  'checkout.cartStartedOnline':
    'এই বাছাই এইমাত্র অনলাইনে দেওয়ার জন্য অনুদান {rcpt} হয়ে গেছে। প্রোফাইল থেকে সেটি সম্পূর্ণ করুন বা আবার চেষ্টা করুন।',
  'checkout.cartStartedOffline':
    'এই বাছাই এইমাত্র সরাসরি ট্রান্সফারে দেওয়ার জন্য অনুদান {rcpt} হয়ে গেছে। প্রোফাইল থেকে ট্রান্সফারের তথ্য দিন।',
  'checkout.itemHeld': '"{name}" একটি অনুদানের জন্য সংরক্ষিত, যার পেমেন্ট এখনও বাকি। সেই পেমেন্ট না হলে এটি আবার খোলা হবে।',
  'checkout.paymentCheckFailed':
    'পেমেন্ট প্রোভাইডারের সঙ্গে এই পেমেন্টটি মিলিয়ে নিশ্চিত করা গেল না। দু’বার টাকা কাটা হয়নি; কয়েক মিনিট পরে আবার চেষ্টা করুন বা আমাদের সঙ্গে যোগাযোগ করুন।',
  'checkout.orderGivenUp': 'অনুদান {rcpt} বাতিল হয়েছে, এটি যা সংরক্ষণ করেছিল তা আবার খোলা হল।',
  'venue.nonceReused':
    'এই পাস দেওয়ার তথ্য অন্য একটি পাসের জন্য আগেই নথিভুক্ত হয়েছে (একই স্ক্যান আইডি দু’বার এসেছে)। পাসটি আবার স্ক্যান করুন।',
  'auth.addressLimited': 'আপনার নেটওয়ার্ক থেকে খুব বেশি অনুরোধ এসেছে। এক মিনিট অপেক্ষা করে আবার চেষ্টা করুন।',
  'webhook.badPayload': 'ওয়েবহুকের তথ্যটি Razorpay-এর ইভেন্ট নয়: {what}',
  'server.localOnly':
    'এই ডিপ্লয়মেন্টটি একটি পাবলিক ঠিকানায় লোকাল ডেভেলপমেন্ট মোডে চলছে। APP_ENV=production দিন (wrangler deploy --env production)।',

  // cancellations and refunds (issue 13, docs/decisions/080-081)
  'refund.notPaid': 'অনুদান {rcpt}-এর অবস্থা {status}: শুধু পেমেন্ট হওয়া (Success) অনুদানই বাতিল বা ফেরত দেওয়া যায়।',
  'refund.alreadyRefunded':
    'অনুদান {rcpt}-এর এই লাইনগুলি আগেই ফেরত দেওয়া হয়েছে (হয়তো এইমাত্র অন্য কোনও অ্যাডমিন দিয়েছেন)। পাতাটি আবার খুলুন।',
  'refund.passCollected': 'অনুদান {rcpt}-এর পাস নেওয়া হয়ে গেছে: এর সদস্যপদ ও পাসের টাকা আর ফেরত দেওয়া যাবে না।',
  'refund.referenceUsed': 'reference: এই ব্যাঙ্ক/UPI রেফারেন্সটি অন্য একটি পেমেন্ট বা ফেরতে আগেই ব্যবহার হয়েছে।',
  'refund.referenceRequired': 'reference দিতে হবে: ফেরত পাঠানো টাকার ব্যাঙ্ক/UPI রেফারেন্স লিখুন।',
  'refund.referenceOnline': 'reference: অনলাইন পেমেন্ট পেমেন্ট গেটওয়ে দিয়েই ফেরত যায়, তাই রেফারেন্স লাগে না।',
  'refund.keyReused': 'requestKey অন্য একটি অনুদানে আগেই ব্যবহার হয়েছে।',
  'refund.noPayment': 'অনুদান {rcpt}-এর কোনও সম্পূর্ণ অনলাইন পেমেন্ট পাওয়া যায়নি।',
  'refund.started': '{rcpt}-এর {amount} ফেরত শুরু হল: 10 কাজের দিনের মধ্যে যে মাধ্যমে টাকা দেওয়া হয়েছিল সেখানে পৌঁছবে।',
  'refund.recorded': '{rcpt}-এর {amount} ফেরত নথিভুক্ত হল (রেফারেন্স {reference})।',
  'refund.retrying': 'পেমেন্ট গেটওয়ে সাড়া দেয়নি। {rcpt}-এর {amount} ফেরত রাখা আছে, নিজে থেকেই আবার পাঠানো হবে।',
  'refund.refused': 'পেমেন্ট গেটওয়ে ফেরত দিতে রাজি হয়নি: {reason}। কিছুই বদলানো হয়নি।',
  'refund.unknownRefund': 'refundId: {id} নম্বরের কোনও ফেরত নেই।',
  'refund.notFailed': '{rcpt}-এর ফেরত {id} ব্যর্থ হয়নি: শুধু ব্যর্থ অনলাইন ফেরতই আবার চেষ্টা করা বা হাতে দেওয়া হিসেবে লেখা যায়।',
  'refund.alreadyReplaced':
    '{rcpt}-এর ফেরত {id} আগেই আবার চেষ্টা করা হয়েছে বা হাতে ফেরত দেওয়া হিসেবে লেখা হয়েছে (হয়তো এইমাত্র অন্য কোনও অ্যাডমিন)। আবার লোড করুন।',
  'venue.refunded': 'অনুদান {rcpt}-এর টাকা ফেরত দেওয়া হয়েছে: এর পাস আর চলবে না।',
  'venue.tapUndone': 'এই ট্যাপটি ফিরিয়ে নেওয়া হয়েছে। পাস দিতে আবার "পাস দেওয়া হয়েছে" টিপুন।',
  'venue.undoNotFound': 'এই আইডি দিয়ে পাস দেওয়ার কোনও তথ্য নথিভুক্ত হয়নি।',
  'venue.undoneServer': 'ফিরিয়ে নেওয়া হল: {rcpt}-এর পাস দেওয়া হয়নি।',
  'venue.undoRefused':
    'এটি আর ফিরিয়ে নেওয়া যাবে না: যিনি পাস দিয়েছেন শুধু তিনিই {seconds} সেকেন্ডের মধ্যে পারেন, আর তখনই যদি অন্য কোনও ফোন থেকে পাসটি দেওয়া না হয়ে থাকে।',
  'carry.done': 'অনুদান {rcpt} পরের উৎসব-বছরে {to} হিসেবে নিয়ে যাওয়া হল।',
  'carry.nothing': 'অনুদান {rcpt}-এ পরের বছরে নিয়ে যাওয়ার মতো কোনও সদস্যপদ বা স্পনসরশিপ নেই।',
  'carry.itemTaken':
    'এই অনুদানের একটি স্পনসরশিপ {year}-এ আগেই নেওয়া হয়ে গেছে: তার বদলে টাকা ফেরত দিন, অথবা সেটি খালি করে তারপর নিয়ে যান।',
  'complete.notFailed': 'অনুদান {rcpt}-এর অবস্থা {status}: শুধু ব্যর্থ (Failed) অনুদানই হাতে সম্পূর্ণ করা যায়।',
  'complete.paymentIdRequired': 'অনলাইন অনুদানে razorpayPaymentId দিতে হবে।',
  'complete.txnRequired': 'সরাসরি ট্রান্সফারে transactionId দিতে হবে: পাওয়া টাকার ব্যাঙ্ক/UPI ট্রানজ্যাকশন আইডি।',
  'complete.unknownPayment': 'razorpayPaymentId: Razorpay-এ {id} নামে কোনও পেমেন্ট নেই।',
  'complete.notCaptured': 'পেমেন্ট {id} Razorpay-এ {status} অবস্থায় আছে, সম্পূর্ণ হয়নি: টাকা এখনও আসেনি।',
  'complete.amountMismatch': 'পেমেন্ট {id}-এর অঙ্ক এই অনুদানের সঙ্গে মেলে না।',
  'complete.foreignPayment': 'পেমেন্ট {id} অনুদান {rcpt}-এর জন্য করা হয়নি।',
  'complete.paymentUsed': 'razorpayPaymentId: এই পেমেন্টটি অন্য একটি অনুদানে আগেই ব্যবহার হয়েছে।',
  'complete.txnUsed': 'transactionId: এই ট্রানজ্যাকশন আইডি অন্য একটি পেমেন্ট বা ফেরতে আগেই ব্যবহার হয়েছে।',
  'complete.notCompleted': 'অনুদান {rcpt} সম্পূর্ণ করা গেল না (অবস্থা {status})।',
  'complete.done': 'অনুদান {rcpt} সম্পূর্ণ হল: সদস্য নিশ্চিতকরণের ইমেল পাবেন।',
  'complete.doneWithLoss':
    'অনুদান {rcpt} সম্পূর্ণ হল, কিন্তু এর একটি জিনিস এর মধ্যে অন্য কেউ নিয়ে নিয়েছেন: সেই লাইনের টাকা ফেরত দিন (বাতিল / ফেরত)।',
  'statement.approved': '{count}টি অনুদান অনুমোদিত হল।',

  // server descriptions
  'auth.required': 'এগোতে লগইন করুন।',
  'auth.forbidden': 'এটি দেখার অনুমতি আপনার নেই।',
  'auth.invalidCredentials': 'ইমেল বা পাসওয়ার্ড ভুল।',
  'auth.rateLimited': 'অনেকবার চেষ্টা হয়েছে। কয়েক মিনিট অপেক্ষা করে আবার চেষ্টা করুন।',
  'auth.emailTaken': 'এই ইমেলে আগেই একটি অ্যাকাউন্ট আছে। লগইন করুন বা পাসওয়ার্ড নতুন করে সেট করুন।',
  'auth.invalidCode': 'কোড বা পুরনো পাসওয়ার্ডটি ভুল, অথবা কোডের মেয়াদ ফুরিয়েছে।',
  'auth.forgotSent': 'এই ইমেলটি নথিভুক্ত থাকলে তাতে একটি অস্থায়ী কোড পাঠানো হয়েছে। কোডটি 30 মিনিট চলবে।',
  'request.invalidJson': 'অনুরোধের বডি একটি JSON অবজেক্ট হতে হবে।',
  'request.tooLarge': 'অনুরোধের বডি খুব বড় (সর্বোচ্চ {kb} KB)।',
  'server.error': 'আমাদের দিকে কিছু গোলমাল হয়েছে। আবার চেষ্টা করুন।',
  notFound: 'পাওয়া যায়নি।',

  // languages, nav and layout (issue 16, docs/decisions/120)
  'product.bengaliUpdated': 'বাংলা নাম ও বিবরণ রাখা হল!',

  // texts that services wrote inline until issue 14 (item 8)
  'order.noPaidWithId': 'এই আইডিতে কোনো পরিশোধিত অনুদান নেই।',
  'product.notFound': '{id} আইডির কোনো প্রোডাক্ট নেই।',
  'product.duplicateCode': 'কোড {code} অন্য একটি প্রোডাক্টে আগেই ব্যবহৃত।',
  'product.notSponsorshipFullSponsor': 'id: প্রোডাক্ট {code} স্পনসরশিপ প্রোডাক্ট নয়; শুধু সেগুলিই কেবল পূর্ণ স্পনসরের জন্য রাখা যায়।',
  'product.notSponsorshipBlock': 'id: প্রোডাক্ট {code} স্পনসরশিপ প্রোডাক্ট নয়; শুধু সেগুলিই সংরক্ষিত রাখা যায়।',
  'product.alreadySponsored': '{name} এ বছর আগেই স্পনসর করা হয়েছে, তাই সংরক্ষিত রাখা যাবে না।',
  'product.heldInCheckout': '{name} চেকআউটে থাকা একটি অর্ডারে ধরা আছে, তাই এখন সংরক্ষিত রাখা যাবে না।',
  'product.notBlocked': '{name} সংরক্ষিত নয়।',
  'product.unblocked': '{name} আর সংরক্ষিত নয়; আবার বিক্রিতে আনতে এটি চালু করুন।',
  'settings.saved': 'সেটিংস রাখা হল।',
  'role.noAccount': 'email: {email} দিয়ে কোনো অ্যাকাউন্ট নথিভুক্ত নেই; আগে ওঁকে সাইন আপ করতে বলুন।',
  'role.cannotRemoveSelf': 'আপনি নিজের অ্যাডমিন ভূমিকা সরাতে পারবেন না; অন্য একজন অ্যাডমিনকে বলুন।',
  'role.lastAdmin': 'কনসোলে অন্তত একজন অ্যাডমিন দরকার: ইনিই শেষজন।',
  'role.alreadyHas': '{name}-এর আগে থেকেই {role} ভূমিকা আছে।',
  'role.doesNotHave': '{name}-এর {role} ভূমিকা নেই।',
  'role.nowAdmin': '{name} এখন একজন অ্যাডমিন।',
  'role.nowVolunteer': '{name} এখন একজন স্বেচ্ছাসেবক।',
  'role.noLongerAdmin': '{name} আর অ্যাডমিন নন।',
  'role.noLongerVolunteer': '{name} আর স্বেচ্ছাসেবক নন।',
  'order.notYours': 'আপনার অ্যাকাউন্টে এমন কোনো অনুদান নেই।',
  'payment.badSignature': 'পেমেন্টটি যাচাই করা গেল না: স্বাক্ষর মিলছে না।',
  'payment.notCaptured': 'Razorpay এই অর্ডারের জন্য এই পেমেন্টটিকে পরিশোধিত বলে জানাচ্ছে না।',
  'order.paidOnline': 'এই অনুদানটি অনলাইনে দেওয়া হয়, সরাসরি ট্রান্সফারে নয়।',
  'order.transferLocked': 'অনুদান {rcpt}-এর অবস্থা {status}; এর লেনদেনের বিবরণ আর বদলানো যাবে না।',
  'order.isStatus': 'অনুদান {rcpt}-এর অবস্থা {status}।',
  'order.cannotCancel': 'অনুদান {rcpt}-এর অবস্থা {status}; এখান থেকে এটি বাতিল করা যাবে না।',
  'order.transactionIdUsed': 'এই লেনদেন আইডিটি আগেই একটি অনুদানের জন্য জানানো হয়েছে। দেখে নিয়ে আবার চেষ্টা করুন।',
  'checkout.nothingToPay': 'আপনার নির্বাচনের মোট শূন্য; দেওয়ার কিছু নেই।',
  'checkout.emptyCart': 'আপনার কার্ট খালি। আবার আপনার অনুদান বেছে নিন।',
  'cart.unknownProduct': 'productQtys: অজানা প্রোডাক্ট আইডি {id}',
  'cart.mixed': 'একটি কার্টে হয় সদস্যপদ ও স্পনসরশিপ, নয় দৈনিক পাস থাকে, দুটো একসঙ্গে নয়। আগে একটির চেকআউট সেরে নিন।',
  'cart.dailyPassClosed': 'দৈনিক পাস এখন বিক্রি হচ্ছে না।',
  'cart.membershipClosed': 'সদস্যপদ ও স্পনসরশিপ এখন খোলা নেই।',
  'cart.itemBlocked': '"{name}" অন্য একজন স্পনসরের জন্য সংরক্ষিত।',
  'cart.itemUnavailable': '"{name}" আর পাওয়া যাচ্ছে না। এটি সরিয়ে দিন।',
  'cart.extraQty': 'productQtys.{id}.qty: অতিরিক্ত অনুদানের সংখ্যা 1 হতে হবে',
  'cart.extraAmount': 'productQtys.{id}.price: অতিরিক্ত অনুদান {min} থেকে {max}-এর মধ্যে পূর্ণ টাকায় হতে হবে',
  'cart.sponsorshipQty': 'productQtys.{id}.qty: স্পনসরশিপের সংখ্যা 1 হতে হবে',
  'cart.fullSponsorRequired': 'productQtys.{id}.fullSponsor: স্পনসরশিপের জন্য এটি দরকার',
  'cart.fullSponsorOnly': '"{name}" শুধু পুরোটা স্পনসর করা যায়, সহ-স্পনসর করা যায় না।',
  'cart.itemSponsored': '"{name}" এই উৎসব বছরের জন্য আগেই স্পনসর করা হয়েছে।',
  'cart.itemCoSponsored':
    '"{name}"-এর এ বছর আগেই সহ-স্পনসর আছেন, তাই এটি আর পুরোটা স্পনসর করা যাবে না। আপনি সহ-স্পনসর হতে পারেন।',
  'cart.noLines': 'productQtys-এ অন্তত একটি প্রোডাক্ট থাকতে হবে যার সংখ্যা 0-এর বেশি',
  'cart.codeMismatch': 'productQtys.{id}.code হল {sent}, কিন্তু প্রোডাক্ট {id}-এর কোড {code}; পেজটি আবার লোড করুন',
  'webhook.tooLarge': 'বডি খুব বড়',
  'order.noSuch': 'এমন কোনো অবদান নেই।',
  'order.cannotConfirm': 'অবদান {rcpt} এখন {status}, তাই এটি নিশ্চিত করা যাবে না।',
  'order.paidByTransfer': 'এই অবদানের টাকা সরাসরি ট্রান্সফারে দেওয়া হচ্ছে।',
  'payment.amountMismatch': 'যে টাকা দেওয়া হয়েছে তা অবদানের সঙ্গে মিলছে না।',
  'payment.idUsed': 'এই পেমেন্টটি আগেই অন্য একটি অবদানের জন্য ব্যবহার করা হয়েছে।',
  'server.busy': 'একটু পরে আবার চেষ্টা করুন।',
  'order.cannotBecome': 'অবদান {rcpt} এখন {status}, তাই এটি {to} হতে পারে না।',
  'attention.nothing': 'এই অবদানে অ্যাডমিনের জন্য কিছু অপেক্ষা করছে না।',
  'attention.handled': 'সামলানো হয়েছে বলে চিহ্নিত করা হল।',
  'webhook.badSignature': 'ওয়েবহুকের স্বাক্ষর মিলছে না।',
  'webhook.notJson': 'ওয়েবহুকের বডি JSON নয়।',
  'payment.providerUnreachable': 'পেমেন্ট প্রদানকারীর সঙ্গে যোগাযোগ করা যায়নি। আবার চেষ্টা করুন।',
  'refund.unknownOrder': 'orderPkId: {rcpt} নামে কোনো অবদান নেই।',
  'refund.unknownLine': 'lines: একটি লাইন এই অবদানের লাইন নয়।',
  'statement.unknownImport': 'importId: {id} নম্বরের কোনো স্টেটমেন্ট ইমপোর্ট নেই।',
  'order.txnNotReference':
    'offlineTxnId: এটি কোনো ব্যাঙ্ক বা UPI রেফারেন্স নয়। আপনার UPI অ্যাপে পেমেন্টটি খুলে তার 12 অঙ্কের UPI রেফারেন্স নম্বর (UTR) কপি করুন; NEFT বা RTGS হলে ব্যাঙ্কের দেখানো UTR (16 বা 22 অক্ষরের) কপি করুন।',
  'complete.txnNotReference':
    'transactionId: এটি কোনো ব্যাঙ্ক বা UPI রেফারেন্স নয়: ব্যাঙ্ক স্টেটমেন্ট থেকে 12 অঙ্কের UPI রেফারেন্স (UTR), অথবা 16 বা 22 অক্ষরের NEFT/RTGS UTR কপি করুন।',
  'order.creditChanged': 'অনুদান {rcpt}-এর ব্যাঙ্ক স্টেটমেন্টের জমাটি এর মধ্যে বদলে গেছে; অনুদানটি আবার খুলুন।',
  'statement.noFlag': 'lineId: এই জমাটি চিহ্নিত নয়।',
  'statement.flagCleared': 'মীমাংসা হয়েছে বলে চিহ্নিত করা হল।',
};

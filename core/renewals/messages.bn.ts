// The membership year's strings in Bengali (bn-IN), with exactly the keys of messages.en.ts beside it
// (core/messages/catalogues.test.ts checks both ways). Loaded with the Bengali catalogue (core/i18n.ts loadLocale).
import type { RenewalsKey } from './messages.en';

export const renewalsBn: Record<RenewalsKey, string> = {
  'renewal.offer': '{year}-এর জন্য আপনার {plan} নবীকরণ করুন',
  'renewal.offerBody':
    'গত বছর ({lastYear}) আপনি সদস্য ছিলেন: {lines}। একই সদস্যপদ আর একই সংখ্যক সদস্য নিয়ে নবীকরণ করুন; টাকা দেওয়ার আগে বদলাতে পারবেন।',
  'renewal.line': '{name} x {qty}',
  'renewal.renew': 'এখনই নবীকরণ করুন',
  'renewal.applied': 'গত বছরের সদস্যপদ বাছা হয়েছে। চাইলে বদলে নিন, তারপর এগিয়ে যান।',
  'renewal.renewed': '{year}-এর জন্য আপনার সদস্যপদ নিশ্চিত হয়েছে। ধন্যবাদ!',
  'renewal.planGone': 'গত বছরের সদস্যপদটি এ বছর নেই। নিচে থেকে একটি সদস্যপদ বেছে নিন।',
  'renewal.notYours':
    'নবীকরণের এই লিঙ্কটি অন্য এক সদস্যকে পাঠানো হয়েছিল। যে অ্যাকাউন্টে ইমেলটি গেছে সেটিতে লগইন করুন, অথবা নিচে থেকে নিজের সদস্যপদ বেছে নিন।',
  'renewal.mailSubject': '{year}-এর জন্য আপনার {plan} সদস্যপদ নবীকরণ করুন',
  'renewal.mailGreeting': 'নমস্কার {name},',
  'renewal.mailBody':
    '{lastYear}-এ আমাদের সঙ্গে থাকার জন্য ধন্যবাদ। {year} উৎসব-বছর শুরু হয়েছে, আপনার সদস্যপদ নবীকরণের সময় হয়েছে। গত বছর আপনি বেছেছিলেন: {lines}।',
  'renewal.mailAction': 'একটি ছোঁয়াতেই নবীকরণ: লিঙ্কটি খুললে একই সদস্যপদ আর একই সংখ্যক সদস্য বাছা থাকবে, দাম হবে এ বছরের নিয়মে।',
  'renewal.mailLink': '{year}-এর জন্য আপনার {plan} নবীকরণ করুন',
  'renewal.mailFooter':
    '{lastYear}-এর সদস্য হিসেবে আপনি এই অনুস্মারক পাচ্ছেন। নবীকরণের অনুস্মারক বন্ধ করতে (আপনার নিজের অনুদানের ইমেল আসতে থাকবে) নিচের লিঙ্কে আনসাবস্ক্রাইব করুন।',
  'renewal.mailUnsubscribe': 'নবীকরণের অনুস্মারক বন্ধ করুন',
  'renewal.testPrefix': '[পরীক্ষা] {subject}',
  'renewal.testSent': '{email}-এ একটি পরীক্ষার ইমেল পাঠানো হয়েছে।',
  'renewal.campaignStarted': '{count} জন সদস্যের কাছে নবীকরণের অনুস্মারক যাচ্ছে। কয়েক মিনিট অন্তর দফায় দফায় যাবে।',
  'renewal.campaignRunning':
    '{year}-এর একটি অনুস্মারক এখন পাঠানো হচ্ছে। প্রত্যেক সদস্য এটি একবারই পান; শেষ হওয়া পর্যন্ত অপেক্ষা করুন, অথবা আগে সেটি থামান।',
  'renewal.noAudience': 'অনুস্মারক পাঠানোর মতো কেউ নেই: {lastYear}-এর সব সদস্য নবীকরণ করেছেন বা অনুস্মারক বন্ধ রেখেছেন।',
  'renewal.campaignStopped': 'অনুস্মারক পাঠানো থামানো হল। যে ইমেল চলে গেছে, তা ফেরানো যায় না।',
  'renewal.campaignNotSending': 'এই অনুস্মারক আর পাঠানো হচ্ছে না।',
  'unsubscribe.done':
    'আপনি আর নবীকরণের অনুস্মারক পাবেন না। আপনার নিজের অনুদানের ইমেল আসতে থাকবে। প্রোফাইল থেকে আবার অনুস্মারক চালু করতে পারেন।',
  'unsubscribe.invalid': 'আনসাবস্ক্রাইবের এই লিঙ্কটি ঠিক নয়। ইমেলের লিঙ্কটি ব্যবহার করুন, অথবা প্রোফাইল থেকে বদলে নিন।',
  'unsubscribe.expired': 'আনসাবস্ক্রাইবের এই লিঙ্কের মেয়াদ ফুরিয়েছে। প্রোফাইল থেকে নবীকরণের অনুস্মারক বন্ধ করতে পারেন।',
  'unsubscribe.title': 'নবীকরণের অনুস্মারক',
  'unsubscribe.working': 'আনসাবস্ক্রাইব হচ্ছে…',
  'prefs.saved': 'ইমেলের পছন্দ রাখা হল।',
  'renewals.reportTitle': 'নবীকরণ {year}',
  'renewals.reportYear': 'উৎসব-বছর',
  'renewals.plan': 'সদস্যপদ',
  'renewals.lastYear': 'সদস্য {year}',
  'renewals.renewed': 'নবীকরণ হয়েছে',
  'renewals.notRenewed': 'এখনও নবীকরণ হয়নি',
  'renewals.newMembers': 'নতুন সদস্য',
  'renewals.total': 'সব সদস্যপদ',
  'renewals.exportNotRenewed': 'নবীকরণ না হওয়াদের তালিকা (CSV)',
  'renewals.notRenewedList': 'এখনও নবীকরণ হয়নি ({count})',
  'renewals.remindersOff': 'অনুস্মারক বন্ধ',
  'renewals.campaignTitle': 'নবীকরণের অনুস্মারক',
  'renewals.audience':
    '{lastYear}-এর {count} জন সদস্য {year}-এর জন্য নবীকরণ করেননি, তাঁরা অনুস্মারক পাবেন ({off} জন অনুস্মারক বন্ধ রেখেছেন)।',
  'renewals.preview': 'ইমেলটি দেখুন',
  'renewals.testSend': 'আমাকে একটি পরীক্ষার ইমেল পাঠান',
  'renewals.start': 'অনুস্মারক পাঠান',
  'renewals.confirmTitle': 'নবীকরণের অনুস্মারক পাঠাবেন?',
  'renewals.confirmBody': '{count} জন সদস্য এই ইমেলটি পাবেন, কয়েক মিনিট অন্তর দফায় দফায়। প্রত্যেকে একবারই পাবেন।',
  'renewals.stop': 'থামান',
  'renewals.campaigns': 'অনুস্মারকের তালিকা',
  'renewals.campaignRow': '{when}: {audience} জনের মধ্যে {sent} জনকে পাঠানো হয়েছে, {waiting} জন বাকি ({state})',
  'renewals.state.sending': 'পাঠানো চলছে',
  'renewals.state.done': 'শেষ',
  'renewals.state.stopped': 'থামানো হয়েছে',
  'renewal.notAPlan': '{code} কোনো সদস্যপদের প্ল্যান নয়',
};

// The texts of WhatsApp and push messages in Bengali, with exactly the keys of notify.en.ts.
import type { NotifyKey } from './notify.en';

export const notifyBn: Record<NotifyKey, string> = {
  'notify.confirmed.title': 'অনুদান নিশ্চিত হয়েছে',
  'notify.confirmed.body': 'নমস্কার {name}, আপনার {amount}-এর অনুদান {rcpt} নিশ্চিত হয়েছে। ধন্যবাদ!',
  'notify.confirmed.button': 'আপনার পাস দেখুন',
  'notify.verified.title': 'ট্রান্সফার যাচাই হয়েছে',
  'notify.verified.body':
    'নমস্কার {name}, আপনার {amount}-এর অনুদান {rcpt}-এর ট্রান্সফার আমরা যাচাই করেছি। অনুদানটি নিশ্চিত হয়েছে। ধন্যবাদ!',
  'notify.verified.button': 'আপনার পাস দেখুন',
  'notify.rejected.title': 'ট্রান্সফার যাচাই করা যায়নি',
  'notify.rejected.body':
    'নমস্কার {name}, আপনার {amount}-এর অনুদান {rcpt}-এর ট্রান্সফার আমরা যাচাই করতে পারিনি। কারণ: {reason}। বিস্তারিত আমাদের ইমেলে আছে।',
  'notify.rejected.button': 'আপনার অনুদানগুলি দেখুন',
  'notify.rejected.notFound': 'সমিতির ব্যাঙ্ক অ্যাকাউন্টে এই ট্রান্সফারটি আমরা খুঁজে পাইনি',
  'notify.rejected.amountDiffers': 'আমরা যে টাকা পেয়েছি তা এই অনুদানের পরিমাণের থেকে আলাদা',
  'notify.rejected.duplicate': 'এই ট্রান্সফারটি আগেই অন্য একটি অনুদানের জন্য গোনা হয়েছে',
  'notify.refunded.title': 'টাকা ফেরত হয়ে গেছে',
  'notify.refunded.body': 'নমস্কার {name}, আপনার অনুদান {rcpt}-এর {amount} ফেরত সম্পূর্ণ হয়েছে।',
  'notify.refunded.button': 'আপনার অনুদানগুলি দেখুন',
  'notify.reminder.title': 'সদস্যপদ নবীকরণ করুন',
  'notify.reminder.body': 'নমস্কার {name}, {year} উৎসব-বছর শুরু হয়েছে। এক ছোঁয়ায় আপনার {plan} নবীকরণ করুন।',
  'notify.reminder.button': 'এখনই নবীকরণ করুন',
  'notify.announcement.title': '{title}',
  'notify.announcement.body': 'পুজো কমিটির খবর: *{title}*। {body} এই বার্তা বন্ধ করতে নিচে ছোঁয়া দিন।',
  'notify.announcement.button': 'এই বার্তা বন্ধ করুন',
};

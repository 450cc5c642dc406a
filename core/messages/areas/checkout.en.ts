// Checkout and paying by transfer (web/features/checkout, web/components/payment/BankTransfer.tsx).
// One area of the English catalogue (docs/decisions/115): a screen imports its area (core/messages/areas/checkout.ts)
// and loads only its strings; t() finds them like every other key. Bengali: checkout.bn.ts, same keys.
export const checkoutEn = {
  // validation (SPEC.md section 5)
  'address.mandatory': 'Please fill the mandatory(*) fields!',
  'txn.requiredCheckout': 'Please add the Bank/UPI transaction id to proceed',
  // whole payment references (docs/decisions/140): what the form refuses, and what to copy
  'txn.hint': "In your UPI app, open the payment: its 12-digit UPI reference (UTR). For NEFT or RTGS, your bank's UTR.",
  'txn.notReference':
    'This is not a bank or UPI reference. Copy the 12-digit UPI reference number (UTR) from the payment in your UPI app; for NEFT or RTGS, the UTR your bank shows (16 or 22 characters).',

  // checkout and profile on a phone (docs/decisions/100)
  'checkout.required': 'Required',
  'checkout.dismissed': 'Payment cancelled. Nothing was charged.',
  'checkout.failed': 'The payment did not go through. Nothing was charged.',
  'checkout.cartKept': 'Your selection is kept: try again, or pay by direct transfer without the convenience charge.',
  'checkout.tryAgain': 'Try again',
  'checkout.payByTransfer': 'Pay by direct transfer',
  'checkout.chooseAgain': 'Choose again',
  'checkout.confirming':
    'Your payment was made. We are confirming it with the bank; your profile shows it as soon as that is done.',
  'checkout.doneTitle': 'Thank you! Your payment has been received',
  'checkout.doneBody': 'Your contribution is confirmed. An email with the details is on its way to you.',
  'checkout.sharedBody':
    'We have your transaction details. We will check the transfer and email you as soon as it is confirmed.',
  'checkout.sharedTitle': 'Thank you! We will verify your transfer',
  'checkout.contributionId': 'Contribution ID',
  'checkout.amount': 'Amount',
  'checkout.passHint': 'Your pass QR is on your profile: show it at the gate to collect your passes.',
  'checkout.showPass': 'Show my pass',
  'checkout.myContributions': 'My contributions',
  'checkout.home': 'Home',
  'checkout.empty': 'Your cart is empty.',
  'checkout.unfinished': 'Your contribution {rcpt} of {amount} is waiting for payment.',
  'checkout.resume': 'Resume payment',
  'checkout.shareDetails': 'Share transfer details',
  'phone.copy': 'Copy',
  'phone.copied': 'Copied',
  'phone.copyLabel': 'Copy {what}',
  'phone.payUpiApp': 'Pay with UPI app',
  'phone.upiAppHint':
    'Opens your UPI app with the amount and the contribution id filled in. Or scan the QR code from another phone.',
  'checkout.choosePasses': 'Choose passes',
  'checkout.chooseContribution': 'Choose membership or sponsorship',

  // checkout with no connection (docs/decisions/151)
  'checkout.offlineTitle': 'No connection',
  'checkout.offlineKept':
    'No connection. Your selection is kept on this device; payment waits for the network and continues here as soon as it is back.',
  'checkout.offlineWaiting':
    'Waiting for the server. Your selection is kept on this device; payment continues here as soon as it answers.',
  'checkout.offlineSaved': 'This is your cart as it was on {when}.',
  'checkout.offlineSee': 'See your selection',
  'checkout.offlineRetry': 'Try again now',
  // billing details for the receipt
  'checkout.billingTitle': 'Billing details for the receipt (optional)',
  'checkout.billingHint':
    'For a company or organisation that files the receipt: its name, PAN and GSTIN. Leave empty otherwise; you can add them later on the receipt.',
  'checkout.billingName': 'Billing name',
  'checkout.billingPan': 'PAN',
  'checkout.billingGstin': 'GSTIN',
} as const;

export type CheckoutKey = keyof typeof checkoutEn;

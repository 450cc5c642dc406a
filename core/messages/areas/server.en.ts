// The Worker's own answers: errors, refusals and confirmations that services return as `desc`.
// One area of the English catalogue (docs/decisions/115): a screen imports its area (core/messages/areas/server.ts)
// and loads only its strings; t() finds them like every other key. Bengali: server.bn.ts, same keys.
export const serverEn = {
  // success toasts (SPEC.md section 8)
  'product.availabilityUpdated': 'Product availability updated!',
  'product.sponsorshipUpdated': 'Product sponsorship status updated!',
  'product.added': 'Product added successfully!',
  'order.approved': 'You have approved the contribution successfully!',
  'order.rejected': 'You have rejected the contribution successfully!',
  'product.blocked': 'Product blocked for: {name} ({email})',
  'signup.verifySent':
    'We have sent a verification email to your email address. You can log in now; please verify your email with the link in it.',
  'verification.sent': 'We have sent verification link, please check your Mail!',
  'verification.done': 'Thank you, your email address is verified.',

  // venue pass collection (worker/services/collection.ts, web/features/venue, web/components/PassQr.tsx)
  'venue.alreadyCollected': 'Pass already collected at {time} by {volunteer}',
  'venue.collected': 'Pass collected for {rcpt}: {qty} in all.',
  'venue.notFound': 'No contribution {rcpt} was found.',
  'venue.emailMismatch': 'userEmail does not match the email of contribution {rcpt}',
  'venue.noPasses': 'Contribution {rcpt} has no passes to collect.',
  'venue.notPaid': 'Contribution {rcpt} is not paid (status: {status}), so its passes cannot be collected.',

  // hardening: refusals decided by the database
  'checkout.itemTakenMeanwhile':
    'Someone else has just started sponsoring one of your selected items in full. Please choose again.',
  'checkout.itemCoSponsoredMeanwhile':
    'One of your selected items has just been co-sponsored by someone else, so it can no longer be sponsored in full. You may co-sponsor it.',
  'checkout.itemBlockedMeanwhile':
    'One of your selected items has just been reserved for another sponsor by the committee. Please choose again.',
  'checkout.memberPriceUsed':
    'The UTSAV member price has already been used for these passes by another of your contributions. Please review your selection again.',
  'checkout.holdLimit':
    'A direct transfer can hold at most {max} sponsorship items at a time until they are paid. Please pay online, or share the transaction details of your earlier contributions first.',
  'checkout.cartStartedOnline':
    'This selection has just been turned into contribution {rcpt}, to be paid online. Please complete or retry it from your profile.',
  'checkout.cartStartedOffline':
    'This selection has just been turned into contribution {rcpt}, to be paid by direct transfer. Please share the transaction details from your profile.',
  'checkout.itemHeld':
    '"{name}" is reserved by a contribution that is waiting for payment. It becomes free again if that payment is not completed.',
  'checkout.paymentCheckFailed':
    'We could not confirm this payment with the payment provider. Nothing has been charged twice; please try again in a few minutes or contact us.',
  'checkout.orderGivenUp': 'Contribution {rcpt} has been cancelled and anything it held is free again.',
  // capacity per product (docs/decisions/245)
  'checkout.soldOut':
    '"{name}" has just sold out: its last units went to someone else. Please change your selection; you may join its waiting list.',
  'checkout.fewerLeft': 'Only {left} of "{name}" are left now. Please lower the quantity and try again.',
  // waiting lists and capacity (docs/decisions/245-246)
  'waitlist.notOffered': '"{name}" has no waiting list.',
  'waitlist.notSoldOut': '"{name}" is not sold out: {left} are left. You can buy them now.',
  'waitlist.already': 'You are already on the waiting list for "{name}" (number {position} in line).',
  'waitlist.joined':
    'You are on the waiting list for "{name}", number {position} in line. We will email you when your turn comes.',
  'waitlist.offeredNow':
    'Good news: units of "{name}" are free and held for you. Check your email, or buy them from this page.',
  'waitlist.notOn': 'You are not on the waiting list for "{name}".',
  'waitlist.left': 'You have left the waiting list for "{name}".',
  'waitlist.removed': '{person} is off the waiting list for "{name}".',
  'waitlist.entryNotFound': 'That person is not on the waiting list for "{name}".',
  'waitlist.entryOut': '{person} is no longer in line for "{name}": the list has changed, please look again.',
  'waitlist.noOffer':
    'This waiting-list offer was not found for your account. Please log in with the account that joined the list.',
  'waitlist.offerUsed': 'This waiting-list offer has already been used for a contribution.',
  'waitlist.offerExpired': 'This waiting-list offer has ended and its units went to the next person in line.',
  'waitlist.inCart': '{qty} of "{name}" are in your cart, held for you. Please complete the payment.',
  'capacity.updated': 'The capacity of "{name}" is saved.',
  'capacity.belowTaken':
    'capacity: {taken} units of "{name}" are already held or sold, so the capacity cannot be lower than {taken}.',
  'capacity.waitlistOn': 'Members can join the waiting list of "{name}" when it is sold out.',
  'capacity.waitlistOff': 'The waiting list of "{name}" takes no new members; those in line keep their places.',
  'venue.nonceReused':
    'This collection was already recorded for another pass (the same scan id was sent twice). Please scan the pass again.',
  'auth.addressLimited': 'Too many requests from your network. Please wait a minute and try again.',
  'webhook.badPayload': 'The webhook payload is not a Razorpay event: {what}',
  'server.localOnly':
    'This deployment is running in local development mode on a public address. Set APP_ENV=production (wrangler deploy --env production).',

  // cancellations and refunds (docs/decisions/080-081)
  'refund.notPaid': 'Contribution {rcpt} is {status}: only a paid (Success) contribution can be cancelled or refunded.',
  'refund.alreadyRefunded':
    'These lines of contribution {rcpt} are refunded already (perhaps by another admin just now). Please reload it.',
  'refund.passCollected':
    'The passes of contribution {rcpt} are collected: its memberships and passes can no longer be refunded.',
  'refund.referenceUsed': 'reference: this bank/UPI reference is already used for another payment or refund.',
  'refund.referenceRequired': 'reference is required: enter the bank/UPI reference of the money sent back.',
  'refund.referenceOnline':
    'reference: an online payment is refunded through the payment gateway, so it takes no reference.',
  'refund.keyReused': 'requestKey was already used for another contribution.',
  'refund.noPayment': 'No captured online payment was found for contribution {rcpt}.',
  'refund.started':
    'Refund of {amount} for {rcpt} started: it reaches the original payment method within 10 working days.',
  'refund.recorded': 'Refund of {amount} for {rcpt} recorded (reference {reference}).',
  'refund.retrying':
    'The payment gateway did not answer. The refund of {amount} for {rcpt} is saved and will be sent again automatically.',
  'refund.refused': 'The payment gateway refused the refund: {reason}. Nothing was changed.',
  'refund.unknownRefund': 'refundId: there is no refund {id}.',
  'refund.notFailed':
    'Refund {id} of {rcpt} has not failed: only a failed online refund is retried or recorded by hand.',
  'refund.alreadyReplaced':
    'Refund {id} of {rcpt} was already retried or recorded as paid back (perhaps by another admin just now). Please reload it.',
  'venue.refunded': 'Contribution {rcpt} was refunded: its passes are void.',
  'venue.tapUndone': 'This tap was undone. To collect the pass, tap "Mark as Collected" again.',
  'venue.undoNotFound': 'No collection with this id was recorded.',
  'venue.undoneServer': 'Collection undone: {rcpt} is not collected.',
  'venue.undoRefused':
    'This collection can no longer be undone: only the volunteer who made it can, within {seconds} seconds, and only while no other phone collected the pass too.',
  'carry.done': 'Contribution {rcpt} is carried over to the next festival year as {to}.',
  'carry.nothing': 'Contribution {rcpt} has no membership or sponsorship left to carry over.',
  'carry.itemTaken':
    'A sponsorship item of this contribution is already taken in {year}: refund it instead, or carry over after freeing it.',
  'complete.notFailed': 'Contribution {rcpt} is {status}: only a Failed contribution is completed by hand.',
  'complete.paymentIdRequired': 'razorpayPaymentId is required for an online contribution.',
  'complete.txnRequired':
    'transactionId is required for a direct transfer: the bank/UPI transaction id of the money received.',
  'complete.unknownPayment': 'razorpayPaymentId: Razorpay knows no payment {id}.',
  'complete.notCaptured': 'Payment {id} is {status} at Razorpay, not captured: the money has not been received.',
  'complete.amountMismatch': 'Payment {id} is not for the amount of this contribution.',
  'complete.foreignPayment': 'Payment {id} was not made for contribution {rcpt}.',
  'complete.paymentUsed': 'razorpayPaymentId: this payment has already been used for another contribution.',
  'complete.txnUsed': 'transactionId: this transaction id is already used for another payment or refund.',
  'complete.notCompleted': 'Contribution {rcpt} could not be completed (it is {status}).',
  'complete.done': 'Contribution {rcpt} is completed: the member gets the confirmation email.',
  'complete.doneWithLoss':
    'Contribution {rcpt} is completed, but something it held was taken meanwhile: refund that line instead (Cancel / refund).',
  'statement.approved': 'Approved {count} contributions.',

  // server descriptions
  'auth.required': 'Please log in to continue.',
  'auth.forbidden': 'You do not have access to this.',
  'auth.invalidCredentials': 'Email or password is incorrect.',
  'auth.rateLimited': 'Too many attempts. Please wait a few minutes and try again.',
  'auth.emailTaken': 'An account with this email already exists. Please log in or reset your password.',
  'auth.invalidCode': 'The code or old password is incorrect, or the code has expired.',
  'auth.forgotSent': 'If this email is registered, a temporary code has been sent to it. It is valid for 30 minutes.',
  'request.invalidJson': 'The request body must be a JSON object.',
  'request.tooLarge': 'The request body is too large (at most {kb} KB).',
  'server.error': 'Something went wrong on our side. Please try again.',
  notFound: 'Not found.',

  // languages, nav and layout (docs/decisions/120); Bengali: core/messages/bn.ts
  'product.bengaliUpdated': 'Bengali name and description saved!',

  // texts that services once wrote inline
  'order.noPaidWithId': 'No paid contribution with this id.',
  'product.notFound': 'No product with id {id}.',
  'product.duplicateCode': 'code {code} is already used by another product.',
  'product.notSponsorshipFullSponsor':
    'id: product {code} is not a sponsorship product; only those can be full-sponsor only.',
  'product.notSponsorshipBlock': 'id: product {code} is not a sponsorship product; only those can be blocked.',
  'product.alreadySponsored': '{name} is already sponsored this year and cannot be blocked.',
  'product.heldInCheckout': '{name} is held by an order in checkout and cannot be blocked now.',
  'product.notBlocked': '{name} is not blocked.',
  'product.unblocked': '{name} is no longer blocked; enable it to put it back on sale.',
  'settings.saved': 'Settings saved.',
  'role.noAccount': 'email: no account is registered with {email}; ask the person to sign up first.',
  'role.cannotRemoveSelf': 'You cannot remove your own admin role; ask another admin.',
  'role.lastAdmin': 'The console needs at least one admin: this is the last one.',
  'role.alreadyHas': '{name} already has the {role} role.',
  'role.doesNotHave': '{name} does not have the {role} role.',
  'role.nowAdmin': '{name} is now an admin.',
  'role.nowVolunteer': '{name} is now a volunteer.',
  'role.noLongerAdmin': '{name} is no longer an admin.',
  'role.noLongerVolunteer': '{name} is no longer a volunteer.',
  'order.notYours': 'No such contribution for your account.',
  'payment.badSignature': 'The payment could not be verified: the signature does not match.',
  'payment.notCaptured': 'Razorpay does not report this payment as paid for this order.',
  'order.paidOnline': 'This contribution is paid online, not by direct transfer.',
  'order.transferLocked': 'Contribution {rcpt} is {status}; its transaction details cannot be changed.',
  'order.isStatus': 'Contribution {rcpt} is {status}.',
  'order.cannotCancel': 'Contribution {rcpt} is {status}; it cannot be cancelled here.',
  'order.transactionIdUsed':
    'This transaction id has already been shared for a contribution. Please check it and try again.',
  'checkout.nothingToPay': 'The total of your selection is zero; there is nothing to pay.',
  'checkout.waiverUsed':
    'The membership fee waiver for this year was used by another checkout of yours meanwhile. Please review your selection again.',
  'checkout.emptyCart': 'Your cart is empty. Please choose your contribution again.',
  'cart.unknownProduct': 'productQtys: unknown product id {id}',
  'cart.mixed':
    'A cart holds either memberships and sponsorships or daily passes, not both. Please check out one first.',
  'cart.dailyPassClosed': 'Daily passes are not on sale right now.',
  'cart.membershipClosed': 'Memberships and sponsorships are not open right now.',
  'cart.itemBlocked': '"{name}" is reserved for another sponsor.',
  'cart.itemUnavailable': '"{name}" is not available any more. Please remove it.',
  'cart.extraQty': 'productQtys.{id}.qty of the extra contribution must be 1',
  'cart.extraAmount':
    'productQtys.{id}.price: the extra contribution must be a whole number of rupees from {min} to {max}',
  'cart.sponsorshipQty': 'productQtys.{id}.qty of a sponsorship must be 1',
  'cart.fullSponsorRequired': 'productQtys.{id}.fullSponsor is required for a sponsorship',
  'cart.fullSponsorOnly': '"{name}" can only be sponsored in full, not co-sponsored.',
  'cart.itemSponsored': '"{name}" is already sponsored for this festival year.',
  'cart.itemCoSponsored':
    '"{name}" already has co-sponsors this year, so it can no longer be sponsored in full. You may co-sponsor it.',
  'cart.noLines': 'productQtys must hold at least one product with a quantity above 0',
  'cart.codeMismatch': 'productQtys.{id}.code is {sent} but product {id} is {code}; please reload the page',
  'webhook.tooLarge': 'body is too large',
  'order.noSuch': 'No such contribution.',
  'order.cannotConfirm': 'Contribution {rcpt} is {status} and cannot be confirmed.',
  'order.paidByTransfer': 'This contribution is paid by direct transfer.',
  'payment.amountMismatch': 'The amount paid does not match the contribution.',
  'payment.idUsed': 'This payment has already been used for another contribution.',
  'server.busy': 'Please try again in a moment.',
  'order.cannotBecome': 'Contribution {rcpt} is {status} and cannot become {to}.',
  'attention.nothing': 'This contribution has nothing waiting for an admin.',
  'attention.handled': 'Marked as handled.',
  'webhook.badSignature': 'The webhook signature does not match.',
  'webhook.notJson': 'The webhook body is not JSON.',
  'payment.providerUnreachable': 'The payment provider could not be reached. Please try again.',
  'refund.unknownOrder': 'orderPkId: there is no contribution {rcpt}.',
  'refund.unknownLine': 'lines: a line is not a line of this contribution.',
  'statement.unknownImport': 'importId: there is no statement import {id}.',
  // whole payment references (docs/decisions/140)
  'order.txnNotReference':
    'offlineTxnId: this is not a bank or UPI reference. In your UPI app, open the payment and copy its 12-digit UPI reference number (UTR); for NEFT or RTGS, copy the UTR your bank shows (16 or 22 characters).',
  'complete.txnNotReference':
    'transactionId: this is not a bank or UPI reference: copy the 12-digit UPI reference (UTR), or the 16- or 22-character NEFT/RTGS UTR, from the bank statement.',
  'order.creditChanged':
    "The bank statement's credit for contribution {rcpt} changed meanwhile; open the contribution again.",
  'statement.noFlag': 'lineId: this credit is not flagged.',
  'statement.flagCleared': 'Marked as dealt with.',

  // channels beside email and announcements (docs/decisions/230-233)
  'channels.saved': 'Your message choices are saved.',
  'channels.alwaysEmail': 'Emails about your own payments always come: they are your record of them.',
  'channels.whatsappUnavailable': 'WhatsApp messages are not offered yet.',
  'channels.whatsappNumber': 'whatsapp: enter the WhatsApp number with its country code, e.g. +91 98765 43210.',
  'channels.whatsappNeedsNumber': 'whatsapp: enter the number your WhatsApp messages should go to.',
  'channels.pushUnavailable': 'Notifications are not offered yet.',
  'channels.pushNeedsDevice': 'Turn on notifications on this phone first.',
  'channels.pushEndpoint': 'endpoint: this is not the address of a web push service.',
  'channels.pushKeys': 'keys: these are not the keys of a push subscription.',
  'channels.pushOn': 'Notifications are on for this phone.',
  'channels.pushOff': 'Notifications are off for this phone.',
  'channels.stopped': 'You will no longer get these messages this way. You can change your choices in your profile.',
  'announce.created': 'The announcement is on its way to {count} members. It goes out in batches every few minutes.',
  'announce.scheduled': 'The announcement will go out at {time}.',
  'announce.stopped': 'The announcement is stopped. Messages already sent stay sent.',
  'announce.notRunning': 'This announcement is not waiting or sending any more.',
  'announce.noAudience': 'Nobody to send to: this audience has no members yet.',
  'announce.noPass': 'productId: no daily pass has this id.',
  'announce.tooLate': 'sendAt: choose a time within the next 60 days.',
  'announce.testSent': 'The test went to you on every channel you have.',
  'deliveries.noMember': 'No account has the email {email}.',
  // gate sales (worker/services/gate.ts)
  'gate.sold': 'Sold and handed over: {rcpt}, {qty} passes, {amount}.',
  'gate.utrUsed':
    "utr: this UPI reference has already paid another contribution. Check the payer's app for the right one.",
  'gate.notSold': '{field}: this pass is not sold at the gate.',
  'gate.noSalesThatDay': 'volunteerId: this volunteer sold nothing at the gate on {day}.',
  'gate.nothingToResolve': 'Gate sale {rcpt} has nothing left to resolve.',
  'gate.resolved': 'Gate sale {rcpt} marked as resolved.',
  'gate.soldOut': '{name} is sold out.',
  'gate.fewerLeft': 'lines: only {left} of {name} are left.',
  // editing a product, the festival-year rollover (worker/services/admin-catalogue.ts)
  'product.updated': 'Product updated!',
  'product.unchanged': 'Nothing to change: the product already has these values.',
  'product.changedMeanwhile': 'Someone changed {name} a moment ago. Reload the products and make your change again.',
  'product.coPriceAbovePrice': 'coPrice: must not be more than price ({price}).',
  'product.noQtyDiscounts': 'rules.qtyDiscounts: a {type} product is not sold by quantity.',
  'product.noMemberPrice': 'rules.memberPrice: only a daily pass has a member price.',
  'product.noFreeAmount': "rules.freeAmount: only the extra contribution has an amount of the buyer's choice.",
  'product.freeAmountRequired': 'rules.freeAmount: the extra contribution needs its smallest and largest amount.',
  'product.pastYear': 'festivalYear: {year} is past; add products to {live} or a later year.',
  'catalogue.prepared': '{count} products copied into {year} as drafts. Review their prices, then publish them.',
  'catalogue.alreadyPrepared': 'The {year} catalogue is already prepared: review and publish its drafts.',
  'catalogue.nothingToCopy': 'There is no published catalogue to copy.',
  'catalogue.published': 'The {year} catalogue is published from {time}: {count} products.',
  'catalogue.nothingToPublish': 'The {year} catalogue has no drafts waiting to be published.',
  'catalogue.publishInPast': 'publishAt: choose a time from now on, or leave it out to publish at once.',
  // receipts
  'receipt.badRcptId': 'orderRcptId must be a contribution id (like SMT000042).',
  'receipt.none': 'This contribution has no receipt yet: one is issued when its payment is confirmed.',
  'receipt.billingSaved': 'Billing details saved on your receipt.',
  'receipt.resent': 'The receipt was sent again to {email}.',
  // a member's own data (docs/decisions/265-267)
  'privacy.profileSaved': 'Your details are saved.',
  'privacy.nothingChanged': 'Nothing to change: these are your details already.',
  'privacy.wrongPassword': 'The password is incorrect.',
  'privacy.sameEmail': 'This is your email address already.',
  'privacy.emailLinkSent': 'We have sent a link to {email}. Your email stays {old} until you open it.',
  'privacy.emailChanged': 'Your email address is now {email}.',
  'privacy.emailChangeTaken': 'Another account uses this email now, so it cannot be yours. Please try another address.',
  'privacy.moneyPending':
    'Contribution {rcpt} is not settled yet (a payment, a transfer awaiting verification or a refund in progress). Please wait until it is settled, or cancel it if you have not paid, then delete your account.',
  'privacy.adminCannotDelete': 'An admin account cannot be deleted. Ask another admin to remove your admin role first.',
  'privacy.alreadyDeleted': 'This account has already been deleted.',
  'privacy.deleted': 'Your account is deleted. Thank you for having been with us.',
  // a call's input, by the contracts' checks (core/contracts/common.ts describeIssues, docs/decisions/195)
  'input.required': '{field} is required',
  'input.text': '{field} must be text',
  'input.number': '{field} must be a number',
  'input.boolean': '{field} must be true or false',
  'input.list': '{field} must be a list',
  'input.whole': '{field} must be whole',
  'input.wholeNumber': '{field} must be a whole number',
  'input.festivalYear': '{field} must look like 2026-27',
  'input.time': '{field} must be a time in milliseconds',
  'input.plausibleTime': '{field} is not a plausible time',
  'input.requestKey': '{field} must be 8 to 64 letters, digits, - or _',
  'input.maxChars': '{field} must be at most {max} characters',
  'input.max': '{field} must be at most {max}',
  'input.min': '{field} must be at least {min}',
  'input.twoDecimals': '{field} must have at most two decimals',
  'input.rcptId': '{field} must be a contribution id',
  'input.oneOf': '{field} must be one of {values}',
  'input.minChars': '{field} must be at least {min} characters',
  'input.utrDigits': '{field} must be 6 to 20 digits',
  'input.upiId': '{field} must be a UPI id such as name@bank',
  'input.offerCode': '{field} is not the code of an offer',
  'input.passHolders': '{field} is required for the holders of a pass',
  'input.day': '{field} must be a day like 2026-11-08',
  'input.upiRequired': '{field} is required for a UPI payment',
  'input.onlyUpi': '{field} is only for UPI',
  'input.passCode': '{field} is not a pass code',
  'input.cashOrUpi': '{field} must be cash or upi',
  'input.unknownField': 'unknown field: {keys}',
  'server.noSuchCall': 'No such call: {method} {path}',
  // verifying a direct transfer (worker/services/admin-verify.ts)
  'verify.noSuch': 'No contribution {rcpt} for this contributor.',
  'verify.paidOnline': 'Contribution {rcpt} was paid online; only direct transfers are verified here.',
  'verify.approvedNoApprove': 'Contribution {rcpt} has already been approved; cannot approve it.',
  'verify.approvedNoReject': 'Contribution {rcpt} has already been approved; cannot reject it.',
  'verify.rejectedNoApprove': 'Contribution {rcpt} has already been rejected; cannot approve it.',
  'verify.rejectedNoReject': 'Contribution {rcpt} has already been rejected; cannot reject it.',
  'verify.notPendingNoApprove': 'Contribution {rcpt} is {status}, not pending verification; cannot approve it.',
  'verify.notPendingNoReject': 'Contribution {rcpt} is {status}, not pending verification; cannot reject it.',
  'verify.notApprovedNow': 'Contribution {rcpt} could not be approved now.',
  'verify.notRejectedNow': 'Contribution {rcpt} could not be rejected now.',
  // the refund planner's refusals (core/refunds.ts RefundPlanError)
  'refundPlan.allRefunded': 'Every line of this contribution is refunded already.',
  'refundPlan.foreignLine': 'lines: line {line} is not a line of this contribution.',
  'refundPlan.lineTwice': 'lines: line {line} is named twice.',
  'refundPlan.lineRefunded': '{name} is refunded already.',
  'refundPlan.tooMany': '{name}: only {left} of {qty} can still be refunded.',
  'refundPlan.chooseLine': 'lines: choose at least one line to refund.',
  'refundPlan.passesCollected':
    'The passes of this contribution are collected: its memberships and passes cannot be refunded.',
  'refundPlan.nothingToGive':
    'Nothing to give back: the chosen lines cost nothing (a membership fee waived for a sponsoring family).',
} as const;

export type ServerKey = keyof typeof serverEn;

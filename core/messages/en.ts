// Every user-facing string, English. A Bengali catalogue can be added beside this file with the same keys.
// Spellings of the old site's messages are kept exactly: old clients and people know them by heart.

export const en = {
  // validation (SPEC.md section 5)
  'login.mandatory': 'Email & Password, both are Mandatory!',
  'email.invalid': 'Email is invalid!',
  'email.invalidDialog': 'Please enter a valid email!',
  'email.mandatory': 'Email is Mandatory!',
  'fields.mandatory': 'All fields are Mandatory!',
  'password.tooShort': 'Password must be at least 8 characters!',
  'mobile.invalid': 'Mobile number is invalid!',
  'address.mandatory': 'Please fill the mandatory(*) fields!',
  'txn.requiredProfile': 'Please add the transaction id to proceed',
  'txn.requiredCheckout': 'Please add the Bank/UPI transaction id to proceed',
  'pass.selectOne': 'Please select atleast one quantity before proceeding!',
  'pass.extraAmount': 'Please add the amount to contribute!',

  // network and payments (SPEC.md section 8)
  'network.error': 'Seems some internal issue with your network, please check your network!',
  'network.offlineAction': 'You are offline. This needs a connection, please try again when you are back online.',
  'payment.dismissed': 'Payment Failed, Please start over!',
  'payment.failed': "Payment failed, order couldn't be processed successfully!",

  // success toasts (SPEC.md section 8)
  'product.availabilityUpdated': 'Product availbility updated!',
  'product.sponsorshipUpdated': 'Product spnsorship status updated!',
  'product.added': 'Product added successfully!',
  'order.approved': 'You have approved the contribution successfully!',
  'order.rejected': 'You have rejected the contribution successfully!',
  'product.blocked': 'Product blocked for: {name} ({email})',
  'password.codeSent': 'An email with temp code has been sent to your registered email id, please check your mail.',
  'password.updated': 'Your password updated successfully, Please login now!',
  'order.received': 'Congratulations!! We received your contibution, Please check you email for datails!',
  'order.offlineCaptured':
    'Your contribution deatils has been captured and sent for verfication, will sent you an email on once verification completes!',
  'signup.verifySent': 'We have sent verfication email to your email address, please validate before login!',
  'verification.sent': 'We have sent verification link, please check your Mail!',
  'verification.done': 'Thank you, your email address is verified.',
  'verification.invalid': 'This verification link is invalid or has expired. Please send a new one from your profile.',

  // quantity warnings and info (SPEC.md section 8)
  'utsav.reduced': 'Benifit reduced 10% to 5%, effective price for three UTSAV membership plan is: {amount}',
  'utsav.removed': 'Benefit removed, effective price for two UTSAV membership plan is: {amount}',
  'utsav.five': '5% benefit added new effective contribution for three UTSAV membership plan is: {amount}',
  'utsav.ten': '10% benefit added new effective contribution for four UTSAV membership plan is: {amount}',
  'dandiya.removed': 'Benefit removed, effective price for three Dandiya Night Pass is: {amount}',
  'dandiya.ten': '10% benefit added new effective contribution for four Dandiya Night Pass is: {amount}',

  // server descriptions
  'auth.required': 'Please log in to continue.',
  'auth.forbidden': 'You do not have access to this.',
  'auth.invalidCredentials': 'Email or password is incorrect.',
  'auth.rateLimited': 'Too many attempts. Please wait a few minutes and try again.',
  'auth.emailTaken': 'An account with this email already exists. Please log in or reset your password.',
  'auth.invalidCode': 'The code or old password is incorrect, or the code has expired.',
  'auth.forgotSent': 'If this email is registered, a temp code has been sent to it. It is valid for 30 minutes.',
  'request.invalidJson': 'The request body must be a JSON object.',
  'server.error': 'Something went wrong on our side. Please try again.',
  notFound: 'Not found.',
} as const;

export type MessageKey = keyof typeof en;

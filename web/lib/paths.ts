// Every route path, spelled as SPEC.md and DECISIONS.md give them.
export const paths = {
  home: '/index',
  responsibility: '/responsibitity',
  profile: '/profile',
  myData: '/myData', // everything held about the member, as a page
  forgot: '/forgotPasswd',
  change: '/changePasswd',
  login: '/login',
  signup: '/signup',
  verifyEmail: '/verifyEmail',
  tnc: '/tnc',
  cart: '/cart',
  membership: '/membership',
  sponsorship: '/sponsorship',
  summary: '/summary',
  dpSummary: '/dpsummary',
  sponsors: '/sponsors',
  admin: '/admin',
  magazine: '/magazine',
  corporate: '/corporate',
  year2023: '/2023',
  dmPass: '/dmPass',
  venue: '/venue',
  unsubscribe: '/unsubscribe', // a reminder's signed unsubscribe link
  receipt: '/receipt/:rcpt', // a contribution's numbered receipt (receiptPath)
} as const;

/** The receipt page of a contribution: the confirmation email links the same path. */
export const receiptPath = (orderRcptId: string) => `/receipt/${encodeURIComponent(orderRcptId)}`;

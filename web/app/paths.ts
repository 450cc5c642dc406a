// Every route path, spelled as SPEC.md and DECISIONS.md give them.
export const paths = {
  home: '/index',
  responsibility: '/responsibitity',
  profile: '/profile',
  myData: '/myData', // issue 25: everything held about the member, as a page
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
  unsubscribe: '/unsubscribe', // issue 17: a reminder's signed unsubscribe link
} as const;

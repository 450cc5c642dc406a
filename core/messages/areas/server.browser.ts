// What the browser's build loads instead of server.ts (vite.config.ts): nothing. Screens never show the Worker's
// answers in English from the catalogue (they show the `desc` or `message` the Worker sends); in Bengali, loadLocale
// (core/i18n.ts) registers them with every other area, and the answer's key is shown from them (decision 195).
export {};

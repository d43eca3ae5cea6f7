/** Account limits shared by better-auth's settings and the forms that check input before it (browser-safe). */
export const MIN_PASSWORD_LENGTH = 10;

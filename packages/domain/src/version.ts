export const APP_VERSION = '4.4.3';

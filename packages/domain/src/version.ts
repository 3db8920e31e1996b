export const VERSION_APPLICATION = '4.4.3';

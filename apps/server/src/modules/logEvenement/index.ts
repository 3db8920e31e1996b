// What other modules, the jobs, the seed and main.ts may use of the messages.
export { journaliser, journaliserEchec, journaliserSucces, resumeEchecs } from './service.js';

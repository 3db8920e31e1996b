// The débarras: its statuses and the actions they allow, its messages, its screen labels, its schemas.
export * from './statuts.js';
export * from './messages.js';
export * from './libelles.js';
export * from './schemas.js';
export * from './saisie.js';
export * from './recherche.js';

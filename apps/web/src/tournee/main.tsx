import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Application } from './Application';
import '../pagesPubliques.css';
import './tournee.css';

createRoot(document.getElementById('racine')!).render(
  <StrictMode>
    <Application />
  </StrictMode>,
);

// the page opens again without network once loaded (tournee/sw.js, built with the page: vite.tournee.config.ts)
if ('serviceWorker' in navigator) {
  void navigator.serviceWorker.register(new URL('tournee/sw.js', document.baseURI), {
    scope: new URL('tournee/', document.baseURI).pathname,
  });
}

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/dates';
import './styles.css';
import { Application } from './app/Application';
import { sortirBoutonsEffacerDeLaTabulation } from './lib/boutonsEffacer';

sortirBoutonsEffacerDeLaTabulation(document);

createRoot(document.getElementById('racine')!).render(
  <StrictMode>
    <Application />
  </StrictMode>,
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/dates';
import './styles.css';
import { App } from './app/App';
import { sortirBoutonsEffacerDeLaTabulation } from './lib/boutonsEffacer';

sortirBoutonsEffacerDeLaTabulation(document);

createRoot(document.getElementById('racine')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

/** antd's clear buttons (×) of lists, dates and text fields: shown on hover only, and named « Clear » by rc-select. */
const BOUTONS_EFFACER = '.ant-select-clear, .ant-picker-clear, .ant-input-clear-icon';
export const LIBELLE_EFFACER = 'Effacer';

function retoucher(racine: Element | Document) {
  const boutons = [
    ...(racine instanceof Element && racine.matches(BOUTONS_EFFACER) ? [racine] : []),
    ...racine.querySelectorAll(BOUTONS_EFFACER),
  ];
  for (const bouton of boutons) {
    if (bouton.getAttribute('tabindex') !== '-1') bouton.setAttribute('tabindex', '-1');
    if (bouton.getAttribute('aria-label') !== LIBELLE_EFFACER) bouton.setAttribute('aria-label', LIBELLE_EFFACER);
  }
}

/**
 * Takes those buttons out of the Tab order and names them in French, wherever antd draws one (docs/regles.md
 * « Comportement général »): Tab went from a chosen address to its invisible « Clear », and the space of the name
 * typed next pressed it. The mouse still clears; the keyboard clears as in any field (select, then Delete). Watches
 * the page, since antd draws them when a value appears.
 */
export function sortirBoutonsEffacerDeLaTabulation(document: Document) {
  retoucher(document);
  const observateur = new MutationObserver((changements) => {
    for (const changement of changements) {
      if (changement.type === 'attributes') retoucher(changement.target as Element);
      for (const ajout of changement.addedNodes) if (ajout instanceof Element) retoucher(ajout);
    }
  });
  observateur.observe(document.body, { childList: true, subtree: true, attributeFilter: ['aria-label', 'tabindex'] });
  return () => observateur.disconnect();
}

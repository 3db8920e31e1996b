import { Flex, Spin } from 'antd';

/** What a screen shows while its code, loaded on first visit, arrives: the header and menu stay usable. */
export function ChargementEcran() {
  return (
    <Flex justify="center" className="chargement-ecran">
      <Spin size="large" description="Chargement de l'écran…" />
    </Flex>
  );
}

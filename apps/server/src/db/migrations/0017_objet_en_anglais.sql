ALTER TABLE "objet" ADD COLUMN "libelle_ext_en" varchar(255);--> statement-breakpoint
ALTER TABLE "objet" ADD COLUMN "url_interdit_en" varchar(255);--> statement-breakpoint
-- The first catalogue's objects, as seeded and not renamed since, get their English label; an object refused online keeps
-- its French link and gets the federal office's English page on waste (docs/decisions.md « Catalogue en anglais »).
UPDATE "objet" SET "libelle_ext_en" = v.en
FROM (VALUES
  ('Canapé', 'Sofa, couch'),
  ('Fauteuil', 'Armchair'),
  ('Chaise', 'Chair, stool'),
  ('Table', 'Table'),
  ('Lit (cadre)', 'Bed'),
  ('Matelas', 'Mattress'),
  ('Sommier', 'Bed base'),
  ('Armoire', 'Wardrobe'),
  ('Commode', 'Chest of drawers'),
  ('Étagère', 'Shelf, bookcase'),
  ('Bureau', 'Desk'),
  ('Tapis', 'Rug, rolled carpet'),
  ('Miroir', 'Mirror, frame'),
  ('Vélo', 'Bicycle'),
  ('Poussette', 'Pushchair, child seat'),
  ('Store', 'Blind, curtain, rail'),
  ('Valise', 'Suitcase'),
  ('Coffre', 'Chest, wooden crate'),
  ('Matériel de camping', 'Tent, camping gear'),
  ('Appareil de fitness', 'Non-electric fitness equipment'),
  ('Réfrigérateur', 'Fridge, freezer'),
  ('Machine à laver', 'Washing machine, dryer'),
  ('Téléviseur', 'Television, screen'),
  ('Petit électroménager', 'Microwave, small appliance'),
  ('Informatique', 'Computer, printer'),
  ('Luminaire', 'Electric lamp, light fitting'),
  ('Pneus', 'Tyres, wheel rims'),
  ('Peinture et solvants', 'Paint, solvents, chemicals'),
  ('Batterie de voiture', 'Car battery'),
  ('Gravats', 'Rubble, building waste'),
  ('Déchets verts', 'Garden waste, branches'),
  ('Bonbonne de gaz', 'Gas cylinder')
) AS v(libelle, en)
WHERE "objet"."libelle" = v.libelle AND "objet"."libelle_ext_en" IS NULL;--> statement-breakpoint
UPDATE "objet" SET "url_interdit_en" = 'https://www.bafu.admin.ch/bafu/en/home/topics/waste.html'
WHERE "url_interdit" IN ('https://www.erecycling.ch/fr/', 'https://www.ge.ch/recycler-mes-dechets') AND "url_interdit_en" IS NULL;

import { z } from 'zod';

/** The signed-in user as `GET /user` answers it (docs/regles.md « Données »). */
export const utilisateurSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  authorities: z.array(z.object({ authority: z.string() })),
});
export type Utilisateur = z.infer<typeof utilisateurSchema>;

export const autorites = (u: Pick<Utilisateur, 'authorities'>) => u.authorities.map((a) => a.authority);

export const CONNEXION_MESSAGES = {
  utilisateurObligatoire: "La saisie de l'utilisateur est obligatoire",
  motDePasseObligatoire: 'La saisie du mot de passe est obligatoire',
} as const;

/** The sign-in again, in place, when the session has ended under a screen (docs/regles.md « Comportement général »). */
export const RECONNEXION_MESSAGES = {
  titre: 'Session expirée',
  texte:
    'Votre session a pris fin (8 heures sans activité, ou 12 heures en tout). Identifiez-vous à nouveau pour continuer : ce que vous avez saisi sur cet écran est conservé.',
  reconnecter: 'Se reconnecter',
  changerUtilisateur: "Changer d'utilisateur",
  reconnecte: "Vous êtes de nouveau connecté. Ce qui n'a pas pu être enregistré ne l'est pas encore : enregistrez à nouveau.",
} as const;

/** `POST /login` (form-encoded): the sign-in screen checks the same fields (docs/regles.md « Validation de la connexion »). */
export const identificationSchema = z.object({
  username: z
    .string({ error: CONNEXION_MESSAGES.utilisateurObligatoire })
    .trim()
    .min(1, CONNEXION_MESSAGES.utilisateurObligatoire)
    .max(100),
  password: z.string({ error: CONNEXION_MESSAGES.motDePasseObligatoire }).min(1, CONNEXION_MESSAGES.motDePasseObligatoire).max(1000),
});

import { z } from 'zod';

/** The signed-in user as `GET /user` answers it (docs/regles.md « Données »). */
export const utilisateurSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  authorities: z.array(z.object({ authority: z.string() })),
});
export type Utilisateur = z.infer<typeof utilisateurSchema>;

export const autorites = (u: Pick<Utilisateur, 'authorities'>) => u.authorities.map((a) => a.authority);

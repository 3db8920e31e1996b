import type { FormInstance, Rule } from 'antd/es/form';
import type { z } from 'zod';

/**
 * An antd form rule that runs a field's schema from packages/domain: the form shows exactly the
 * messages the server would answer.
 */
export function regle(schema: z.ZodType): Rule {
  return {
    validator: async (_regle, valeur) => {
      const resultat = schema.safeParse(valeur === undefined ? undefined : valeur);
      if (!resultat.success) throw new Error(resultat.error.issues[0]?.message);
    },
  };
}

/** The form's values once every rule passes; undefined when one fails (antd shows its message under the field). */
export async function valeursValides<T>(form: FormInstance<T>): Promise<T | undefined> {
  try {
    return await form.validateFields();
  } catch {
    return undefined;
  }
}

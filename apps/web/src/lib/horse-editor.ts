import { createContext, useContext, type ComponentType } from 'react';

export interface HorseEditorProps {
  /** The horse to edit; null when closed. */
  horseId: string | null;
  onClose: () => void;
  onSaved: () => void;
}

export interface HorseRegistrarProps {
  /** The member the new horse belongs to; null when closed. */
  ownerId: string | null;
  onClose: () => void;
  onSaved: () => void;
}

export interface HorseForms {
  Editor: ComponentType<HorseEditorProps>;
  Registrar: ComponentType<HorseRegistrarProps>;
}

/**
 * The registration modal lives in the horses feature, which the admin screens may not
 * import. The app provides it here (app/routes/admin-horse-editor.tsx); screens use it when
 * present and hide Edit and Register otherwise.
 */
export const HorseEditorContext = createContext<HorseForms | null>(null);

export function useHorseForms(): HorseForms | null {
  return useContext(HorseEditorContext);
}

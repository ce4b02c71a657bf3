import { createContext, useContext, type ComponentType } from 'react';

export interface HorseEditorProps {
  /** The horse to edit; null when closed. */
  horseId: string | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The registration modal lives in the horses feature, which the admin screens may not
 * import. The app provides an editor here (app/routes/admin-horse-editor.tsx); screens use it
 * when present and hide Edit otherwise.
 */
export const HorseEditorContext = createContext<ComponentType<HorseEditorProps> | null>(null);

export function useHorseEditor(): ComponentType<HorseEditorProps> | null {
  return useContext(HorseEditorContext);
}

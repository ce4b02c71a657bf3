import { useMemo } from 'react';
import { useAppDispatch } from './hooks';
import { showToast, type ToastKind } from './ui-slice';

export type ToastApi = Record<ToastKind, (message: string) => void>;

/** `const toast = useToast(); toast.success('Saved')` — toasts are titled Notification (spec §8). */
export function useToast(): ToastApi {
  const dispatch = useAppDispatch();
  return useMemo(() => {
    const show = (kind: ToastKind) => (message: string) => {
      dispatch(showToast({ kind, message }));
    };
    return {
      success: show('success'),
      danger: show('danger'),
      warning: show('warning'),
      info: show('info'),
    };
  }, [dispatch]);
}

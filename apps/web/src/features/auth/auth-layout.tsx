import type { ReactNode } from 'react';
import { CenteredLayout } from '../../components/centered-layout';
import { useAppSelector } from '../../stores/hooks';

/** Frame of the signed-out pages (sign-in, forgot password), branded from the API config. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const associationName = useAppSelector((state) => state.ui.associationName);
  return <CenteredLayout associationName={associationName}>{children}</CenteredLayout>;
}

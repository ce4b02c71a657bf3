import type { ComponentProps } from 'react';
import { createPortal } from 'react-dom';
import { CModal } from '@coreui/react';

/**
 * A CModal for a form someone types into, portalled here rather than by CModal. CModal renders
 * its content in place first and moves it into its portal in an effect, which unmounts the
 * form and mounts it again: anything typed in between is lost, and the form's first render is
 * paid twice (docs/decisions/0065-register-horse-first-paint.md).
 */
export function FormModal(props: Omit<ComponentProps<typeof CModal>, 'portal'>) {
  return createPortal(<CModal {...props} portal={false} />, document.body);
}

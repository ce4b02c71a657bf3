import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { vi } from 'vitest';
import { createAppStore } from '../../../stores/create-store';
import HorseRegistrationModal, {
  type HorseRegistrationModalProps,
} from './horse-registration-modal';

/** The modal with a store (for its toasts); returns the spies of its callbacks. */
export function renderModal(props: Partial<HorseRegistrationModalProps> = {}) {
  const store = createAppStore();
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const view = render(
    <Provider store={store}>
      <HorseRegistrationModal visible onClose={onClose} onSaved={onSaved} {...props} />
    </Provider>,
  );
  return { ...view, store, onClose, onSaved };
}

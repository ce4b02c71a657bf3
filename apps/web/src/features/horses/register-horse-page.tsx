import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ROUTES } from '../../lib/routes';
import { HorseModalHost, HorseRegistrationModal } from './horse-modal-host';

const REGISTER = { mode: 'register' } as const;

/** Loads the form this page opens at once; the page's lazy loader waits for it (lazy-pages). */
export function loadForm(): Promise<void> {
  return HorseRegistrationModal.preload();
}

/** /register-horse: the registration modal, opened at once; closing it goes to My Horses. */
export default function RegisterHorsePage() {
  const navigate = useNavigate();
  const toMyHorses = () => navigate(ROUTES.myHorses.path);
  return (
    <>
      <PageHeader
        title={ROUTES.registerHorse.title}
        lead="Fill in the registration form; your horse then appears in My Horses."
      />
      <HorseModalHost state={REGISTER} onClose={toMyHorses} transition={false} />
    </>
  );
}

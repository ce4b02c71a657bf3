import { CFooter } from '@coreui/react';
import { COPYRIGHT_YEAR } from '@registry/domain';
import { useAppSelector } from '../../stores/hooks';

export function AppFooter() {
  const associationName = useAppSelector((state) => state.ui.associationName);
  return (
    <CFooter className="px-4" role="contentinfo">
      <span>
        {associationName} &copy; {COPYRIGHT_YEAR}
      </span>
    </CFooter>
  );
}

import { SIDEBAR_LOGO_HEIGHT_PX } from '@registry/domain';
import logoUrl from '../assets/logo.svg';

/** Logo plus association name; the logo is decorative because the name is right beside it. */
export function BrandMark({ name, className }: { name: string; className?: string }) {
  return (
    <span className={`brand-mark d-inline-flex align-items-center gap-2 ${className ?? ''}`}>
      <img
        src={logoUrl}
        alt=""
        height={SIDEBAR_LOGO_HEIGHT_PX}
        width={SIDEBAR_LOGO_HEIGHT_PX}
        className="brand-mark-logo flex-shrink-0"
      />
      <span className="brand-mark-name">{name}</span>
    </span>
  );
}

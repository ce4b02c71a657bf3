import { Link, useLocation } from 'react-router';
import { CBreadcrumb, CBreadcrumbItem } from '@coreui/react';
import { homePathFor } from '../../lib/routes';
import { useAppSelector } from '../../stores/hooks';
import { breadcrumbTrail } from './breadcrumb-trail';

/** Renders <nav aria-label="breadcrumb">; the last crumb is the current page, not a link. */
export function AppBreadcrumb() {
  const { pathname } = useLocation();
  const isAdmin = useAppSelector((state) => state.session.isAdmin);
  const trail = breadcrumbTrail(pathname, homePathFor(isAdmin));
  return (
    <CBreadcrumb className="my-0">
      {trail.map((crumb, index) => {
        const last = index === trail.length - 1;
        return (
          <CBreadcrumbItem key={crumb.path} active={last}>
            {last ? crumb.name : <Link to={crumb.path}>{crumb.name}</Link>}
          </CBreadcrumbItem>
        );
      })}
    </CBreadcrumb>
  );
}

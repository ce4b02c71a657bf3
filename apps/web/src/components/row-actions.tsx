import { CButton, CDropdown, CDropdownItem, CDropdownMenu, CDropdownToggle } from '@coreui/react';

export interface RowAction {
  label: string;
  onClick: () => void;
  color?: 'primary' | 'secondary' | 'success' | 'warning' | 'danger';
  disabled?: boolean;
}

/**
 * A row's actions on one line: the frequent ones as buttons, the rest in a "More" menu (in a
 * portal, so the table's scroll box does not clip it). Every name ends with the row's
 * subject in hidden text, so "Delete Ann Rider" is unique on the page.
 */
export function RowActions({
  subject,
  primary,
  more,
}: {
  subject: string;
  primary: RowAction[];
  more: RowAction[];
}) {
  const who = <span className="visually-hidden"> {subject}</span>;
  return (
    <div className="d-flex flex-nowrap gap-1 justify-content-end">
      {primary.map((action) => (
        <CButton
          key={action.label}
          size="sm"
          color={action.color ?? 'secondary'}
          variant="outline"
          className="text-nowrap"
          disabled={action.disabled}
          onClick={action.onClick}
        >
          {action.label}
          {who}
        </CButton>
      ))}
      {more.length > 0 && (
        <CDropdown portal alignment="end">
          <CDropdownToggle size="sm" color="secondary" variant="outline" className="text-nowrap">
            More<span className="visually-hidden"> actions for {subject}</span>
          </CDropdownToggle>
          <CDropdownMenu>
            {more.map((action) => (
              <CDropdownItem
                key={action.label}
                as="button"
                type="button"
                disabled={action.disabled}
                className={action.color === 'danger' ? 'text-danger' : undefined}
                onClick={action.onClick}
              >
                {action.label}
                {who}
              </CDropdownItem>
            ))}
          </CDropdownMenu>
        </CDropdown>
      )}
    </div>
  );
}

import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MenuButton } from './menu-button';

function renderMenu() {
  const onFirst = vi.fn();
  const onLast = vi.fn();
  render(
    <>
      <MenuButton label="Account menu" toggle="AA">
        <div role="none">Ann Admin</div>
        <button type="button" role="menuitem" onClick={onFirst}>
          First
        </button>
        <hr />
        <button type="button" role="menuitem" onClick={onLast}>
          Last
        </button>
      </MenuButton>
      <button type="button">Elsewhere</button>
    </>,
  );
  const toggle = screen.getByRole('button', { name: 'Account menu' });
  return { user: userEvent.setup(), toggle, onFirst, onLast };
}

const item = (name: string) => screen.getByRole('menuitem', { name });

describe('menu button', () => {
  it('opens on a click and closes on a second one or a click elsewhere', async () => {
    const { user, toggle } = renderMenu();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Account menu' })).toHaveAttribute(
      'id',
      toggle.getAttribute('aria-controls'),
    );
    await user.click(toggle);
    expect(screen.queryByRole('menu')).toBeNull();

    await user.click(toggle);
    await user.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('runs the chosen item and closes', async () => {
    const { user, toggle, onLast } = renderMenu();
    await user.click(toggle);
    await user.click(item('Last'));
    expect(onLast).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens from the keyboard on the first item and moves with the arrows, Home and End', async () => {
    const { user, toggle, onFirst } = renderMenu();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(item('First')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Last')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('First')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('Last')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('First')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Last')).toHaveFocus();
    await user.keyboard('{Home}{Enter}');
    expect(onFirst).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens with Space, or with ArrowUp on the last item', async () => {
    const { user, toggle } = renderMenu();
    toggle.focus();
    await user.keyboard(' ');
    expect(item('First')).toHaveFocus();
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowUp}');
    expect(item('Last')).toHaveFocus();
  });

  it('closes on Escape and gives the focus back to the button', async () => {
    const { user, toggle } = renderMenu();
    toggle.focus();
    await user.keyboard('{ArrowDown}');
    expect(item('First')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when the focus tabs out of it', async () => {
    const { user, toggle } = renderMenu();
    toggle.focus();
    await user.keyboard('{End}');
    await user.keyboard('{ArrowUp}');
    expect(item('Last')).toHaveFocus();
    await user.tab();
    expect(screen.getByText('Elsewhere')).toHaveFocus();
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CAlert, CButton } from '@coreui/react';

interface State {
  failed: boolean;
}

/**
 * Catches render errors and failed chunk downloads (typically after a new release replaced
 * the files), so one broken page shows a way out instead of a blank screen.
 */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidUpdate(previous: { resetKey?: string }) {
    // Moving to another page gives that page a fresh chance.
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      this.setState({ failed: false });
    }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <CAlert color="danger" className="m-3">
        <p className="mb-2">This page could not be shown. Reloading usually fixes it.</p>
        <CButton color="danger" variant="outline" onClick={() => window.location.reload()}>
          Reload
        </CButton>
      </CAlert>
    );
  }
}

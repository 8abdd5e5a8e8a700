import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Short name of the part of the page, for the message. */
  area?: string;
}
interface State {
  error: Error | null;
}

/**
 * Catches a rendering error so the page never goes blank (ui.md "Quality"):
 * shows what failed and a way to recover (try again, or reload the page).
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Wireless TCP Lab: a part of the page failed', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="error-box" data-testid={this.props.area ? 'area-error' : 'error-banner'}>
        <p>
          <strong>
            {this.props.area ? `The ${this.props.area} failed to draw.` : 'Something went wrong.'}
          </strong>{' '}
          {error.message}
        </p>
        <button type="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>{' '}
        {!this.props.area && (
          <button type="button" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        )}
      </div>
    );
  }
}

/** The slice of Google Identity Services this store uses. */
export type GoogleAccountsId = {
  initialize(config: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    ux_mode?: 'popup';
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type: 'standard';
      theme: 'outline' | 'filled_black';
      size: 'large';
      text: 'signin_with';
      shape: 'pill';
      locale: string;
      width?: number;
    },
  ): void;
};

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

const SCRIPT_SRC = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleAccountsId> | null = null;

/**
 * Loads Google's script once, when the sign-in page shows on a store that configured a client
 * id (its button is drawn by the script); a store without one never contacts Google.
 */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_SRC;
    script.async = true;
    script.onload = () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google Identity Services did not start'));
    };
    script.onerror = () => reject(new Error('Google Identity Services could not be loaded'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Draws Google's own button into `parent`. A click opens Google's popup, which One Tap's
 * prompt is not: Google stops showing that prompt after a customer dismisses it once.
 */
export function renderGoogleButton(
  id: GoogleAccountsId,
  parent: HTMLElement,
  clientId: string,
  onCredential: (credential: string) => void,
): void {
  id.initialize({
    client_id: clientId,
    ux_mode: 'popup',
    callback: (response) => response.credential && onCredential(response.credential),
  });
  const dark = document.documentElement.classList.contains('dark');
  id.renderButton(parent, {
    type: 'standard',
    theme: dark ? 'filled_black' : 'outline',
    size: 'large',
    text: 'signin_with',
    shape: 'pill',
    locale: 'ar',
    width: Math.min(400, Math.max(200, Math.floor(parent.clientWidth))),
  });
}

/** The slice of Google Identity Services this store uses. */
type GoogleAccountsId = {
  initialize(config: { client_id: string; callback: (response: { credential?: string }) => void; use_fedcm_for_prompt?: boolean }): void;
  prompt(listener?: (note: { isNotDisplayed?: () => boolean; isSkippedMoment?: () => boolean }) => void): void;
};

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

const SCRIPT_SRC = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleAccountsId> | null = null;

/**
 * Loads Google's script once, only when a customer asks to sign in with Google on a store that
 * configured a client id; a store without one never contacts Google.
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

/** Opens Google's sign-in prompt; resolves with the ID token (credential) the customer chose. */
export async function requestGoogleCredential(clientId: string): Promise<string> {
  const id = await loadGoogleIdentity();
  return new Promise<string>((resolve, reject) => {
    id.initialize({
      client_id: clientId,
      use_fedcm_for_prompt: true,
      callback: (response) => (response.credential ? resolve(response.credential) : reject(new Error('no credential'))),
    });
    id.prompt((note) => {
      if (note.isNotDisplayed?.() || note.isSkippedMoment?.()) reject(new Error('Google sign-in was closed'));
    });
  });
}

import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { ADMIN_ROLE, DEFAULT_ASSOCIATION_NAME } from '@registry/domain';
import { readStoredSession } from '../lib/session-storage';
import { adminLogin, ownerLogin } from './session-slice';

export type ToastKind = 'success' | 'danger' | 'warning' | 'info';

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
}

export interface UiState {
  sidebarShow: boolean;
  sidebarUnfoldable: boolean;
  toasts: Toast[];
  /** Public branding from GET /api/config; the default until it answers. */
  associationName: string;
  /** The server takes payments with its sandbox (GET /api/config): every page says TEST MODE. */
  paymentsTestMode: boolean;
  /**
   * Which kind of account this tab was last signed in with. Logout wipes the session, so
   * without this an administrator whose token expired (a 401 logs out) would be sent to the
   * member sign-in page. Memory only: after a reload the spec's rule (stored role) applies.
   */
  lastPortal: 'admin' | 'member' | null;
}

export function initialUiState(): UiState {
  const { accessToken, userRole } = readStoredSession();
  let lastPortal: UiState['lastPortal'] = null;
  if (accessToken) lastPortal = userRole === ADMIN_ROLE ? 'admin' : 'member';
  return {
    sidebarShow: true,
    sidebarUnfoldable: false,
    toasts: [],
    associationName: DEFAULT_ASSOCIATION_NAME,
    paymentsTestMode: false,
    lastPortal,
  };
}

const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    setSidebarShow(state, action: PayloadAction<boolean>) {
      state.sidebarShow = action.payload;
    },
    toggleSidebar(state) {
      state.sidebarShow = !state.sidebarShow;
    },
    setSidebarUnfoldable(state, action: PayloadAction<boolean>) {
      state.sidebarUnfoldable = action.payload;
    },
    showToast: {
      reducer(state, action: PayloadAction<Toast>) {
        state.toasts.push(action.payload);
      },
      prepare(toast: Omit<Toast, 'id'>) {
        return { payload: { ...toast, id: nanoid() } };
      },
    },
    dismissToast(state, action: PayloadAction<string>) {
      state.toasts = state.toasts.filter((toast) => toast.id !== action.payload);
    },
    paymentProviderLoaded(state, action: PayloadAction<string>) {
      state.paymentsTestMode = action.payload === 'sandbox';
    },
    associationNameLoaded(state, action: PayloadAction<string>) {
      const name = action.payload.trim();
      if (name) state.associationName = name;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(adminLogin, (state) => {
        state.lastPortal = 'admin';
      })
      .addCase(ownerLogin, (state) => {
        state.lastPortal = 'member';
      });
  },
});

export const {
  setSidebarShow,
  toggleSidebar,
  setSidebarUnfoldable,
  showToast,
  dismissToast,
  associationNameLoaded,
  paymentProviderLoaded,
} = uiSlice.actions;
export const uiReducer = uiSlice.reducer;

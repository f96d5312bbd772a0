import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT, toastReducer } from './use-toast';
import type { ToastItem } from './use-toast';

const item = (id: string): ToastItem => ({ id, open: true, title: `Toast ${id}` });

describe('toastReducer', () => {
  it('should keep only the newest toast when more than the limit are added', () => {
    let state = { toasts: [] as ToastItem[] };
    state = toastReducer(state, { type: 'ADD_TOAST', toast: item('1') });
    state = toastReducer(state, { type: 'ADD_TOAST', toast: item('2') });
    expect(TOAST_LIMIT).toBe(1);
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('should close but keep a toast when it is dismissed', () => {
    const state = toastReducer({ toasts: [item('1')] }, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(state.toasts).toEqual([{ ...item('1'), open: false }]);
  });

  it('should drop the toast when it is removed', () => {
    const state = toastReducer({ toasts: [item('1')] }, { type: 'REMOVE_TOAST', toastId: '1' });
    expect(state.toasts).toEqual([]);
  });
});

// The booking step's state, apart from react-hook-form: a choice re-renders the step alone, not
// the form, and the send reads it when it goes (EstimateForm.tsx).
import type { BookingChoice, ShopSummary, Slot } from './contract/booking';

export type ChosenSlot = { shop: ShopSummary; start: string };

/** A refusal of the chosen slot; `alternatives` (a 409's) replace that shop's slots when given. */
export type BookingNotice = {
  message: string;
  alternatives: Slot[] | null;
  focus: boolean;
  shop?: string;
};

type State = { chosen: ChosenSlot | null; notice: BookingNotice | null };

export type BookingStep = ReturnType<typeof createBookingStep>;

export function createBookingStep() {
  let state: State = { chosen: null, notice: null };
  const listeners = new Set<() => void>();
  const set = (next: Partial<State>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    choose: (chosen: ChosenSlot | null) => set({ chosen }),
    /** The slot is no longer chosen: 「日時はあとで相談する」 until the visitor picks another. */
    refuse: (notice: BookingNotice) =>
      set({ chosen: null, notice: { ...notice, shop: state.chosen?.shop.id ?? '' } }),
    clear: () => set({ chosen: null, notice: null }),
    /** What the request sends: the shop and the start as the API listed it. */
    request(): BookingChoice | undefined {
      const { chosen } = state;
      return chosen ? { shop: chosen.shop.id, start: chosen.start } : undefined;
    },
  };
}

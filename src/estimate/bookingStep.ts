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

/** `picked`: the shop the visitor picked, kept while the postal code is edited. */
type State = { chosen: ChosenSlot | null; notice: BookingNotice | null; picked: string };

export type BookingStep = ReturnType<typeof createBookingStep>;

export function createBookingStep() {
  const empty: State = { chosen: null, notice: null, picked: '' };
  let state = empty;
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
    choose: (chosen: ChosenSlot | null) =>
      set(chosen ? { chosen, picked: chosen.shop.id } : { chosen }),
    /** Another shop: its slot, and a refusal's alternatives, no longer apply. */
    pick: (picked: string) => set({ picked, chosen: null, notice: null }),
    unchoose: () => set({ chosen: null, notice: null }),
    /** The slot is no longer chosen: 「日時はあとで相談する」 until the visitor picks another. */
    refuse: (notice: BookingNotice) =>
      set({ chosen: null, notice: { ...notice, shop: state.chosen?.shop.id ?? '' } }),
    /** Sent: the next form starts afresh. */
    clear: () => set(empty),
    /** What the request sends: the shop and the start as the API listed it. */
    request(): BookingChoice | undefined {
      const { chosen } = state;
      return chosen ? { shop: chosen.shop.id, start: chosen.start } : undefined;
    },
  };
}

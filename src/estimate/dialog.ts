// What the page and the first-paint script (src/firstPaint/) share about the estimate dialog.

export const estimateDialogId = 'estimate';

export const openerAttribute = 'data-estimate-opener';

/** On an opener: JSON of control names → values an open puts in them (the price check's). */
export const openerValuesAttribute = 'data-estimate-values';

/** On a simple form: its entry point. Its submit opens the dialog with its values. */
export const formAttribute = 'data-estimate-form';

/** Absent while loading, then `held`, `enhanced`, or `native` when the code could not load. */
export const formStateAttribute = 'data-state';

/** The form's code cannot load: the first-paint script leaves the post to the browser. */
export const nativePostEvent = 'estimate-native-post';

/** Has the first-paint script lay the closed dialog out once, unseen (decision 007). */
export const layOutEvent = 'estimate-lay-out';

/** Fired on the dialog when an opener opened it; `detail` is the entry point. */
export const estimateOpenEvent = 'estimate-open';

/** The hash that opens the dialog on arrival, for openers on pages without it. */
export const estimateHash = `#${estimateDialogId}`;

/** Invoker Commands, lowercase: React passes them through as they are. */
export const showEstimateCommand = { commandfor: estimateDialogId, command: 'show-modal' };

export const closeEstimateCommand = { commandfor: estimateDialogId, command: 'close' };

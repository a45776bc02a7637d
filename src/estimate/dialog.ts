/**
 * What the page and the first-paint script (src/firstPaint/) share about the estimate dialog: its
 * id, the attributes that mark its openers, and the state its form is in. Framework-free: the
 * inline script imports these names, the page's components render them.
 */

/** The id of the estimate <dialog>, which every opener's `commandfor` names. */
export const estimateDialogId = 'estimate';

/** On an opener (a button or link): the entry point it opens the estimate from. */
export const openerAttribute = 'data-estimate-opener';

/**
 * On an opener: a JSON object of the dialog form's control names and the values an open puts in
 * them (the price check's 初度登録年月 and rough price).
 */
export const openerValuesAttribute = 'data-estimate-values';

/** On a simple form: its entry point. Its submit opens the dialog with its values. */
export const formAttribute = 'data-estimate-form';

/**
 * On the dialog's <form>, the state of its code: absent while it loads (a submit is held),
 * `held` while a submit waits for it, `enhanced` once the form's code runs it, `native` when the
 * code could not load (the browser posts the form itself).
 */
export const formStateAttribute = 'data-state';

/**
 * Fired on the document when the form's code cannot load: the first-paint script, which owns the
 * native post, leaves the form to the browser and posts a held submit.
 */
export const nativePostEvent = 'estimate-native-post';

/**
 * Fired on the document (by the form's code once it has taken over, in idle time) to have the
 * first-paint script lay the closed dialog out once, unseen: what a first layout costs (fonts at
 * new sizes, text shaping, the date controls' parts) is then paid in idle time, not by a tap. The
 * script does it once by itself as well, when the page has painted.
 */
export const layOutEvent = 'estimate-lay-out';

/** Fired on the dialog when an opener opened it; `detail` is the entry point. */
export const estimateOpenEvent = 'estimate-open';

/** The hash that opens the dialog on arrival, for openers on pages without it. */
export const estimateHash = `#${estimateDialogId}`;

/**
 * The Invoker Commands attributes of a button that shows the dialog with no script at all
 * (lowercase: React passes them through as they are).
 */
export const showEstimateCommand = { commandfor: estimateDialogId, command: 'show-modal' };

/** The same for a button that closes it. */
export const closeEstimateCommand = { commandfor: estimateDialogId, command: 'close' };

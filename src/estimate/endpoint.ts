/** The API's root for the form's code (an empty setting counts as not configured). */
const apiBase = import.meta.env.VITE_API_BASE_URL || '/api';

/**
 * Where the estimate form posts, with JavaScript (JSON) and without it (the native form post). A
 * simple form without JavaScript posts there too; the answer page asks for the rest.
 */
export const estimatesUrl = `${apiBase}/estimates`;

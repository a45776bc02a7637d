/** An empty setting counts as not configured. */
export const apiBase = import.meta.env.VITE_API_BASE_URL || '/api';

/** Both the JSON post and the native form post (a simple form's too) go here. */
export const estimatesUrl = `${apiBase}/estimates`;

/** The cost section's anchor: the main visual's price links to it. */
export const priceSectionId = 'price';

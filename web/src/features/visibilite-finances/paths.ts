/** The visibility rights' addresses (spec 3 §2.2). */
export const visibilitePaths = {
  visibilite: '/syndic/administration/visibilite-finances',
  actionGroupee: '/syndic/administration/visibilite-finances/action-groupee',
} as const;

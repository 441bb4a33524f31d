/** The financial archive's address (spec 3 §2.2: archive/documents-financiers, a folder browser). */
export const archivePaths = {
  documentsFinanciers: '/syndic/archive/documents-financiers',
} as const;

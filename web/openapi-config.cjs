// RTK Query endpoint generation from the server's OpenAPI document (npm run gen:api).
// The generated file (src/api/generated.ts) injects its endpoints into the one api of
// src/api/base-api.ts and is never edited by hand. Types of the whole document go to
// src/api/schema.d.ts (openapi-typescript, same npm script).
// DAFTAR_OPENAPI overrides the document's path (used to try the generation on a sample document).

/** Hand-written in src/features/auth/auth-api.ts: they update the session state, and the
 * sign-in calls live outside /api. */
const HAND_WRITTEN = new Set(['get /api/auth/status', 'get /sanctum/csrf-cookie', 'post /login', 'post /logout']);

/**
 * PDF, spreadsheet and zip answers are downloaded with a plain request (file name from the
 * x-file-name header), not stored in the Redux cache: leave them out of the generated client.
 */
function answersWithFile(operation) {
  const success = (operation.responses ?? {})['200'] ?? (operation.responses ?? {})['201'];
  if (!success || '$ref' in success) return false;
  const types = Object.keys(success.content ?? {});
  return types.length > 0 && types.every((type) => !type.includes('json'));
}

/**
 * Forms sent as multipart/form-data with their files (an expense's `factures[]` and `devis[]`):
 * the generator would pass its argument as a JSON body, so no file would reach the server. They
 * are hand-written with a FormData body (features/depenses/depenses-api.ts).
 */
function sendsFiles(operation) {
  const body = operation.requestBody;
  if (!body || '$ref' in body) return false;
  return Object.keys(body.content ?? {}).includes('multipart/form-data');
}

/** @type {import('@rtk-query/codegen-openapi').ConfigFile} */
const config = {
  schemaFile: process.env.DAFTAR_OPENAPI ?? '../schemas/openapi.json',
  apiFile: './src/api/base-api.ts',
  apiImport: 'baseApi',
  outputFile: './src/api/generated.ts',
  exportName: 'generatedApi',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  // providesTags / invalidatesTags from the operations' OpenAPI tags.
  tag: true,
  filterEndpoints: (_name, definition) =>
    !HAND_WRITTEN.has(`${definition.verb} ${definition.path}`) &&
    !answersWithFile(definition.operation) &&
    !sendsFiles(definition.operation),
};

module.exports = config;

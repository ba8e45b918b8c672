import { API_KEY_SCOPES } from '@site/src/features/apiKeys/api/types';
import { Fragment } from 'react';

/**
 * The scopes an API key may carry, as code words in a sentence (the docs' `<ApiKeyScopes />`):
 * the key form's list, which the type check holds to the API's, so the docs never miss one.
 */
export default function ScopeList() {
  return (
    <>
      {API_KEY_SCOPES.map((scope, index) => (
        <Fragment key={scope.id}>
          {index > 0 && ', '}
          <code>{scope.id}</code>
        </Fragment>
      ))}
    </>
  );
}

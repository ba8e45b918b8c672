import AccountNavbarItem from '@site/src/components/navbar/AccountNavbarItem';
import ApiReferenceNavbarItem from '@site/src/components/navbar/ApiReferenceNavbarItem';
import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';

/** The theme's navbar items plus ours: the account menu and the runtime API reference link. */
export default {
  ...ComponentTypes,
  'custom-account': AccountNavbarItem,
  'custom-apiReference': ApiReferenceNavbarItem,
};

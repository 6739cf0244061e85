// The old address of 'Home admin' (produto §2): the same page, so links and bookmarks to it (and
// the login's redirectTo) keep working.
export { default, loader, meta } from "./admin._index";

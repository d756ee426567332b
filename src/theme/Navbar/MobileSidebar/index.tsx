import React, {useState, type ReactNode} from 'react';
import NavbarMobileSidebar from '@theme-original/Navbar/MobileSidebar';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';

/**
 * The theme renders the phone menu (the primary menu and the whole docs sidebar) right after
 * every page load, off screen, in the blocking re-render that follows hydration, and Docusaurus
 * then observes each of its links for prefetching. Rendering it when it first opens takes that
 * work out of the page load; once rendered it stays, so it opens and closes as before.
 */
export default function NavbarMobileSidebarWrapper(): ReactNode {
  const {shown} = useNavbarMobileSidebar();
  const [opened, setOpened] = useState(shown);
  if (shown && !opened) setOpened(true); // state from props during render: no extra commit
  return opened ? <NavbarMobileSidebar /> : null;
}

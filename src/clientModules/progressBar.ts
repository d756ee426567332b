/**
 * The route progress bar (theme-classic's nprogress client module) draws nprogress's default
 * markup, whose `role="bar"` and `role="spinner"` are not ARIA roles: axe reports them (aria-roles)
 * whenever the bar is on screen. The bar is decoration, so the same bar without roles and hidden
 * from assistive technology; the spinner is off in the theme. nprogress is one shared instance, so
 * this configures the theme's bar.
 */
import nprogress from 'nprogress';

nprogress.configure({
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

// The docs site's theme: VitePress's default theme plus the console on every method page (TryIt).
// Copied from templates/docs/theme by the docs emitter. layout.css keeps tables and long words within the column.
import DefaultTheme from 'vitepress/theme';
import type { Theme } from 'vitepress';
import TryIt from './TryIt.vue';
import './layout.css';
import './try.css';

const theme: Theme = {
  extends: DefaultTheme,
  enhanceApp({ app }) {
    app.component('TryIt', TryIt);
  },
};

export default theme;
